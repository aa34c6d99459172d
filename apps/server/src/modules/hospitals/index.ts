// Hospital users (README "Hospital users"): a hospital's own view of its feed in the console (its month, refused
// bundles, the month's CSV) and its feed alerts. Its users are operator accounts of role `hospital` (the operators
// module's sign-in, second factor and lockout); it reads claims and intake through their index.ts. Owns:
// hospital_contact, hospital_alert.
export { hospitalRoutes } from './routes.js';
export { checkHospitalFeeds, feedAlertsOf, hospitalAlertsOn, hospitalJobs } from './alerts.js';
