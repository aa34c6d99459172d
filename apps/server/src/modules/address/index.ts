// Road-address search through the address provider. Owns no table.
export { addressRoutes } from './routes.js';
