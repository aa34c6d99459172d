// For the web's unit tests only: sessionStorage and localStorage as the browser has them, so that the claim store's
// persist middleware really writes (and a test can read what a reload would find).
import { vi } from 'vitest';

export class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, String(v));
  removeItem = (k: string) => void this.data.delete(k);
  clear = () => this.data.clear();
  key = (i: number) => [...this.data.keys()][i] ?? null;
  get length() {
    return this.data.size;
  }
}

/** Stubs both storages with fresh memory ones; answers them. */
export function stubBrowserStorage() {
  const session = new MemoryStorage();
  const local = new MemoryStorage();
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('localStorage', local);
  return { session, local };
}
