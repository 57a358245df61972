import './checkout-kit.css';

/** The round 'i' next to an option: opens a registry modal. Its label names what it explains. */
export function InfoButton({ label, onClick, className = '' }: { label: string; onClick: () => void; className?: string }) {
  return (
    <button type="button" className={`info-button ${className}`.trim()} aria-label={label} aria-haspopup="dialog" onClick={onClick}>
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 11v6M12 7.5v.01" />
      </svg>
    </button>
  );
}
