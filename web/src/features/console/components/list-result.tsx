import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { TEXT } from '../text';
import { ErrorAlert, Loading } from './feedback';
import { Pager } from './pager';

interface ListPage { items: readonly unknown[]; total: number; page: number; page_size: number }

interface ListResultProps<D extends ListPage> {
  query: UseQueryResult<D>;
  /** The count line, the empty line and the table's caption. */
  text: { count: (total: number) => string; empty: string; caption: string };
  tableClassName: string;
  /** Marks the table busy while a new page loads (default true). */
  busy?: boolean;
  /** The page the pager shows (the parsed query); the response's by default. */
  page?: { page: number; page_size: number } | undefined;
  go: (page: number) => void;
  /** The table's head and body. */
  children: (data: D) => ReactNode;
}

/** A list's result: loading, a failure with retry, or the count, the table (or the empty line) and the pager. */
export function ListResult<D extends ListPage>({ query, text, tableClassName, busy = true, page, go, children }: ListResultProps<D>) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  const { data, isFetching } = query;
  return (
    <>
      <p className="mb-2" aria-live="polite">{text.count(data.total)}{isFetching ? ` · ${TEXT.loading}` : ''}</p>
      {data.items.length === 0 ? <p className="alert alert-light border">{text.empty}</p> : (
        <div className="table-responsive">
          <table className={tableClassName} aria-busy={busy ? isFetching : undefined}>
            <caption className="visually-hidden">{text.caption}</caption>
            {children(data)}
          </table>
        </div>
      )}
      <Pager page={page?.page ?? data.page} pageSize={page?.page_size ?? data.page_size} total={data.total} go={go} />
    </>
  );
}
