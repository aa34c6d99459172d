// SMS identity verification, terms agreements and operators' sign-in. Owns: sms_verification, terms_agreement,
// operator, operator_sign_in_guard, operator_lockout, operator_known_address, operator_recovery_code. (Sessions and
// link tokens belong to the security layer, src/security.)
export { authRoutes } from './routes.js';
export { operatorConsoleRoutes } from './console.js';
export { upsertOperator } from './operators.js';
export { agreedTo } from './agreed.js';
