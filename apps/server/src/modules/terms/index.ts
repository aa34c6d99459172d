// Terms in the operator console: versions per group, publishing a new version with its effective date, and which
// subscribers must agree again. The terms themselves belong to the reference module, the agreements to auth and the
// subscriptions to theirs: this module reads and writes them only through their index.ts and keeps no table.
export { termsAdminRoutes } from './routes.js';
