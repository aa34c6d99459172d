// Route-level code splitting, and the two ways a screen's code can fail (spec §8, §9): its chunk does not arrive (the
// request failed, typically a chunk gone after a deploy or the connection dropped, or nothing came within 120 s): a
// chunk loading error; or the chunk arrived without the screen in it: a missing view module, 'Cannot find module',
// code MODULE_NOT_FOUND. Every chunk a route needs goes through loadChunk, the guard's of a guarded route too. The
// route's error screen says so in Korean and offers a reload; the failure is logged and the rest of the app keeps
// working (spec §4).
import type { ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS } from '@auto-claim/contract';

/** spec §8: "Chunk load failure or timeout after 120 seconds: chunk loading error", the spec's words as its message. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    /** The chunk's address as the browser named it, or the part's name when it gave none. */
    readonly chunk: string,
    readonly reason: 'failed' | 'timeout',
    options?: ErrorOptions,
  ) {
    super('chunk loading error', options);
  }
}

/** spec §8 "Missing view module". */
export class ModuleNotFoundError extends Error {
  override name = 'ModuleNotFoundError';
  readonly code = 'MODULE_NOT_FOUND';
}

/** The chunk's address from the browser's message ("Failed to fetch dynamically imported module: https://…"). */
const addressIn = (error: unknown) => /https?:\/\/\S+/.exec(String(error))?.[0];

/**
 * How browsers (and Vite's preloading of a chunk's CSS) say a dynamic import could not be fetched: Chromium's
 * "Failed to fetch dynamically imported module", Safari's "Importing a module script failed", Firefox's "error loading
 * dynamically imported module", Vite's "Unable to preload CSS". All but Vite's are TypeErrors; an error the module's
 * own code throws as it runs is not a loading failure, and is left as it is.
 */
const FETCH_FAILED =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to load module script/i;

/**
 * `load()`'s module, or a ChunkLoadError when it cannot be fetched or does not arrive within CHUNK_TIMEOUT_MS (spec §9).
 * `name` names the part in the log when the browser's message has no address.
 */
export async function loadChunk<T>(load: () => Promise<T>, name = 'chunk'): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(name, 'timeout')), CHUNK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([load(), timeout]);
  } catch (error) {
    const failure =
      error instanceof ChunkLoadError || !FETCH_FAILED.test(String(error))
        ? error
        : new ChunkLoadError(addressIn(error) ?? name, 'failed', { cause: error });
    console.warn('chunk failed to load', failure);
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}

/** The screen of a route's chunk; MODULE_NOT_FOUND when the chunk came without one. */
export async function loadScreen(load: () => Promise<{ default: ComponentType }>, name = 'screen') {
  const screen = (await loadChunk(load, name))?.default as unknown;
  // A component is a function, or an object (memo, forwardRef, lazy).
  if (!screen || (typeof screen !== 'function' && typeof screen !== 'object')) {
    const missing = new ModuleNotFoundError(`Cannot find module '${name}'`);
    console.warn('screen chunk has no screen', missing);
    throw missing;
  }
  return { Component: screen as ComponentType };
}
