// The toasts' display, loaded with the first toast (ui/toast.tsx): sonner, bottom centre, one at a time, above the
// screen's bottom action bar (ui/toastPlace.ts).
import { useEffect } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { keepClear } from './toastPlace';
import { useT } from '../i18n/t';

/** `onReady` receives sonner's toast once it is up (ui/toast.tsx queues until then). */
export default function Toaster({ onReady }: { onReady: (show: typeof toast) => void }) {
  const t = useT();
  useEffect(() => {
    onReady(toast);
    return keepClear();
  }, [onReady]);
  return (
    <SonnerToaster
      position="bottom-center"
      visibleToasts={1}
      offset={{ bottom: 'calc(var(--toast-bottom, 0px) + 16px)' }}
      mobileOffset={{ bottom: 'calc(var(--toast-bottom, 0px) + 16px)' }}
      toastOptions={{ className: 'toast', closeButtonAriaLabel: t('ui.toast.close', '알림 닫기') }}
    />
  );
}
