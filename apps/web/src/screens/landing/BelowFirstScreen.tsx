// The landing's parts below its header (spec §2's justice, sign-up order, companies and bottom): drawn by the server
// with the rest of the page, but taken over by React only after the first input or idle (LandingBody.tsx).
import { Bottom } from './Bottom';
import { Companies } from './Companies';
import { Justice } from './Justice';
import { SignUpOrder } from './SignUpOrder';

export default function BelowFirstScreen() {
  return (
    <>
      <Justice />
      <SignUpOrder />
      <Companies />
      <Bottom />
    </>
  );
}
