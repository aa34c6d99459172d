// Toasts one at a time, in order (spec §2: queued, 3000 ms). The display is sonner's; the order is ours.
import { TOAST_MS } from '@auto-claim/contract';

export interface ToastDisplay {
  /** Show one toast; call done() when it has been dismissed or has timed out. */
  show(message: string, durationMs: number, done: () => void): void;
}

export function createToastQueue(display: ToastDisplay, durationMs = TOAST_MS) {
  const waiting: string[] = [];
  let showing = false;

  const next = () => {
    const message = waiting.shift();
    if (message === undefined) {
      showing = false;
      return;
    }
    showing = true;
    let finished = false;
    display.show(message, durationMs, () => {
      if (finished) return;
      finished = true;
      next();
    });
  };

  return {
    push(message: string) {
      waiting.push(message);
      if (!showing) next();
    },
    get pending() {
      return waiting.length;
    },
  };
}
