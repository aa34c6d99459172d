// Road-address search through the address provider, and the postcode of a typed road address. Owns no table.
export { addressRoutes } from './routes.js';
export { postcodeFor } from './postcode.js';
