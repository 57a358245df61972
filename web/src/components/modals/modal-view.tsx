import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../lib/translation';
import { MODAL_REGISTRY } from './modal-registry';
import type { OpenModal } from './modal-store';
import './modal.scss';

/** Loaded with the first modal that opens; react-bootstrap's Modal stays out of the first screen's JS. */
export default function ModalView({ modal, show, onHide, onExited }: { modal: OpenModal; show: boolean; onHide: () => void; onExited: () => void }) {
  const { t } = useTranslation();
  const entry = MODAL_REGISTRY[modal.id];
  const titleId = `modal-${modal.id}-title`;
  return (
    <Modal show={show} onHide={onHide} onExited={onExited} centered size={entry.size} aria-labelledby={titleId} data-testid={`modal-${modal.id}`}>
      <Modal.Header closeButton closeLabel={t('modals.close')}>
        <Modal.Title as="h2" id={titleId} className="h5">{entry.title(t, modal.props)}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {entry.paragraphs(t, modal.props).map((p, i) => <p key={i} className={i === 0 ? undefined : 'mb-0 mt-2'}>{p}</p>)}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-primary" onClick={onHide}>{t('modals.close')}</button>
      </Modal.Footer>
    </Modal>
  );
}
