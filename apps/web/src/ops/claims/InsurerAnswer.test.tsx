// @vitest-environment happy-dom
// An insurer's answer an operator records by hand, as she meets it on a claim's page: papers asked for by phone are
// refused until she ticks one, the question before recording names them and says the hospital is asked for its own,
// and what is sent is exactly the papers and the insurer's words.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR_API } from '@auto-claim/contract';
import type { OpsClaimDetail } from '@auto-claim/contract/ops';
import { installModalDialogs } from '../../test-support/dialog';
import { InsurerAnswer } from './InsurerAnswer';

afterAll(installModalDialogs());

const claim = {
  claimId: 41,
  amount: 40_000,
  insuCompCd: 'SAMSUNGFIRE',
  insuCompNm: '삼성화재',
  patient: { name: '김*희' },
} as unknown as OpsClaimDetail;

let sent: { url: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify({ ...claim, status: 'documents_requested' }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <InsurerAnswer claim={claim} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('papers an insurer asked for by phone', () => {
  it('are refused until one is ticked, naming the papers, and nothing is sent', async () => {
    const user = show();
    await user.selectOptions(screen.getByRole('combobox', { name: '답변' }), '서류 요청');
    await user.click(screen.getByRole('button', { name: '기록하기' }));
    expect(screen.getByRole('alert').textContent).toBe('보험사가 요청한 서류를 하나 이상 골라 주세요.');
    expect(screen.getByRole('group', { name: '보험사가 요청한 서류' }).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('are named in the question before recording, and sent as the papers and the insurer’s words', async () => {
    const user = show();
    await user.selectOptions(screen.getByRole('combobox', { name: '답변' }), '서류 요청');
    await user.click(screen.getByRole('checkbox', { name: '진단서' }));
    await user.click(screen.getByRole('checkbox', { name: '진료비 세부내역서' }));
    await user.type(screen.getByRole('textbox', { name: '보험사가 한 말 (선택)' }), '전화로 요청함');
    await user.click(screen.getByRole('button', { name: '기록하기' }));
    const dialog = await screen.findByRole('dialog', { name: '보험사 답변을 ‘서류 요청’으로 기록할까요?' });
    expect(dialog.textContent).toContain(
      '요청한 서류: 진단서, 진료비 세부내역서 (병원이 발급하는 서류는 병원에 요청해요)',
    );
    await user.click(within(dialog).getByRole('button', { name: '서류 요청으로 기록하기' }));
    expect(await screen.findByText('보험사 답변을 기록했어요.')).toBeTruthy();
    expect(sent).toEqual([
      {
        url: OPERATOR_API.claimStatus(41),
        body: { status: 'documents_requested', documents: ['diagnosis', 'receipt_detail'], reason: '전화로 요청함' },
      },
    ]);
  });
});
