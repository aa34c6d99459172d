// The enrolment funnel: the patient app's screen views (POST /api/admin/appMenuLogs, public: the app calls it before
// anyone has verified) and the drop-off per wizard step the dashboard reads of them. No personal data is stored, and
// nothing here answers the views to anyone: only counts are kept, and they leave only to an operator. Owns: funnel_day,
// funnel_step_day, funnel_visit_step.
export { funnelRoutes } from './routes.js';
export { funnelStepCounts, purgeOldViews, rebuildFunnelStepDays } from './repo.js';
export { funnelJobs } from './jobs.js';
