import type { ReactNode } from 'react';
import { Bottom, StartButton } from './Bottom';
import { Companies } from './Companies';
import { Justice } from './Justice';
import { SignUpOrder } from './SignUpOrder';

/** The landing parts in spec §2's order below whatever header the landing has. */
export function LandingBody({ header }: { header: ReactNode }) {
  return (
    <div className="landing">
      {header}
      <Justice />
      <SignUpOrder />
      <Companies />
      <Bottom />
      <StartButton />
    </div>
  );
}
