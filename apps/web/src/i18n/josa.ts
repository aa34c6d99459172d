// Korean particles after a name or a number: the contract's one rule (packages/contract/src/josa.ts). A message takes
// the particle as an argument of its own, named …Josa, which translations leave out.
export { particle } from '@auto-claim/contract';
