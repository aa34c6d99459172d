// Terms (spec §7 Auth): every version of every term, which is in effect on a day, the patient's agreements to them
// (the evidence), and the console's terms calls (versions, publishing one, who must agree again). Owns: terms,
// terms_agreement.
export { termsRoutes } from './routes.js';
export { termsAdminRoutes, type Reagree } from './console.js';
export { requiredTerms, termsByIds } from './repo.js';
export { agreedTo, assertRequiredTerms, forgetAgreements, recordAgreements, type AgreedTo } from './agreements.js';
export type { NewerTerms } from './versions.js';
