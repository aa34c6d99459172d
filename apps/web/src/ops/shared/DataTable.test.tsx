// @vitest-environment happy-dom
// A console list as an operator uses it (DataTable on the list's state in the address, list.ts): sortable headers
// with aria-sort, paging by key forward and back along the cursors walked, paging by number, the count and the
// spoken empty, loading and error states.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createColumnHelper } from '@tanstack/react-table';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable } from './DataTable';
import { useListParams, type ListPage } from './list';

afterEach(cleanup);

interface Claim {
  claimId: number;
  patientName: string;
  amount: number;
}
const col = createColumnHelper<Claim>();
const columns = [
  col.accessor('claimId', { id: 'claimId', header: '청구 번호' }),
  col.accessor('patientName', { header: '환자', enableSorting: false }),
  col.accessor('amount', { id: 'amount', header: '금액', cell: (c) => `${c.getValue().toLocaleString('ko-KR')}원` }),
];
const claim = (claimId: number): Claim => ({ claimId, patientName: `환자${claimId}`, amount: claimId * 1000 });

/** The server's pages by key: each cursor's page and where the next begins (null on the last). */
const byKey: Record<string, ListPage<Claim>> = {
  '': { list: [claim(1), claim(2)], total: 5, nextCursor: 'c2' },
  c2: { list: [claim(3), claim(4)], total: 5, nextCursor: 'c3' },
  c3: { list: [claim(5)], total: 5, nextCursor: null },
};

/** A list screen as the console's are: the state in the address, the page the server would answer for it. */
function ClaimList({
  pageFor,
  error,
}: {
  pageFor: (cursor: string, page: number) => ListPage<Claim> | undefined;
  error?: Error;
}) {
  const [params, update] = useListParams({ sort: 'claimId', order: 'desc', size: 2 });
  const location = useLocation();
  return (
    <>
      <output aria-label="주소">{location.search}</output>
      <DataTable
        caption="청구"
        columns={columns}
        page={pageFor(params.cursor ?? '', params.page)}
        params={params}
        onChange={update}
        rowId={(r) => String(r.claimId)}
        isLoading={false}
        error={error ?? null}
        empty="조건에 맞는 청구가 없어요."
      />
    </>
  );
}

function show(pageFor: (cursor: string, page: number) => ListPage<Claim> | undefined, at = '/claims', error?: Error) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <ClaimList pageFor={pageFor} error={error} />
    </MemoryRouter>,
  );
  return userEvent.setup();
}
const address = () => new URLSearchParams(screen.getByRole('status', { name: '주소' }).textContent ?? '');
const rows = () =>
  within(screen.getByRole('table', { name: /청구/ }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
const pager = () => within(screen.getByRole('navigation', { name: '청구 쪽 이동' }));

describe('a console list', () => {
  it('sorts by a header: the sorted column says so, the next press turns its order', async () => {
    const user = show((c) => byKey[c]);
    const table = screen.getByRole('table', { name: /청구/ });
    const idHeader = within(table).getByRole('columnheader', { name: /청구 번호/ });
    expect(idHeader.getAttribute('aria-sort')).toBe('descending');
    expect(within(table).queryByRole('button', { name: '환자' })).toBeNull();

    await user.click(within(table).getByRole('button', { name: /금액/ }));
    expect(address().get('sort')).toBe('amount');
    expect(address().get('order')).toBe('desc');
    expect(within(table).getByRole('columnheader', { name: /금액/ }).getAttribute('aria-sort')).toBe('descending');
    expect(idHeader.getAttribute('aria-sort')).toBeNull();

    await user.click(within(table).getByRole('button', { name: /금액/ }));
    expect(address().get('order')).toBe('asc');
    expect(within(table).getByRole('columnheader', { name: /금액/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('pages by key: next follows the server’s cursor, previous walks back the way it came', async () => {
    const user = show((c) => byKey[c]);
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe('청구 (총 5건)');
    expect(rows()).toEqual(['1', '2']);
    expect(pager().getByRole('button', { name: '이전 쪽' }).hasAttribute('disabled')).toBe(true);
    expect(pager().getByText('1 / 3쪽')).toBeTruthy();

    await user.click(pager().getByRole('button', { name: '다음 쪽' }));
    expect(address().get('cursor')).toBe('c2');
    expect(rows()).toEqual(['3', '4']);
    expect(pager().getByText('2 / 3쪽')).toBeTruthy();

    await user.click(pager().getByRole('button', { name: '다음 쪽' }));
    expect(rows()).toEqual(['5']);
    expect(pager().getByText('3 / 3쪽')).toBeTruthy();
    expect(pager().getByRole('button', { name: '다음 쪽' }).hasAttribute('disabled')).toBe(true);

    await user.click(pager().getByRole('button', { name: '이전 쪽' }));
    expect(address().get('cursor')).toBe('c2');
    expect(rows()).toEqual(['3', '4']);
    await user.click(pager().getByRole('button', { name: '이전 쪽' }));
    expect(address().has('cursor')).toBe(false);
    expect(rows()).toEqual(['1', '2']);
  });

  it('a shared link to a later page goes back to the first (the way there is not known)', async () => {
    const user = show((c) => byKey[c], '/claims?cursor=c3');
    expect(rows()).toEqual(['5']);
    expect(pager().getByText('2 / 3쪽')).toBeTruthy();
    await user.click(pager().getByRole('button', { name: '이전 쪽' }));
    expect(address().has('cursor')).toBe(false);
    expect(rows()).toEqual(['1', '2']);
  });

  it('a count that stopped says "1,000건 이상" and the pager no last page', () => {
    show(() => ({ list: [claim(1)], total: 1000, capped: true, nextCursor: 'c2' }));
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe('청구 (1,000건 이상)');
    expect(pager().getByText('1쪽')).toBeTruthy();
  });

  it('pages by number where the list does, and a new sort or size starts again at the first page', async () => {
    const user = show((_, page) => ({ list: [claim(page)], total: 3 }));
    await user.click(pager().getByRole('button', { name: '다음 쪽' }));
    expect(address().get('page')).toBe('2');
    expect(pager().getByText('2 / 2쪽')).toBeTruthy();
    expect(pager().getByRole('button', { name: '다음 쪽' }).hasAttribute('disabled')).toBe(true);

    await user.selectOptions(pager().getByRole('combobox', { name: /한 쪽에/ }), '50건');
    expect(address().get('size')).toBe('50');
    expect(address().has('page')).toBe(false);
    expect(pager().getByText('1 / 1쪽')).toBeTruthy();
  });

  it('says when there is nothing, and says the server’s refusal', () => {
    show(() => ({ list: [], total: 0 }));
    expect(screen.getByText('조건에 맞는 청구가 없어요.').closest('[role=status]')).toBeTruthy();
    expect(rows()).toEqual([]);
    cleanup();

    show(() => undefined, '/claims', new Error('목록을 불러오지 못했어요. 잠시 뒤에 다시 해 주세요.'));
    expect(
      screen.getByText('목록을 불러오지 못했어요. 잠시 뒤에 다시 해 주세요.').closest('[role=status]'),
    ).toBeTruthy();
    expect(screen.queryByText('조건에 맞는 청구가 없어요.')).toBeNull();
  });
});
