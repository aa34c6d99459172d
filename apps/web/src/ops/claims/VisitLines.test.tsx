// @vitest-environment happy-dom
// The claim detail's 세부산정내역 as an operator reads it: one row per line with every column of the 고시, the sums,
// a correction that reached a claim already sent said as an alert, and nothing at all when the hospital sent no lines.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { VisitLine } from '@auto-claim/contract';
import { VisitLines } from './VisitLines';

afterEach(cleanup);

const lines: VisitLine[] = [
  {
    codeSystem: 'procedure',
    code: 'AA154',
    name: '초진진찰료-의원',
    date: '20261102',
    unitPrice: 18410,
    count: 1,
    days: 1,
    total: 18410,
    copay: 5523,
    insurer: 12887,
    fullCopay: 0,
    uncovered: 0,
    category: 'consult',
  },
  {
    codeSystem: 'medication',
    code: '645301220',
    name: '아세트아미노펜정500mg',
    date: '20261102',
    unitPrice: 51,
    count: 3,
    days: 3,
    total: 459,
    copay: 0,
    insurer: 0,
    fullCopay: 0,
    uncovered: 459,
    category: 'drug',
  },
];

describe('the visit’s 세부산정내역', () => {
  it('shows each line’s 일자, 코드, 명칭, 단가, 횟수, 일수, 총액 and split, with the sums', () => {
    render(<VisitLines lines={lines} revisions={[]} />);
    const table = screen.getByRole('table', { name: '세부산정내역 2줄' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      '일자',
      '코드',
      '명칭',
      '단가',
      '횟수',
      '일수',
      '총액',
      '본인부담',
      '공단부담',
      '전액본인',
      '비급여',
    ]);
    const rows = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[1]!)).toEqual([
      '2026-11-02',
      'AA154',
      '초진진찰료-의원',
      '18,410',
      '1',
      '1',
      '18,410',
      '5,523',
      '12,887',
      '0',
      '0',
    ]);
    expect(cells(rows[2]!)).toEqual([
      '2026-11-02',
      '645301220',
      '아세트아미노펜정500mg',
      '51',
      '3',
      '3',
      '459',
      '0',
      '0',
      '0',
      '459',
    ]);
    const footer = rows[3]!;
    expect(within(footer).getByRole('rowheader').textContent).toBe('합계');
    expect(cells(footer)).toEqual(['18,869', '5,523', '12,887', '0', '459']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  const corrected = [
    { kind: 'corrected' as const, at: '2026-11-03T00:00:00.000Z', receiptNo: 'R-1-C1', sentClaims: 1 },
  ];
  const notice = { kind: 'corrected' as const, receiptNo: 'R-1-C1', attempts: 1, sentAt: null, lastError: null };

  it('says the insurer was told of a correction of a claim already sent', () => {
    render(
      <VisitLines
        lines={lines}
        revisions={corrected}
        notices={[{ ...notice, state: 'sent', sentAt: '2026-11-03T00:01:00.000Z' }]}
      />,
    );
    expect(screen.getByText(/정정 영수증으로 바뀌었어요 \(영수증 번호 R-1-C1\)/)).toBeTruthy();
    expect(screen.getByText(/보험사에 영수증 정정을 알렸어요/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('alerts when the insurer could not be told, and says to call it', () => {
    render(
      <VisitLines
        lines={lines}
        revisions={corrected}
        notices={[{ ...notice, state: 'dead', attempts: 5, lastError: '보험사 API가 거절했어요' }]}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      '보험사에 영수증 정정을 알리지 못했어요 (보험사 API가 거절했어요). 보험사에 전화로 알려 주세요.',
    );
  });

  it('is not there when the hospital sent no lines', () => {
    const { container } = render(<VisitLines lines={[]} revisions={[]} />);
    expect(container.textContent).toBe('');
  });

  it('names a visit claimed with the claim’s own by its title (a pharmacy with its clinic)', () => {
    render(<VisitLines lines={lines} revisions={[]} title="함께 청구한 진료: 요양기관기호 11300003" />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('함께 청구한 진료: 요양기관기호 11300003');
    expect(screen.getByRole('table', { name: '세부산정내역 2줄' })).toBeTruthy();
  });
});
