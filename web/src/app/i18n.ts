import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import firstScreen from '../locales/it-first-screen';

/** Italian first; another language is one more resources entry, components stay untouched. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'it',
  fallbackLng: 'it',
  // The first screen's text is bundled (FIRST_SCREEN_LOCALE_KEYS in vite.config.ts); the rest follows below.
  resources: { it: { translation: firstScreen } },
  // Initialise synchronously so the first render already has its text.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

let rest: Promise<void> | undefined;

/**
 * The rest of the Italian text (DESIGN §5: the coverage check's first screen carries only its own).
 * Every page but the coverage check, and every dialog, waits for it with its chunk.
 */
export const loadAllTranslations = (): Promise<void> =>
  (rest ??= import('../locales/it-rest').then(
    (m) => { i18n.addResourceBundle('it', 'translation', m.default, true, false); },
    (error: unknown) => {
      // Offline or a new deploy: the next page or dialog tries again.
      rest = undefined;
      throw error;
    },
  ));

/** A chunk loader that also waits for the rest of the text. */
export const withAllTranslations = <T>(load: () => Promise<T>) => (): Promise<T> =>
  Promise.all([load(), loadAllTranslations()]).then(([loaded]) => loaded);
