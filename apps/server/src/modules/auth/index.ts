// SMS identity verification, terms agreements and operators' sign-in. Owns: sms_verification, terms_agreement,
// operator, operator_sign_in_guard, operator_lockout. (Sessions and link tokens belong to the security layer, src/security.)
export { authRoutes } from './routes.js';
export { upsertOperator } from './operators.js';
export { agreedTo } from './agreed.js';
