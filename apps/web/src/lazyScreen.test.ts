// The failures of a lazily loaded screen that spec §8 names: a chunk that cannot be fetched or does not arrive within
// 120 s is a chunk loading error; a chunk without its screen is MODULE_NOT_FOUND.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS } from '@auto-claim/contract';
import { ChunkLoadError, ModuleNotFoundError, loadChunk, loadScreen } from './lazyScreen';

const Screen = () => null;

describe('loadScreen', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('gives the screen when its module arrives', async () => {
    await expect(loadScreen(async () => ({ default: Screen }))).resolves.toEqual({ Component: Screen });
  });

  it.each([
    ['Chromium', 'Failed to fetch dynamically imported module: http://localhost/ui/insu/assets/Jumin-abc123.js'],
    ['Safari', 'Importing a module script failed.'],
    ['Firefox', 'error loading dynamically imported module: http://localhost/ui/insu/assets/Jumin-abc123.js'],
  ])('a chunk %s cannot fetch is a chunk loading error (spec §8), not MODULE_NOT_FOUND', async (_, message) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const gone = new TypeError(message);
    const error = await loadScreen(() => Promise.reject(gone), 'security/jumin').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).not.toBeInstanceOf(ModuleNotFoundError);
    expect(error).toMatchObject({
      name: 'ChunkLoadError',
      message: 'chunk loading error',
      reason: 'failed',
      cause: gone,
    });
    expect(error).not.toHaveProperty('code');
    // The chunk's address when the browser gave one, else the part's name.
    expect((error as ChunkLoadError).chunk).toBe(
      message.includes('http') ? 'http://localhost/ui/insu/assets/Jumin-abc123.js' : 'security/jumin',
    );
    // spec §4: the failure is logged
    expect(console.warn).toHaveBeenCalledWith(expect.any(String), error);
  });

  it('a chunk that never arrives is a chunk loading error after 120 s', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const pending = loadScreen(() => new Promise(() => undefined)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ message: 'chunk loading error', reason: 'timeout' });
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('a chunk that arrives without its screen is a missing view module: Cannot find module, MODULE_NOT_FOUND', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = await loadScreen(async () => ({}) as never, 'security/jumin').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModuleNotFoundError);
    expect(error).toMatchObject({ code: 'MODULE_NOT_FOUND', message: "Cannot find module 'security/jumin'" });
  });

  it('an error the module itself throws as it runs is left as it is (a fault, not a loading failure)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fault = new ReferenceError('x is not defined');
    await expect(loadScreen(() => Promise.reject(fault))).rejects.toBe(fault);
  });
});

describe('loadChunk: any part a route loads (the guard of a guarded route too)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('gives the module, and the same chunk loading error on a failed fetch or after 120 s', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const guard = { Guard: Screen };
    await expect(loadChunk(async () => guard, 'guard')).resolves.toBe(guard);
    await expect(
      loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: x')), 'guard'),
    ).rejects.toMatchObject({ name: 'ChunkLoadError', chunk: 'guard', reason: 'failed' });
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => undefined), 'guard').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    expect(await pending).toMatchObject({ name: 'ChunkLoadError', chunk: 'guard', reason: 'timeout' });
  });
});
