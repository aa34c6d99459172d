// The landings come drawn by the server (docs/performance.md, "The landing drawn by the server"): until React has
// taken that markup over, a button's tap would do nothing, so the landing's buttons say they are not ready yet.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the page is the server's drawing and React has not yet taken it over, true from then on (and from the
 * first render where the browser draws the page itself).
 */
export const useTakenOver = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
