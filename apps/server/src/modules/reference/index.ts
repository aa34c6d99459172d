// The reference data (hospitals, insurers and their settings, banks, jobs, telecoms): its routes, and what other
// modules may read of it; its answers' cache, which the terms' public list goes through too. Owns: hospital, insurer,
// insurer_fax, insurer_destination_change, ui_control, bank, job_code, telecom.
export { publicHospital, referenceRoutes } from './routes.js';
export { PUBLIC_REFERENCE, createReferenceCache, keyOf, sent, type ReferenceCache } from './cache.js';
export { channelsOf, deliverySettingsOf, pausedInsurers } from './delivery-settings.js';
export { referenceOpsRoutes } from './console/routes.js';
export {
  bankNameOf,
  callCentresOf,
  faxNumbers,
  findBank,
  findJob,
  hospitalsByCode,
  hospitalTypesOf,
  insurersByCode,
  photoControlsOf,
} from './repo.js';
