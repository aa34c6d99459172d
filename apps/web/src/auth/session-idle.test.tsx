// @vitest-environment happy-dom
// Time enough to answer (KWCAG 2.2 6.2.1, docs/accessibility.md): a patient who reads without touching the phone is
// asked two minutes before her session's idle timeout ends, and her answer keeps it; activity keeps it without asking.
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, SESSION_IDLE_SECONDS } from '@auto-claim/contract';

const alert = vi.fn();
const post = vi.fn();
vi.mock('../ui/modals', () => ({ alert: (...a: unknown[]) => alert(...a) }));
vi.mock('../api/client', () => ({ api: { post: (...a: unknown[]) => post(...a) } }));

const { useSessionKeepAlive, idleWarning, IDLE_WARNING_BEFORE_MS } = await import('./session');
const WARN_AT = SESSION_IDLE_SECONDS * 1000 - IDLE_WARNING_BEFORE_MS;

beforeEach(() => {
  vi.useFakeTimers();
  alert.mockReset().mockResolvedValue('close');
  post.mockReset().mockResolvedValue({ hash: 'h-2' });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the session’s idle timeout, said before it ends', () => {
  it('asks two minutes before, and "계속할게요" refreshes the session and starts the clock again', async () => {
    alert.mockResolvedValue('confirm');
    renderHook(() => useSessionKeepAlive());
    vi.advanceTimersByTime(WARN_AT - 1);
    expect(alert).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(alert).toHaveBeenCalledWith(idleWarning(), expect.objectContaining({ confirmText: '계속할게요' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalledWith(API.refreshToken));
    vi.advanceTimersByTime(WARN_AT);
    expect(alert).toHaveBeenCalledTimes(2);
  });

  it('activity refreshes the session, and the question waits from then', () => {
    renderHook(() => useSessionKeepAlive());
    vi.advanceTimersByTime(5 * 60_000);
    window.dispatchEvent(new Event('pointerdown'));
    expect(post).toHaveBeenCalledWith(API.refreshToken);
    vi.advanceTimersByTime(WARN_AT - 1);
    expect(alert).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(alert).toHaveBeenCalledTimes(1);
  });
});
