// Operators (README "Operator console"): accounts and roles, the sign-in with its second factor, lock-out and known
// addresses, and the console's session calls. Owns: operator, operator_sign_in_guard, operator_lockout,
// operator_known_address, operator_recovery_code, operator_account_change.
export { operatorRoutes } from './routes.js';
export { upsertOperator } from './operators.js';
export { createOperator, hospitalHasUser, operatorAccountOf } from './operator-accounts.js';
export { assertMayApprove, operatorJobs } from './account-changes.js';
