// The loading overlay's state: nested calls count; the overlay shows while any is running.
import { createStore } from 'zustand/vanilla';

export const loadingStore = createStore<{ count: number }>(() => ({ count: 0 }));

export const showLoading = () => loadingStore.setState((s) => ({ count: s.count + 1 }));
export const hideLoading = () => loadingStore.setState((s) => ({ count: Math.max(0, s.count - 1) }));

export async function withLoading<T>(work: Promise<T> | (() => Promise<T>)): Promise<T> {
  showLoading();
  try {
    return await (typeof work === 'function' ? work() : work);
  } finally {
    hideLoading();
  }
}
