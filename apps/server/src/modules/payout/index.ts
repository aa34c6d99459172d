// Payout (docs/payout-rules.md): what each claim should pay by her policy's generation and why, and the insurer's answer
// set beside it; the insurer's per-line adjudication. The rules themselves are the contract's (PAYOUT_RULES). It sits
// above claims: the claims module reaches it only through the AnswerPort app.ts hands in. Owns: payout_estimate,
// payout_adjudication.
export { payoutRoutes } from './routes.js';
export { payoutsOf, type Payout } from './estimates.js';
export { recordPayoutAnswer, type AnswerPort, type PayoutAnswer } from './answers.js';
