import { useTranslation } from '../../lib/translation';
import { Link } from 'react-router';
import { openConsentPreferences } from '../../components/consent-banner';
import { openModal } from '../../components/modals/modal-store';
import { legalPageUrl, type LegalPage } from '../../lib/legal-links';
import { usePublicConfig } from '../../lib/public-config';
import './site-footer.css';

/** The brand's documents, in the order people look for them; they open in a new tab (the checkout stays). */
const DOCUMENTS: readonly { page: LegalPage; label: string }[] = [
  { page: 'privacy', label: 'footer.privacy' },
  { page: 'cookies', label: 'footer.cookies' },
  { page: 'conditions', label: 'footer.conditions' },
  { page: 'serviceCharter', label: 'footer.serviceCharter' },
  { page: 'tariffTransparency', label: 'footer.tariffTransparency' },
];

/** Every page's footer (both layouts): legal documents, the cookie choice again, support, the company. */
export function SiteFooter({ type }: { type: 'static' | 'sticky' }) {
  const { t } = useTranslation();
  const { brand, legalPagesUrl } = usePublicConfig();
  return (
    <footer className={`app-footer footer-${type}`} aria-label={t('footer.label')} data-testid="site-footer">
      <nav aria-label={t('footer.linksLabel')}>
        <ul className="footer-links">
          {DOCUMENTS.map(({ page, label }) => (
            <li key={page}>
              <a href={legalPageUrl(legalPagesUrl, page)} target="_blank" rel="noopener">
                {t(label)}<span className="visually-hidden"> {t('app.newTab')}</span>
              </a>
            </li>
          ))}
          <li>
            <button type="button" className="btn btn-link footer-link-button" onClick={openConsentPreferences} data-testid="cookie-preferences">
              {t('footer.cookiePreferences')}
            </button>
          </li>
          <li><Link to="/consensi">{t('footer.consents')}</Link></li>
          <li><Link to="/accessibilita">{t('footer.accessibility')}</Link></li>
          <li>
            <button type="button" className="btn btn-link footer-link-button" onClick={() => openModal('support')} aria-haspopup="dialog">
              {t('footer.support')}
            </button>
          </li>
        </ul>
      </nav>
      <p className="mb-1">{t('footer.copyright', { year: new Date().getFullYear(), brand })}</p>
      <p className="mb-0 small">{t('footer.company')}</p>
    </footer>
  );
}
