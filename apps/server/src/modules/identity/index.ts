// Patient identity (spec §7 Auth, DESIGN §4): SMS identity verification, step-up, the patient's session calls and
// terms agreements. Owns: sms_verification, terms_agreement. (Sessions and link tokens belong to the security layer,
// src/security.)
export { identityRoutes } from './routes.js';
export { agreedTo } from './agreed.js';
