import { TEXT } from '../text';

/** Previous / next with the page count; the page lives in the URL (the caller's `go`). */
export function Pager({ page, pageSize, total, go }: { page: number; pageSize: number; total: number; go: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={TEXT.pager.label} className="d-flex align-items-center gap-2 my-3">
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page <= 1} onClick={() => go(page - 1)}>{TEXT.pager.previous}</button>
      <span aria-current="page">{TEXT.pager.page(page, pages)}</span>
      <button type="button" className="btn btn-outline-secondary btn-sm" disabled={page >= pages} onClick={() => go(page + 1)}>{TEXT.pager.next}</button>
    </nav>
  );
}
