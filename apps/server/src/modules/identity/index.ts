// Patient identity (spec §7 Auth, DESIGN §4): SMS identity verification, step-up and the patient's session calls.
// Owns: sms_verification. (Sessions and link tokens belong to the security layer,
// src/security.)
export { identityRoutes } from './routes.js';
export { SMS_VERIFICATION_KEEP_DAYS, identityJobs, purgeSmsVerifications } from './retention.js';
