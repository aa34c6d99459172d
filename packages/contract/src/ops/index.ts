// The operator console's calls (README "Operator console"): an entry of its own (`@auto-claim/contract/ops`), so
// that none of it reaches the patient's bundle.
export * from './page.js';
export * from './hospitals.js';
export * from './insurers.js';
export * from './claims.js';
export * from './search.js';
export * from './actions.js';
export * from './operators.js';
export * from './records.js';
export * from './session.js';
export * from './funnel.js';
export * from './dashboard.js';
export * from './terms.js';
export * from './exports.js';
export * from './alerts.js';
export * from './children.js';
export * from './subscriber.js';
export * from './hospital-portal.js';
export * from './payout.js';
export * from './document-requests.js';
export * from './desk.js';
