// Toasts at the bottom, one at a time, 3000 ms each, dismissible (spec §2). The display library (sonner) loads
// with the first toast, keeping it out of the first screen's JavaScript.
import { lazy, Suspense } from 'react';
import { create } from 'zustand';
import { createToastQueue } from './toastQueue';

type SonnerToast = typeof import('sonner').toast;

const useToaster = create<{ wanted: boolean }>(() => ({ wanted: false }));
// Resolved by the Toaster's onReady once sonner is up.
let mounted: (toast: SonnerToast) => void;
const ready = new Promise<SonnerToast>((resolve) => (mounted = resolve));

const queue = createToastQueue({
  show(message, durationMs, done) {
    useToaster.setState({ wanted: true });
    void ready.then((toast) =>
      toast(message, { duration: durationMs, closeButton: true, onDismiss: done, onAutoClose: done }),
    );
  },
});

export const toast = (message: string) => queue.push(message);

// sonner, the toasts' placement and the Toaster's settings load with the first toast (ui/toaster.tsx).
const LazyToaster = lazy(() => import('./toaster'));

export function ToastHost() {
  const wanted = useToaster((s) => s.wanted);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToaster onReady={mounted} />
    </Suspense>
  ) : null;
}
