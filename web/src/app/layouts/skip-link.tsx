import { useTranslation } from '../../lib/translation';

export function SkipLink() {
  const { t } = useTranslation();
  return <a className="visually-hidden-focusable skip-link" href="#main-content">{t('app.skipLink')}</a>;
}
