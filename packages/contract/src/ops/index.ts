// The operator console's calls (README "Operator console"): an entry of its own (`@auto-claim/contract/ops`), so
// that none of it reaches the patient's bundle.
export * from './page.js';
export * from './operators.js';
export * from './records.js';
export * from './session.js';
