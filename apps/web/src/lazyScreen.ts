// Route-level code splitting, and the two ways a screen's code can fail to arrive (spec §8, §9): the module cannot be
// loaded at all (typically a chunk gone after a deploy, or the connection dropped): 'Cannot find module', code
// MODULE_NOT_FOUND; or it does not arrive within 120 s: a chunk loading error. The route's error screen says so in
// Korean and offers a reload; the failure is logged and the rest of the app keeps working (spec §4).
import type { ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS } from '@auto-claim/contract';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** spec §8 "Missing view module". */
export class ModuleNotFoundError extends Error {
  override name = 'ModuleNotFoundError';
  readonly code = 'MODULE_NOT_FOUND';
}

/** The chunk's address from the browser's message ("Failed to fetch dynamically imported module: https://…"). */
const moduleOf = (error: unknown) => /https?:\/\/\S+/.exec(String(error))?.[0] ?? 'screen';

export async function loadScreen(load: () => Promise<{ default: ComponentType }>) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('Loading chunk timed out')), CHUNK_TIMEOUT_MS);
  });
  try {
    const mod = await Promise.race([load(), timeout]);
    return { Component: mod.default };
  } catch (error) {
    const failure =
      error instanceof ChunkLoadError
        ? error
        : new ModuleNotFoundError(`Cannot find module '${moduleOf(error)}'`, { cause: error });
    console.warn('screen chunk failed to load', failure);
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}
