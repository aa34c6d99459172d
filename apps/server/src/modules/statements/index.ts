// The monthly statement (README "The monthly statement"): once a month, a short summary to each subscriber by her
// channel and a link to her month's page (claimed, paid, waiting, not claimed with the reason, and what she received
// this year), read from the claim engine's rollups of her subscription. Owns: monthly_statement.
export { statementRoutes } from './routes.js';
export { statementJobs, MONTHLY_STATEMENTS_QUEUE } from './jobs.js';
export { previousMonth, sendMonthlyStatements, statementText } from './send.js';
