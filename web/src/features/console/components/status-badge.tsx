import { CONSOLE_STATUS_LABELS, type ConsoleOrderStatus } from '@checkout/contract/console/workflow';

const TONE: Record<ConsoleOrderStatus, string> = {
  draft: 'text-bg-light border',
  in_progress: 'text-bg-light border',
  ready_to_sign: 'text-bg-secondary',
  signed: 'text-bg-primary',
  in_review: 'text-bg-info',
  documents_to_redo: 'text-bg-warning',
  verified: 'text-bg-success',
  activating: 'text-bg-primary',
  active: 'text-bg-success',
  cancelled: 'text-bg-dark',
  withdrawn: 'text-bg-dark',
};

/** An order's status with the contract's Italian label (the colour only repeats the words). */
export function StatusBadge({ status }: { status: ConsoleOrderStatus }) {
  return <span className={`badge rounded-pill ${TONE[status]}`}>{CONSOLE_STATUS_LABELS[status]}</span>;
}
