// The payout account's holder check (예금주 조회) through the bank-check provider. Owns: account_check (the GET's
// answers, kept a few minutes).
export { accountRoutes } from './routes.js';
export { checkAccount, checkAccountOnce, checkHolder } from './service.js';
