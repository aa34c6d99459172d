import { Suspense, lazy, type ReactNode } from 'react';
import { afterFirstInputOrIdle } from '../../later';
import { StartButton } from './Bottom';
import { Returning } from './Returning';

// Hydrate only what the first screen needs (docs/performance.md, "Web: the first screen"): the header and the start
// button are taken over with the page; the parts below, drawn by the server all the same, keep the server's markup
// until their code arrives after the first input or idle, and React then takes them over on their own.
const BelowFirstScreen = lazy(() => afterFirstInputOrIdle().then(() => import('./BelowFirstScreen')));

/** The landing parts in spec §2's order below whatever header the landing has; `hospitalCd` is whose landing it is. */
export function LandingBody({ header, hospitalCd }: { header: ReactNode; hospitalCd: string }) {
  return (
    <div className="landing">
      {header}
      <Returning />
      <Suspense fallback={null}>
        <BelowFirstScreen />
      </Suspense>
      <StartButton hospitalCd={hospitalCd} />
    </div>
  );
}
