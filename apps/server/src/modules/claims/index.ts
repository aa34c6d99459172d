// The claim engine (README, claim engine): the hospitals' feed and their keys, matching records to subscriptions,
// claims, deliveries to insurers, the PDF package, the 알림톡, the operators' calls, and what the patient's history
// reads of it (history.ts), and insurers' answers (answers.ts). Owns: treatment_record, claim, claim_status_history,
// claim_delivery, claim_delivery_attempt, claim_document, claim_note, hospital_api_key, insurer_answer, answer_notice,
// feed_rejection, notification_handled.
export { registerClaims } from './routes.js';
export { engineBacklog, waitingDeadLetters } from './backlog.js';
export { claimJobs } from './engine.js';
export { HOSPITAL_FEED_RATE_LIMIT, hospitalHasLiveKey, requireHospital } from './feed.js';
export { insertClaims } from './match.js';
export { createVisitPort } from './visits.js';
export { answerHeldRecord, recordsToConfirm, releaseRelationHeld, type HeldAnswer } from './held.js';
export { adviseUncovered, type UncoveredAdvice } from './uncovered.js';
export {
  WAITING_STATUSES,
  monthFigures,
  monthOfRecords,
  type MonthFigures,
  type StatementVisit as MonthVisit,
} from './statement.js';
export {
  briefsOf,
  claimById,
  claimVisitsOf,
  claimsOfRecords,
  recordsByIds,
  recordsOf,
  visitsOfClaims,
  statusHistoryOf,
  type HistoryClaim,
  type HistoryRecord,
  type RecordOwner,
} from './history.js';
export { reasonByOf } from './common.js';
export { claimCounts, deadLetterCounts, deliveryCounts, oldestQueuedJobSeconds } from './counts.js';
export { heldCounts } from './console/held.js';
export { CLAIM_KEEP_YEARS, claimCutoff, purgeClosedClaims } from './retention.js';
export { deliverLate, type LateDocument } from './late-documents.js';
export { patientCiHmacOf, maskedPatientsOf } from './console/patients.js';
export { personCiHmacsOf, personMatchOf, recordPersonSearch, startPersonSearch } from './console/person-search.js';
export { buildClaimPackage, namedBlobs } from './documents.js';
// Row values other modules read off a claim's record (a treat's history); its tables stay claims' own.
export type { RecordOutcome, VisitType } from './tables.js';
export {
  daysWithRecords,
  feedSince,
  hospitalMonthCounts,
  hospitalMonthRecords,
  monthBounds,
} from './console/hospital-month.js';
// What app.ts hands the insurers' answers: the document requests' port (README "Documents an insurer asks for").
export type { AnswerPorts, HospitalDocumentPort } from './answers.js';
