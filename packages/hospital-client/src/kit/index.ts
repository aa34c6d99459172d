// The EMR vendor kit as a library (`@auto-claim/hospital-client/kit`): mapping an EMR's export to KR 실손 Claim
// bundles, the durable queue and the sender. The command line (cli.ts) is built from these.
export { csvRecords, parseCsv } from './csv.js';
export { readDate } from './dates.js';
export { readExport, type ExportItem } from './export.js';
export { ediKindOf, MappingError, mappingSchema, parseMapping, receiptOf, type Mapping } from './mapping.js';
export { keyOf, Queue, type Enqueued, type Pending, type Settled } from './queue.js';
export {
  attempt,
  backoffMs,
  deliver,
  FHIR_JSON,
  retryAfterMs,
  type Attempt,
  type Delivery,
  type SendOptions,
} from './send.js';
export { conformance, EXIT, GUIDE_EXAMPLES, main, outcomeLines, send, type Io } from './cli.js';
export { answerDocuments, type DocumentRequest, type DocumentsOptions, type DocumentsSummary } from './documents.js';
