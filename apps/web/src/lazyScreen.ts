// Route-level code splitting. A chunk that does not arrive within 120 s is a chunk loading error (spec §8, §9);
// the route's error screen offers a reload, and the rest of the app keeps working (spec §4).
import type { ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS } from '@auto-claim/contract';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export async function loadScreen(load: () => Promise<{ default: ComponentType }>) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('Loading chunk timed out')), CHUNK_TIMEOUT_MS);
  });
  try {
    const mod = await Promise.race([load(), timeout]);
    return { Component: mod.default };
  } catch (error) {
    console.warn('screen chunk failed to load', error);
    throw error instanceof ChunkLoadError ? error : new ChunkLoadError(String(error));
  } finally {
    clearTimeout(timer);
  }
}
