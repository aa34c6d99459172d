// The toasts' display, loaded with the first toast (ui/toast.tsx): sonner, bottom centre, one at a time, above the
// screen's bottom action bar (ui/toastPlace.ts).
import { useEffect } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { mounted } from './toast';
import { keepClear } from './toastPlace';

export default function Toaster() {
  useEffect(() => {
    mounted(toast);
    return keepClear();
  }, []);
  return (
    <SonnerToaster
      position="bottom-center"
      visibleToasts={1}
      offset={{ bottom: 'calc(var(--toast-bottom, 0px) + 16px)' }}
      mobileOffset={{ bottom: 'calc(var(--toast-bottom, 0px) + 16px)' }}
      toastOptions={{ className: 'toast', closeButtonAriaLabel: '알림 닫기' }}
    />
  );
}
