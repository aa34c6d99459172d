// The reference data (hospitals, insurers and their settings, banks, jobs, telecoms, terms): its routes, and what
// other modules may read of it. Owns: hospital, insurer, insurer_fax, insurer_destination_change, ui_control, bank,
// job_code, telecom, terms.
export { publicHospital, referenceRoutes } from './routes.js';
export { createReferenceCache, type ReferenceCache } from './cache.js';
export { channelsOf, deliverySettingsOf, pausedInsurers } from './delivery-settings.js';
export { referenceOpsRoutes } from './console/routes.js';
export {
  bankNameOf,
  faxNumbers,
  findBank,
  findJob,
  hospitalsByCode,
  insurersByCode,
  photoControlsOf,
  requiredTerms,
  termsByIds,
} from './repo.js';
export { newerRequiredTerms, pageTermsVersions, publishTermsVersion } from './terms-versions.js';
