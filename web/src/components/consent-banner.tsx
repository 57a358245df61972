import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readConsentChoice, saveConsentChoice, type ConsentChoice } from '../lib/analytics';

/** Shown until the visitor decides; the choice is kept in a 14-day cookie and sent as a consent update. */
export function ConsentBanner() {
  const { t } = useTranslation();
  const [decided, setDecided] = useState(() => readConsentChoice() !== null);
  const [customizing, setCustomizing] = useState(false);
  const [draft, setDraft] = useState<ConsentChoice>({ analytics: false, marketing: false });
  const titleId = useId();
  if (decided) return null;
  const choose = (choice: ConsentChoice) => {
    saveConsentChoice(choice);
    setDecided(true);
  };
  return (
    <section className="consent-banner shadow" role="region" aria-label={t('consent.label')} aria-describedby={titleId} data-testid="consent-banner">
      <div className="consent-banner-inner">
        <h2 id={titleId} className="h6 mb-1">{t('consent.title')}</h2>
        <p className="small mb-2">{t('consent.text')}</p>
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
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => choose({ analytics: true, marketing: true })}>{t('consent.acceptAll')}</button>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => choose({ analytics: false, marketing: false })}>{t('consent.reject')}</button>
          {customizing ? (
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => choose(draft)}>{t('consent.save')}</button>
          ) : (
            <button type="button" className="btn btn-outline-primary btn-sm" aria-expanded={false} data-testid="consent-customize" onClick={() => setCustomizing(true)}>{t('consent.customize')}</button>
          )}
        </div>
      </div>
    </section>
  );
}
