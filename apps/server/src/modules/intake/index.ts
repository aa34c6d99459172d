// The FHIR intake (fhir/ig/README.md): the hospitals' KR 실손 Claim bundles in, checked and kept once per receipt
// number; each visit's 세부산정내역 lines (from a bundle or the JSON feed's `lines`); what corrected and cancelled
// receipts did to a visit; refused bundles as codes and paths. It sits below claims: the claim engine reaches the lines
// here, and the intake reaches the engine only through the VisitPort app.ts hands in. Owns: fhir_bundle,
// fhir_refusal, visit_line, visit_revision, hospital_signing_key (the keys hospitals sign their bundles with).
export { intakeRoutes } from './routes.js';
export type { VisitPort } from './receive.js';
export { refusalCount, refusalPage, refusalsOf } from './receive.js';
export { linesOf, linesOfRecords, purgeVisits, revisionsOf, storeLines } from './lines.js';
export { addSigningKey, MAX_LIVE_SIGNING_KEYS, revokeSigningKey, signingKeysOf } from './signing.js';
