// @vitest-environment happy-dom
// Time enough to answer in the console (KWCAG 2.2 6.2.1, docs/accessibility.md), as an operator meets it: two minutes
// before her session's idle timeout a dialog takes focus and says how long is left; "계속할게요" asks the server again
// and starts the clock over; unanswered, she is signed out and the sign-in screen says why. The banners' polls do not
// keep the session; what she does does.
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_HEADER, OPS_API, OPS_AUTH_API, type OpsMe } from '@auto-claim/contract/ops';
import { installModalDialogs } from '../../test-support/dialog';
import { Shell } from '../shell/Shell';
import { IDLE_MS, IDLE_WARNING_BEFORE_MS } from './IdleWarning';
import { opsPoll } from '../api/client';

const WARN_AT = IDLE_MS - IDLE_WARNING_BEFORE_MS;
const me: OpsMe = {
  kind: 'operator',
  loginId: 'hospital-1',
  role: 'hospital',
  stage: 'full',
  hospitalCd: '90000001',
  idleExpiresAt: '2026-06-15T03:30:00Z',
  absoluteExpiresAt: '2026-06-15T11:00:00Z',
  csrfToken: 'csrf',
};

/** The server's side of the session: live until the logout call. */
let live = true;
const calls: { method: string; url: string; background: boolean }[] = [];
const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
  const headers = (init.headers ?? {}) as Record<string, string>;
  calls.push({ method: init.method ?? 'GET', url, background: headers[BACKGROUND_HEADER] === '1' });
  if (url === OPS_AUTH_API.logout) {
    live = false;
    return new Response(null, { status: 204 });
  }
  if (!live) return new Response(JSON.stringify({ status: 401, code: 'UNAUTHENTICATED' }), { status: 401 });
  if (url === OPS_API.me) return new Response(JSON.stringify(me), { status: 200 });
  return new Response(JSON.stringify({ list: [] }), { status: 200 });
});
const meCalls = () => calls.filter((c) => c.url === OPS_API.me && !c.background).length;

afterAll(installModalDialogs());
// Each test a day later: the page's clock of when the session was last kept only moves forward.
let day = 0;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2030-01-01T00:00:00Z').getTime() + ++day * 86_400_000);
  vi.stubGlobal('fetch', fetchMock);
  calls.length = 0;
  live = true;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function signedIn() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ element: <Shell />, children: [{ index: true, element: <h1>이번 달 청구</h1> }] }],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await wait(0);
  expect(screen.getByRole('heading', { name: '이번 달 청구' })).toBeTruthy();
}
const question = () => screen.queryByRole('dialog', { name: '로그인 시간 연장' }) as HTMLDialogElement | null;

describe('the console’s idle timeout, said before it ends', () => {
  it('asks two minutes before, with the time left and focus on "계속할게요", which asks the server and starts over', async () => {
    await signedIn();
    await wait(WARN_AT - 1);
    expect(question()).toBeNull();
    await wait(1);
    const dialog = question()!;
    expect(dialog.open).toBe(true);
    expect(dialog.textContent).toContain('2분 뒤에 로그인 시간이 끝나요. 계속 쓰시려면 아래 버튼을 눌러 주세요.');
    const keep = screen.getByRole('button', { name: '계속할게요' });
    expect(document.activeElement).toBe(keep);
    await wait(61_000);
    expect(dialog.textContent).toContain('59초 뒤에');

    const before = meCalls();
    await act(async () => keep.click());
    await wait(0);
    expect(meCalls()).toBe(before + 1);
    expect(question()).toBeNull();
    // The clock starts again from the server's answer: the question comes back only a whole WARN_AT later.
    await wait(WARN_AT - 1);
    expect(question()).toBeNull();
    await wait(1);
    expect(question()?.open).toBe(true);
  });

  it('unanswered, signs her out when the time is up, and the sign-in screen says why', async () => {
    await signedIn();
    await wait(WARN_AT);
    expect(question()?.open).toBe(true);
    await wait(IDLE_WARNING_BEFORE_MS);
    // The sign-out's answer read (happy-dom reads a body on its timers).
    for (let i = 0; i < 5 && !screen.queryByRole('alert'); i++) await wait(100);
    expect(calls.some((c) => c.method === 'POST' && c.url === OPS_AUTH_API.logout)).toBe(true);
    expect(screen.getByRole('heading', { name: '자동청구 운영 콘솔' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('30분 동안 쓰지 않아 로그아웃했어요. 다시 로그인해 주세요.');
  });

  it('a banner’s poll does not keep the session, her keys do', async () => {
    await signedIn();
    await wait(5 * 60_000);
    await act(() => opsPoll('/api/admin/alerts'));
    expect(calls.at(-1)).toMatchObject({ background: true });
    await wait(WARN_AT - 5 * 60_000);
    expect(question()?.open).toBe(true);
    await act(async () => screen.getByRole('button', { name: '계속할게요' }).click());
    await wait(0);

    const before = meCalls();
    await wait(3 * 60_000);
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })));
    await wait(0);
    expect(meCalls()).toBe(before + 1);
    await wait(WARN_AT - 1);
    expect(question()).toBeNull();
    await wait(1);
    expect(question()?.open).toBe(true);
  });

  it('a call in another console tab keeps this tab’s session too', async () => {
    await signedIn();
    await wait(20 * 60_000);
    const other = new BroadcastChannel('ops-session');
    other.postMessage(Date.now());
    other.close();
    // Delivered on the event loop, not on the page's timers.
    for (let i = 0; i < 10; i++) await act(() => new Promise<void>((r) => setImmediate(r)));
    await wait(WARN_AT - 1);
    expect(question()).toBeNull();
    await wait(1);
    expect(question()?.open).toBe(true);
    // Counted from the other tab's call: two minutes left, not none.
    expect(question()!.textContent).toContain('2분 뒤에 로그인 시간이 끝나요');
  });
});
