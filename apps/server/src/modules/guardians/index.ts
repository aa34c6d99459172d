// Guardians (README "Children: a guardian claims for a child"): a guardian's children, the relation documents that
// prove the relation and the operators' queue of them, and the disputes over whose subscription an insured person is.
export { guardianRoutes } from './routes.js';
export { relationDocumentCounts } from './console.js';
export { deleteDocumentsOf as deleteRelationDocumentsOf, namedBlobs } from './files.js';
export { guardianJobs } from './jobs.js';
