// Hosts the modal stack, the loading overlay and the toasts. It knows only the UI kit's own stores; what opens a
// dialog (a 401, the guard) lives with the app shell and the screens.
import { Suspense, lazy } from 'react';
import { useStore } from 'zustand';
import { LoadingOverlay } from './LoadingOverlay';
import { modals } from './modals';
import { ToastHost } from './toast';
import './ui.css';

// The dialogs' code loads with the first modal opened, not with the landing (JS budget of the first screen).
const ModalHost = lazy(() => import('./ModalHost'));

export function UiHost() {
  const hasModals = useStore(modals.store, (s) => s.stack.length > 0);
  return (
    <>
      {hasModals && (
        <Suspense fallback={null}>
          <ModalHost />
        </Suspense>
      )}
      <LoadingOverlay />
      <ToastHost />
    </>
  );
}
