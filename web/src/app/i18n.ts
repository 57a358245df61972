import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import it from '../locales/it.json';

/** Italian first; another language is one more resources entry, components stay untouched. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'it',
  fallbackLng: 'it',
  resources: { it: { translation: it } },
  // Resources are bundled: initialise synchronously so the first render already has its text.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
