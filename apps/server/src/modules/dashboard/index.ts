// The operator console's dashboard (viewer and up): counts the claim engine, subscriptions and the funnel answer
// through their index.ts, and what is over its alert bound now (the banner); it keeps no table of its own.
export { dashboardRoutes, periodStarts } from './routes.js';
export { alertsRoutes } from './alerts.js';
