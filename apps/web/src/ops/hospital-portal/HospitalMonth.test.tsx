// @vitest-environment happy-dom
// A hospital user's month (README "Hospital users"): the counts with the held records' reasons, the insurers' answers
// and the days from visit to claim; a refused bundle with each issue's element and Korean; her records masked; and
// another month asked for when she picks it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HOSPITAL_PORTAL_API,
  type HospitalMonth,
  type PortalRecord,
  type PortalRefusal,
} from '@auto-claim/contract/ops';
import { HospitalMonthScreen } from './HospitalMonth';

const month: HospitalMonth = {
  hospitalCd: '11100001',
  hospitalNm: '하늘의원',
  month: '2026-11',
  records: { received: 42, claimed: 30, held: 3, setAside: 1, notClaimed: 8, pending: 0 },
  held: [{ outcome: 'identity_mismatch', n: 3 }],
  notClaimed: [{ outcome: 'below_min', n: 8 }],
  refusedBundles: 2,
  answers: [
    { answer: 'paid', n: 12 },
    { answer: 'rejected', n: 1 },
  ],
  visitToClaim: { claims: 30, medianDays: 1, p90Days: 4 },
};
const record: PortalRecord = {
  recordId: 1,
  receivedAt: '2026-11-10T01:00:00.000Z',
  receiptNo: 'R-1110-01',
  visitDate: '20261109',
  outcome: 'claimed',
  patient: '김*늘',
  claims: [{ insuCompCd: 'SAMSUNGFIRE', insuCompNm: '삼성화재', status: 'paid', answer: 'paid' }],
};
const refusal: PortalRefusal = {
  id: 5,
  at: '2026-11-10T02:00:00.000Z',
  status: 422,
  receiptNo: 'R-1110-02',
  issues: [
    {
      code: 'invariant',
      rule: 'line-total',
      expression: 'Bundle.entry[7].resource.lineItem[0].priceComponent[0].amount.value',
      text: '세부산정내역 줄의 금액 합계가 맞지 않아요',
    },
  ],
};

const signingKey = {
  kid: 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs',
  createdAt: '2026-11-20T01:00:00.000Z',
  createdBy: 'haneul-it',
};
let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const path = url.split('?')[0]!;
      const answer =
        path === HOSPITAL_PORTAL_API.month
          ? { ...month, month: new URL(url, 'http://x').searchParams.get('month') }
          : path === HOSPITAL_PORTAL_API.records
            ? { list: [record], total: 1, capped: false, nextCursor: null }
            : path === HOSPITAL_PORTAL_API.signingKeys
              ? { list: [signingKey], max: 5 }
              : { list: [refusal], total: 1, capped: false, nextCursor: null };
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(at = '/my-hospital?month=2026-11') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <HospitalMonthScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('her month', () => {
  it('shows the counts, why records are held, the answers and the days from visit to claim', async () => {
    show();
    expect(await screen.findByRole('heading', { level: 1, name: '하늘의원 진료 기록 전송 현황' })).toBeTruthy();
    const stat = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(stat('받은 기록')).toBe('42건');
    expect(stat('청구함')).toBe('30건');
    expect(stat('보류 (확인 중)')).toContain('이름·생년월일이 가입 정보와 달라 확인하고 있어요 3');
    expect(stat('거절된 번들')).toBe('2건');
    expect(stat('진료일부터 청구까지')).toContain('중앙값 1일');
    expect(stat('진료일부터 청구까지')).toContain('90% 4일');
    const answers = screen.getByRole('table', { name: /보험사 답/ });
    expect(within(answers).getByRole('row', { name: /보험사가 지급했어요 12건/ })).toBeTruthy();
  });

  it('lists a refused bundle with its element and what is wrong, and her records masked', async () => {
    show();
    const refused = await screen.findByRole('table', { name: /^2026년 11월에 거절된 번들/ });
    const row = await within(refused).findByRole('row', { name: /R-1110-02/ });
    expect(row.textContent).toContain('Bundle.entry[7].resource.lineItem[0].priceComponent[0].amount.value');
    expect(row.textContent).toContain('세부산정내역 줄의 금액 합계가 맞지 않아요');
    const records = screen.getByRole('table', { name: /^2026년 11월에 받은 진료 기록/ });
    const mine = await within(records).findByRole('row', { name: /R-1110-01/ });
    expect(mine.textContent).toContain('김*늘');
    expect(mine.textContent).toContain('삼성화재: 보험금 지급 완료');
    expect(screen.getByRole('button', { name: '엑셀로 내려받기 (CSV)' })).toBeTruthy();
  });

  it('asks for the month she picks', async () => {
    show();
    await screen.findByRole('heading', { level: 1, name: '하늘의원 진료 기록 전송 현황' });
    const picker = screen.getByRole('combobox', { name: '조회할 달' }) as HTMLSelectElement;
    // The months offered are the 24 up to this one (and the one asked for): pick the second newest.
    const other = picker.options[1]!.value;
    fireEvent.change(picker, { target: { value: other } });
    await waitFor(() => expect(asked.some((u) => u.includes(`month=${other}`) && u.includes('/records'))).toBe(true));
    expect(asked.some((u) => u.startsWith(`${HOSPITAL_PORTAL_API.month}?month=${other}`))).toBe(true);
    const [y, m] = other.split('-');
    expect(await screen.findByRole('table', { name: new RegExp(`^${y}년 ${Number(m)}월에 거절된 번들`) })).toBeTruthy();
  });

  it('lists her signing keys by a short kid, with who registered each, and explains how to make one', async () => {
    show();
    const table = await screen.findByRole('table', { name: /등록된 서명 키 \(1\/5\)/ });
    expect(within(table).getByText('NzbLsXh8…C9Xs')).toBeTruthy();
    expect(within(table).getByText(/haneul-it/)).toBeTruthy();
    expect(within(table).getByRole('button', { name: '서명 키 NzbLsXh8…C9Xs 폐기' })).toBeTruthy();
    expect(screen.getByRole('form', { name: '서명 키 등록' })).toBeTruthy();
    expect(screen.getByText('auto-claim-kit keygen --out signing-key.pem')).toBeTruthy();
  });
});
