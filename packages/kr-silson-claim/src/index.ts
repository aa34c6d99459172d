// KR 실손 Claim (fhir/ig/README.md): the guide's systems and the checker of a bundle against FHIR R4 and the guide.
import type { Bundle } from '@medplum/fhirtypes';
import { validateR4 } from './base';
import type { GuideIssue } from './issue';
import { checkProfile } from './profile';

export { loadR4, validateR4 } from './base';
export { GUIDE_RULES, type GuideIssue, type GuideRule } from './issue';
export { checkProfile, lineTotal } from './profile';
export * from './systems';

/** Every way `bundle` breaks FHIR R4 or the guide; empty when it conforms. */
export function validateSilsonBundle(bundle: Bundle): GuideIssue[] {
  return [...validateR4(bundle), ...checkProfile(bundle)];
}
export { EDI_SYSTEM, silsonBundle, type EdiKind, type Receipt, type ReceiptLine } from './build';
export {
  AUTHOR_SIGNATURE,
  jwkThumbprint,
  parsePublicJwk,
  publicJwkOf,
  signBundle,
  signingContent,
  verifyBundleSignature,
  type PublicJwk,
  type SignatureCheck,
} from './signature';
