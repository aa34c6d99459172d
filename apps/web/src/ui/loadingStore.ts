// The loading overlay's state: nested calls count; the overlay shows while any is running.
import { createStore } from 'zustand/vanilla';

// What is happening, in words, shown under the spinner (README "Accessibility and older patients": never a bare
// spinner); the latest call's words win.
export const loadingStore = createStore<{ count: number; message: string }>(() => ({ count: 0, message: '' }));

export const showLoading = (message = '') => loadingStore.setState((s) => ({ count: s.count + 1, message }));
export const hideLoading = () => loadingStore.setState((s) => ({ count: Math.max(0, s.count - 1) }));

export async function withLoading<T>(work: Promise<T> | (() => Promise<T>), message?: string): Promise<T> {
  showLoading(message);
  try {
    return await (typeof work === 'function' ? work() : work);
  } finally {
    hideLoading();
  }
}
