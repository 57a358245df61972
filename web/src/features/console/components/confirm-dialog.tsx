import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { TEXT } from '../text';

interface ConfirmDialogProps {
  titleId: string;
  title: string;
  onClose: () => void;
  onSubmit: (e: React.FormEvent) => void;
  cancelLabel: string;
  confirmLabel: string;
  /** The confirm button's class: `btn-primary`, `btn-danger`. */
  confirmClass: string;
  pending: boolean;
  disabled: boolean;
  /** The dialog's body. */
  children: ReactNode;
}

/** A modal form that confirms an action: title, body, cancel and a confirm button with a spinner while pending. */
export function ConfirmDialog({ titleId, title, onClose, onSubmit, cancelLabel, confirmLabel, confirmClass, pending, disabled, children }: ConfirmDialogProps) {
  return (
    <Modal show onHide={onClose} aria-labelledby={titleId} centered>
      <form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel={TEXT.close}>
          <Modal.Title id={titleId} as="h2" className="h5">{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>{cancelLabel}</button>
          <button type="submit" className={`btn ${confirmClass}`} disabled={disabled}>
            {pending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}{confirmLabel}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
