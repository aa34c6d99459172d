// The two failures of a lazily loaded screen that spec §8 names: a module that cannot be loaded, and a timeout.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS } from '@auto-claim/contract';
import { ChunkLoadError, ModuleNotFoundError, loadScreen } from './lazyScreen';

const Screen = () => null;

describe('loadScreen', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('gives the screen when its module arrives', async () => {
    await expect(loadScreen(async () => ({ default: Screen }))).resolves.toEqual({ Component: Screen });
  });

  it('a module that cannot be fetched is MODULE_NOT_FOUND, "Cannot find module" with its address', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const gone = new TypeError(
      'Failed to fetch dynamically imported module: http://localhost/ui/insu/assets/Jumin-abc123.js',
    );
    const error = await loadScreen(() => Promise.reject(gone)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModuleNotFoundError);
    expect(error).toMatchObject({
      code: 'MODULE_NOT_FOUND',
      message: "Cannot find module 'http://localhost/ui/insu/assets/Jumin-abc123.js'",
      cause: gone,
    });
    // spec §4: the failure is logged
    expect(console.warn).toHaveBeenCalledWith(expect.any(String), error);
  });

  it('a module that never arrives is a chunk loading error after 120 s', async () => {
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
    expect(error).not.toHaveProperty('code');
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });
});
