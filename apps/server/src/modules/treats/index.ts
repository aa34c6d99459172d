// The patient's side of the claim engine: the treatment history (/web/treat), claiming by hand, the 알림톡 link's
// exchange for a session, and ID copies insurers ask for (their images in the blob store, files.ts). Owns:
// id_card_request, id_card_submission.
export { treatsRoutes } from './routes.js';
export { requestIdCard } from './requests.js';
export { namedBlobs, treatJobs } from './files.js';
