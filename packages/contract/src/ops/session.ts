// The console's own session calls (README "Operator console"); the sign-in's and the accounts' are in operators.ts.
import { opsSession, type OpsSession } from './operators.js';

export const OPS_API = {
  /** Who is signed in: the console asks at start and after every sign-in step. */
  me: '/api/admin/me',
} as const;

/** GET /api/admin/me: who, which role, which sign-in stage, until when, and the session's CSRF token. */
export const opsMe = opsSession;
export type OpsMe = OpsSession;
