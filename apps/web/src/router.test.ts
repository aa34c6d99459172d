// A guarded route's guard is a chunk of its own (router.tsx): it gets the same wrapper and timeout as the screen's
// (spec §8's chunk loading error, spec §9's 120 s), so a guard that never arrives does not leave a spinner for ever.
import { afterEach, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { CHUNK_TIMEOUT_MS } from '@auto-claim/contract';

// The guard's chunk never arrives; the screen's does.
vi.mock('./auth/guard', () => new Promise(() => undefined));
vi.mock('./screens/security/Whose', () => ({ default: () => null }));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

it('a guarded route whose guard chunk does not arrive fails with a chunk loading error after 120 s', async () => {
  const { routes } = await import('./router');
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const whose = routes[0]!.children!.find((r: RouteObject) => r.path === 'security/whose')!;
  const pending = (whose.lazy as () => Promise<unknown>)().catch((e: unknown) => e);
  await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
  let settled = false;
  void pending.then(() => (settled = true));
  await Promise.resolve();
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await pending).toMatchObject({
    name: 'ChunkLoadError',
    message: 'chunk loading error',
    chunk: 'guard',
    reason: 'timeout',
  });
});
