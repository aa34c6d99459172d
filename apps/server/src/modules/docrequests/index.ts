// Document requests (README "Documents an insurer asks for"): a paper an insurer asks for that the hospital issues
// (진단서, 진료비 세부내역서, 처방전, 입퇴원확인서) is asked of the hospital, answered by its EMR (key) or its user
// (console) with a PDF, kept encrypted and delivered to the insurer; the patient is told only when the hospital has not
// answered in DOCUMENT_REQUEST_PATIENT_DAYS; kept three years after its last step (retention.ts). Owns: document_request.
export { docrequestRoutes } from './routes.js';
export { hospitalDocumentPort } from './requests.js';
export { docrequestJobs } from './jobs.js';
export { namedBlobs } from './files.js';
export { purgeDocumentRequests } from './retention.js';
