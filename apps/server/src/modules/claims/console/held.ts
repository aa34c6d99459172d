// For operators (GET OPERATOR_API.heldRecords): records held as another person's (identity_mismatch) or disowned by
// the patient (not_patients); held.ts says why a record is held.
import type { z } from 'zod';
import type { OperatorHeldRecord } from '@auto-claim/contract';
import type { heldRecordsQuery } from '@auto-claim/contract/ops';
import type { AppContext } from '../../../context.js';
import { keysetPage } from '../../../db/page.js';
import { claimsDb } from '../tables.js';

/** A page of the held records, newest first unless sorted otherwise (the console's list). */
export async function heldRecords(ctx: AppContext, q: z.output<typeof heldRecordsQuery>) {
  const column = { receivedAt: 'receivedAt', visitDate: 'visitDate', hospitalCd: 'hospitalCd' } as const;
  let base = claimsDb(ctx).selectFrom('treatmentRecord').where('outcome', 'in', ['identity_mismatch', 'not_patients']);
  if (q.reason) base = base.where('outcome', '=', q.reason);
  if (q.hospitalCd) base = base.where('hospitalCd', '=', q.hospitalCd);
  const { rows, ...page } = await keysetPage(
    ctx.db,
    base.select(['id', 'hospitalCd', 'receiptNo', 'visitDate', 'outcome', 'insuApplyId', 'receivedAt', 'decidedAt']),
    q,
    { by: column[q.sort ?? 'receivedAt'], id: 'id' },
  );
  const list = rows.map((r): OperatorHeldRecord => ({
    recordId: r.id,
    hospitalCd: r.hospitalCd,
    receiptNo: r.receiptNo,
    visitDate: r.visitDate,
    reason: r.outcome as OperatorHeldRecord['reason'],
    insuApplyId: r.insuApplyId,
    receivedAt: new Date(r.receivedAt).toISOString(),
    decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
  }));
  return { ...page, list };
}
