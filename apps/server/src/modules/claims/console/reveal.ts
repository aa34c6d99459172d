// Revealing a claim's patient to an operator with a reason (README "Operator console"), written to the operators'
// record and the patient's access log in the same transaction (modules/audit).
import type { ReleaseBody, RevealAnswer } from '@auto-claim/contract/ops';
import type { AppContext } from '../../../context.js';
import { notFound } from '../../../http/problem.js';
import { recordAccess, recordOperatorAction, releaseAlert, takeRelease } from '../../audit/index.js';
import { subscriberOf } from '../../subscriptions/index.js';
import type { RecordPerson } from '../common.js';
import type { By } from './actions.js';
import { claimsDb, claimsTransaction } from '../tables.js';

const NOT_FOUND = () => notFound('청구를 찾을 수 없어요.', 'CLAIM_NOT_FOUND');

/**
 * The patient's unmasked name, phone and birth date for an operator who chose why and typed it; the operators' record
 * (category and typed reason) and the patient's own access log (the category only: the patient reads a fixed sentence
 * for it, never the operator's words) both get a line, in the same transaction, before the answer leaves.
 */
export async function revealPatient(
  ctx: AppContext,
  claimId: number,
  { category, reason }: ReleaseBody,
  by: By,
): Promise<RevealAnswer> {
  const c = await claimsDb(ctx)
    .selectFrom('claim as c')
    .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
    .select(['c.ciHmac', 'c.insuApplyId', 'c.recordId', 'r.personEnc'])
    .where('c.id', '=', claimId)
    .executeTakeFirst();
  if (!c) throw NOT_FOUND();
  // The subscriber as verified (name, birth date, phone); the hospital's record when there is no subscription left.
  const sub = await subscriberOf(ctx, c.ciHmac, c.insuApplyId);
  const record = ctx.crypto.decryptJson<RecordPerson>(c.personEnc);
  const answer: RevealAnswer = {
    claimId,
    name: sub?.person.userNm ?? record.name,
    phone: sub?.person.userTel ?? null,
    birthDate: sub?.person.birthday ?? record.birthDate,
  };
  const now = ctx.clock.now();
  const inHour = await claimsTransaction(ctx).execute(async (tx) => {
    // One release of the operator's hourly budget, shared with packages, relation documents and exports.
    const inHour = await takeRelease(tx, { loginId: by.loginId, action: 'patient_revealed', now });
    await recordOperatorAction(
      tx,
      {
        ...by,
        action: 'patient_revealed',
        ciHmac: c.ciHmac,
        claimId,
        recordId: Number(c.recordId),
        reason,
        detail: category,
      },
      now,
    );
    await recordAccess(
      tx,
      [
        {
          ciHmac: c.ciHmac,
          action: 'operator_revealed',
          actor: `operator:${by.loginId}`,
          claimId,
          recordId: Number(c.recordId),
          detail: category,
        },
      ],
      now,
    );
    return inHour;
  });
  releaseAlert(ctx, by.loginId, 'patient_revealed', inHour);
  return answer;
}
