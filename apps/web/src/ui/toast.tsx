// Toasts at the bottom, one at a time, 3000 ms each, dismissible (spec §2). The display library (sonner) loads
// with the first toast, keeping it out of the first screen's JavaScript.
import { lazy, Suspense, useEffect } from 'react';
import { create } from 'zustand';
import { createToastQueue } from './toastQueue';

type Sonner = typeof import('sonner');

const useToaster = create<{ wanted: boolean }>(() => ({ wanted: false }));
let mounted: (lib: Sonner) => void;
const ready = new Promise<Sonner>((resolve) => (mounted = resolve));

const queue = createToastQueue({
  show(message, durationMs, done) {
    useToaster.setState({ wanted: true });
    void ready.then(({ toast }) =>
      toast(message, { duration: durationMs, closeButton: true, onDismiss: done, onAutoClose: done }),
    );
  },
});

export const toast = (message: string) => queue.push(message);

const LazyToaster = lazy(async () => {
  const lib = await import('sonner');
  function Mounted() {
    useEffect(() => mounted(lib), []);
    return (
      <lib.Toaster
        position="bottom-center"
        visibleToasts={1}
        offset={96}
        mobileOffset={96}
        toastOptions={{ className: 'toast', closeButtonAriaLabel: '알림 닫기' }}
      />
    );
  }
  return { default: Mounted };
});

export function ToastHost() {
  const wanted = useToaster((s) => s.wanted);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
