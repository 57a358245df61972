import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { loadWithTimeout } from '../../lib/lazy-with-timeout';
import { withAllTranslations } from '../i18n';
import { themeConfig } from './theme-config';

const CustomizerPanel = lazy(() => loadWithTimeout(withAllTranslations(() => import('./customizer-panel'))));

/** The floating gear button and, once opened, the customizer panel. */
export function Customizer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // The gear is in the prerendered first screen: until React has taken the page over, a tap on it would
  // do nothing, so it stays disabled (a tap is not silently lost) until the first effect runs.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  if (!themeConfig.layout.customizer) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-primary customizer-toggle"
        aria-label={t('customizer.open')}
        aria-expanded={open}
        data-testid="customizer-toggle"
        disabled={!live}
        onClick={() => { setLoaded(true); setOpen(true); }}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="12" cy="12" r="3" />
          <path d="M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 1 1-4 0v-.09A1.65 1.65 0 0 0 9 19.4a1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06A1.65 1.65 0 0 0 4.68 15a1.65 1.65 0 0 0-1.51-1H3a2 2 0 1 1 0-4h.09A1.65 1.65 0 0 0 4.6 9a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06A1.65 1.65 0 0 0 9 4.68a1.65 1.65 0 0 0 1-1.51V3a2 2 0 1 1 4 0v.09a1.65 1.65 0 0 0 1 1.51 1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06A1.65 1.65 0 0 0 19.4 9a1.65 1.65 0 0 0 1.51 1H21a2 2 0 1 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1z" />
        </svg>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <CustomizerPanel show={open} onHide={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
