import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../lib/translation';
import { create } from 'zustand';
import { readConsentChoice, saveConsentChoice, type ConsentChoice } from '../lib/analytics';
import { legalPageUrl } from '../lib/legal-links';
import { usePublicConfig } from '../lib/public-config';
import './consent-banner.css';

/** Set by "Preferenze cookie" (the footer): the banner comes back with the current choice to change. */
const useReopenStore = create<{ reopened: number }>()(() => ({ reopened: 0 }));
/** Reopens the consent choice, whatever was chosen before (GDPR art. 7(3): withdrawing is as easy as giving). */
export const openConsentPreferences = (): void => useReopenStore.setState((s) => ({ reopened: s.reopened + 1 }));

const NONE: ConsentChoice = { analytics: false, marketing: false };

/**
 * Shown until the visitor decides; the choice is kept in a 14-day cookie and sent as a consent update.
 * "Rifiuta" looks and weighs exactly like "Accetta tutti" (Garante, linee guida cookie 2021: equal prominence).
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const { legalPagesUrl } = usePublicConfig();
  const [decided, setDecided] = useState(() => readConsentChoice() !== null);
  const [customizing, setCustomizing] = useState(false);
  const [draft, setDraft] = useState<ConsentChoice>(NONE);
  const reopened = useReopenStore((s) => s.reopened);
  const titleRef = useRef<HTMLHeadingElement>(null);
  /** Where focus was when the choice was reopened: it goes back there once the visitor decides. */
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    if (reopened === 0) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDraft(readConsentChoice() ?? NONE);
    setCustomizing(true);
    setDecided(false);
  }, [reopened]);
  useEffect(() => {
    if (reopened > 0 && !decided) titleRef.current?.focus();
  }, [reopened, decided]);

  if (decided) return null;
  const choose = (choice: ConsentChoice) => {
    saveConsentChoice(choice);
    setDecided(true);
    setCustomizing(false);
    opener.current?.focus();
    opener.current = null;
  };
  return (
    <section className="consent-banner shadow" role="region" aria-label={t('consent.label')} aria-describedby={titleId} data-testid="consent-banner">
      <div className="consent-banner-inner">
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className="h6 mb-1">{t('consent.title')}</h2>
        <p className="small mb-2">
          {t('consent.text')}{' '}
          <a href={legalPageUrl(legalPagesUrl, 'cookies')} target="_blank" rel="noopener">
            {t('consent.policyLink')}<span className="visually-hidden"> {t('app.newTab')}</span>
          </a>
        </p>
        {customizing && (
          <div className="consent-options mb-2">
            <div className="form-check form-switch">
              <input className="form-check-input" type="checkbox" role="switch" id="consent-necessary" checked disabled />
              <label className="form-check-label" htmlFor="consent-necessary">{t('consent.necessary')}</label>
            </div>
            <div className="form-check form-switch">
              <input className="form-check-input" type="checkbox" role="switch" id="consent-analytics" checked={draft.analytics} onChange={(e) => setDraft({ ...draft, analytics: e.target.checked })} aria-describedby="consent-analytics-hint" />
              <label className="form-check-label" htmlFor="consent-analytics">{t('consent.analytics')}</label>
              <div id="consent-analytics-hint" className="form-text">{t('consent.analyticsHint')}</div>
            </div>
            <div className="form-check form-switch">
              <input className="form-check-input" type="checkbox" role="switch" id="consent-marketing" checked={draft.marketing} onChange={(e) => setDraft({ ...draft, marketing: e.target.checked })} aria-describedby="consent-marketing-hint" />
              <label className="form-check-label" htmlFor="consent-marketing">{t('consent.marketing')}</label>
              <div id="consent-marketing-hint" className="form-text">{t('consent.marketingHint')}</div>
            </div>
          </div>
        )}
        <div className="consent-actions">
          <button type="button" className="btn btn-primary consent-choice" data-testid="consent-accept" onClick={() => choose({ analytics: true, marketing: true })}>{t('consent.acceptAll')}</button>
          <button type="button" className="btn btn-primary consent-choice" data-testid="consent-reject" onClick={() => choose(NONE)}>{t('consent.reject')}</button>
          {customizing ? (
            <button type="button" className="btn btn-outline-primary consent-more" onClick={() => choose(draft)}>{t('consent.save')}</button>
          ) : (
            <button type="button" className="btn btn-outline-primary consent-more" aria-expanded={false} data-testid="consent-customize" onClick={() => setCustomizing(true)}>{t('consent.customize')}</button>
          )}
        </div>
      </div>
    </section>
  );
}
