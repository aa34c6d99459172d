// The operators' own record (operator_action), written: who did what, from where, about which patient, and why (the
// module's index.ts says what the record is; export.ts writes each export to it). Appended in the caller's
// transaction when the handle is one.
import type { OperatorAction } from '@auto-claim/contract/ops';
import type { Handle } from '../../db/handle.js';
import { auditDb } from './tables.js';

export interface OperatorActionEntry {
  loginId: string;
  /** Where the call came from (req.ip, which TRUST_PROXY makes the client's); stored encrypted. */
  ipEnc: string;
  action: OperatorAction;
  ciHmac?: string | null;
  recordId?: number | null;
  claimId?: number | null;
  target?: string | null;
  reason?: string | null;
  detail?: string | null;
}

/** Who did it and from where, for an operator call that passed requireOperator. */
export const byOperator = (
  ctx: { crypto: { encrypt(s: string): string } },
  req: { operatorId?: string; ip: string },
): Pick<OperatorActionEntry, 'loginId' | 'ipEnc'> => ({
  loginId: req.operatorId ?? 'unknown',
  ipEnc: ctx.crypto.encrypt(req.ip),
});

/** Appends one operator action, in the caller's transaction when `db` is one (so the action and its record agree). */
export async function recordOperatorAction(handle: Handle, e: OperatorActionEntry, at: Date) {
  const db = auditDb(handle);
  await db
    .insertInto('operatorAction')
    .values({
      at,
      loginId: e.loginId,
      ipEnc: e.ipEnc,
      action: e.action,
      ciHmac: e.ciHmac ?? null,
      recordId: e.recordId ?? null,
      claimId: e.claimId ?? null,
      target: e.target ?? null,
      reason: e.reason ?? null,
      detail: e.detail ?? null,
    })
    .execute();
}
