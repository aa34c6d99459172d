// Step-up in the browser (README "Identity and sessions"): when a call answers 403 STEP_UP_REQUIRED (a session from
// an 알림톡 link, or an SMS verification more than a few minutes old, asked to move money or identity), a sheet says
// why in the server's words, sends a code to the session's own phone and, once the same person is verified again,
// the API client makes the same call again. Closing the sheet gives the call its refusal. The sheet's code loads
// only when it is first needed.
import { Suspense, lazy } from 'react';
import { create } from 'zustand';
import { hideLoading, loadingStore, showLoading } from '../ui/loadingStore';

interface Pending {
  detail: string;
  resolve(ok: boolean): void;
}
const useStepUpStore = create<{ pending: Pending | null }>(() => ({ pending: null }));

let inFlight: Promise<boolean> | undefined;

/**
 * Opens the step-up sheet with `detail` (why, in plain Korean); true once the same person verified again. Calls that
 * meet the refusal together share one sheet.
 */
export function askStepUp(detail: string): Promise<boolean> {
  inFlight ??= new Promise<boolean>((resolve) => {
    // The loading overlay of the refused call would cover the sheet: it steps aside while the sheet is open.
    const covering = loadingStore.getState().count;
    for (let i = 0; i < covering; i++) hideLoading();
    useStepUpStore.setState({
      pending: {
        detail,
        resolve: (ok) => {
          for (let i = 0; i < covering; i++) showLoading();
          useStepUpStore.setState({ pending: null });
          inFlight = undefined;
          resolve(ok);
        },
      },
    });
  });
  return inFlight;
}

const StepUpSheet = lazy(() => import('./StepUpSheet'));

/** Mounted by the app shell once a step-up was asked for (the shell wires the API client's STEP_UP_REQUIRED here). */
// The default export, so the app shell's lazy import needs no wrapper (bytes of the landing's JS).
export default function StepUpHost() {
  const pending = useStepUpStore((s) => s.pending);
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <StepUpSheet detail={pending.detail} onDone={pending.resolve} />
    </Suspense>
  );
}
