import { useTranslation } from '../../lib/translation';
import { openModal } from '../../components/modals/modal-store';

/** "Assistenza": the support dialog, above every page of both layouts. */
export function SupportButton() {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => openModal('support')} aria-haspopup="dialog" data-testid="support-button">
      {t('app.support')}
    </button>
  );
}
