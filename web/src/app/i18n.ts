import { translator } from '../lib/translation';
import firstScreen from '../locales/it-first-screen';

/** Italian only: the text every component reads through lib/translation's useTranslation. */
export const i18n = translator;

// The first screen's text is bundled (FIRST_SCREEN_LOCALE_KEYS in vite.config.ts), so the first render already has it; the rest follows below.
i18n.addResources(firstScreen as Record<string, unknown>);

let rest: Promise<void> | undefined;

/**
 * The rest of the Italian text (DESIGN §5: the coverage check's first screen carries only its own).
 * Every page but the coverage check, and every dialog, waits for it with its chunk.
 */
export const loadAllTranslations = (): Promise<void> =>
  (rest ??= import('../locales/it-rest').then(
    (m) => { i18n.addResources(m.default as Record<string, unknown>); },
    (error: unknown) => {
      // Offline or a new deploy: the next page or dialog tries again.
      rest = undefined;
      throw error;
    },
  ));

/** A chunk loader that also waits for the rest of the text. */
export const withAllTranslations = <T>(load: () => Promise<T>) => (): Promise<T> =>
  Promise.all([load(), loadAllTranslations()]).then(([loaded]) => loaded);
