import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../lib/public-config';

export function SiteFooter({ type }: { type: 'static' | 'sticky' }) {
  const { t } = useTranslation();
  const { brand } = usePublicConfig();
  return (
    <footer className={`app-footer footer-${type}`} aria-label={t('footer.label')}>
      <p className="mb-1">{t('footer.copyright', { year: new Date().getFullYear(), brand })}</p>
      <p className="mb-0 small">{t('footer.company')}</p>
    </footer>
  );
}
