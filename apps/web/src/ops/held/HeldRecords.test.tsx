// @vitest-environment happy-dom
// A held record's decision as an operator makes it (README "Operator console", "Held records"): the record beside the
// subscriber, the differing field marked, a reason required before anything is sent, and what is sent with it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR_API, type OperatorHeldRecord } from '@auto-claim/contract';
import { OPS_HELD_API, type HeldRecordDetail } from '@auto-claim/contract/ops';
import { installModalDialogs } from '../../test-support/dialog';
import { HeldRecords } from './HeldRecords';

afterAll(installModalDialogs());

const record: OperatorHeldRecord = {
  recordId: 7,
  hospitalCd: '90000001',
  receiptNo: 'R-2026-007',
  visitDate: '20261120',
  reason: 'identity_mismatch',
  insuApplyId: 'A-1',
  patientName: '홍*동',
  releasable: true,
  receivedAt: '2026-11-21T01:00:00.000Z',
  decidedAt: null,
};
const detail: HeldRecordDetail = {
  recordId: 7,
  hospitalCd: '90000001',
  hospitalNm: '서울튼튼병원',
  receiptNo: 'R-2026-007',
  visitDate: '20261120',
  reason: 'identity_mismatch',
  releasable: true,
  record: { name: '홍길동', birthDate: '19580302' },
  subscriber: { name: '홍길순', birthDate: '19580302' },
  differs: ['name'],
};

/** The server as the screen calls it: the list, the record's detail, and the decisions it was sent. */
let sent: { method: string; path: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.split('?')[0]!;
      if (init.method !== 'GET') sent.push({ method: init.method!, path, body: JSON.parse(String(init.body)) });
      const answer =
        path === OPERATOR_API.heldRecords
          ? { list: sent.length ? [] : [record], total: sent.length ? 0 : 1, capped: false, nextCursor: null }
          : path === OPS_HELD_API.detail(7)
            ? detail
            : { recordId: 7, outcome: 'set_aside' };
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openDecision() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/records/held']}>
        <HeldRecords />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: '처리하기 (영수증 R-2026-007)' }));
  const dialog = await screen.findByRole('dialog', { name: '보류된 기록 처리' });
  return { user, dialog: within(dialog) };
}

describe('deciding a held record', () => {
  it('shows the record beside the subscriber, the differing name marked in words', async () => {
    const { dialog } = await openDecision();
    const compare = await dialog.findByRole('table', { name: '병원 기록과 가입자 정보' });
    const name = within(compare).getByRole('row', { name: /이름/ });
    expect(within(name).getByRole('rowheader').textContent).toBe('이름다름');
    expect(
      within(name)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['홍길동', '홍길순']);
    const birth = within(compare).getByRole('row', { name: /생년월일/ });
    expect(within(birth).getByRole('rowheader').textContent).toBe('생년월일');
    expect(dialog.getByText(/연결하면 보험사에는 가입자/).textContent).toContain('홍길순님의 이름으로 청구돼요');
  });

  it('requires a reason: without one it says so in Korean by the field and sends nothing', async () => {
    const { user, dialog } = await openDecision();
    await user.click(dialog.getByRole('button', { name: '청구하지 않기' }));
    const reason = dialog.getByRole('textbox', { name: '처리하는 이유' });
    expect(dialog.getByRole('alert').textContent).toBe('처리하는 이유를 2자 이상 적어 주세요.');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(reason.getAttribute('aria-describedby')).toBe(dialog.getByRole('alert').id);

    await user.type(reason, ' 가 ');
    await user.click(dialog.getByRole('button', { name: '가입자에게 연결하기' }));
    expect(dialog.getByRole('alert').textContent).toBe('처리하는 이유를 2자 이상 적어 주세요.');
    expect(sent).toEqual([]);
  });

  it('sends the decision with its reason, closes, and says what happens next', async () => {
    const { user, dialog } = await openDecision();
    await user.type(dialog.getByRole('textbox', { name: '처리하는 이유' }), '병원에 전화로 확인했어요');
    await user.click(dialog.getByRole('button', { name: '청구하지 않기' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      { method: 'POST', path: OPS_HELD_API.setAside(7), body: { reason: '병원에 전화로 확인했어요' } },
    ]);
    expect(
      screen
        .getByText('영수증 R-2026-007: 청구하지 않기로 했어요. 병원은 이 기록을 제외됨(set_aside)으로 봐요.')
        .getAttribute('role'),
    ).toBe('status');
  });

  it('취소 sends nothing', async () => {
    const { user, dialog } = await openDecision();
    await user.type(dialog.getByRole('textbox', { name: '처리하는 이유' }), '병원에 전화로 확인했어요');
    await user.click(dialog.getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);
  });
});
