import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { TEXT } from '../text';
import { DateFilter, FilterForm, FilterSelect } from './list-filters';
import { ListResult } from './list-result';

afterEach(cleanup);

interface Data { items: { id: string }[]; total: number; page: number; page_size: number }
const text = { count: (n: number) => `${n} righe`, empty: 'Nessuna riga', caption: 'Righe' };
const as = (q: Partial<UseQueryResult<Data>>) => q as UseQueryResult<Data>;
const body = (d: Data) => <tbody>{d.items.map((i) => <tr key={i.id}><td>{i.id}</td></tr>)}</tbody>;

describe('list result', () => {
  it('shows a loading line while the first page loads', () => {
    render(<ListResult query={as({ isPending: true, isError: false })} text={text} tableClassName="table" go={() => {}}>{body}</ListResult>);
    expect(screen.getByRole('status').textContent).toContain(TEXT.loading);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a failure with a retry that fetches again', () => {
    const refetch = vi.fn();
    render(<ListResult query={as({ isPending: false, isError: true, error: new Error('x'), refetch })} text={text} tableClassName="table" go={() => {}}>{body}</ListResult>);
    fireEvent.click(screen.getByRole('button', { name: TEXT.retry }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the count and the empty line, without a table, when nothing matches', () => {
    const data = { items: [], total: 0, page: 1, page_size: 25 };
    render(<ListResult query={as({ isPending: false, isError: false, data, isFetching: false })} text={text} tableClassName="table" go={() => {}}>{body}</ListResult>);
    expect(screen.getByText('0 righe')).toBeTruthy();
    expect(screen.getByText('Nessuna riga')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the table with its caption, busy while a new page loads, and pages from the given page', () => {
    const go = vi.fn();
    const data = { items: [{ id: 'r1' }], total: 60, page: 1, page_size: 25 };
    render(<ListResult query={as({ isPending: false, isError: false, data, isFetching: true })} text={text} tableClassName="table" page={{ page: 2, page_size: 25 }} go={go}>{body}</ListResult>);
    const table = screen.getByRole('table', { name: 'Righe' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText(`60 righe · ${TEXT.loading}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TEXT.pager.next }));
    expect(go).toHaveBeenCalledWith(3);
  });
});

describe('list filters', () => {
  it('submits the chosen values, "any" and an empty date as empty strings', () => {
    const onApply = vi.fn();
    const id = (n: string) => `f-${n}`;
    render(
      <FilterForm label="Filtri" onApply={onApply}>
        <FilterSelect id={id('status')} name="status" label="Stato" anyLabel="Tutti" value="b" className="col">
          <option value="a">A</option><option value="b">B</option>
        </FilterSelect>
        <DateFilter idOf={id} labels={{ from: 'Dal', to: 'Al' }} from="2026-11-01" to={undefined} />
        <button type="submit">Applica</button>
      </FilterForm>,
    );
    const select = screen.getByLabelText<HTMLSelectElement>('Stato');
    expect(select.options[0]?.value).toBe('');
    expect(select.options[0]?.textContent).toBe('Tutti');
    expect(select.value).toBe('b');
    fireEvent.click(screen.getByRole('button', { name: 'Applica' }));
    expect(onApply).toHaveBeenCalledWith({ status: 'b', from: '2026-11-01', to: '' });
    fireEvent.change(select, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Applica' }));
    expect(onApply).toHaveBeenLastCalledWith({ status: '', from: '2026-11-01', to: '' });
    expect(screen.getByRole('search', { name: 'Filtri' })).toBeTruthy();
  });
});
