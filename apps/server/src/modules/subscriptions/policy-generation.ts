// Her policy's generation (docs/payout-rules.md): each insurer contract's 실손 generation, kept on subscription_insurer.
// She says it at enrolment ("언제 가입하셨어요?", one answer for every insurer) and changes it per insurer on 내 자동청구;
// when she did not know, an insurer's answer that names it fills it in (never over hers). The payout module reads it
// through index.ts to make each claim's estimate.
import type { PolicyGeneration, PolicyGenerationBody } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { AppError } from '../../http/problem.js';
import type { Patient } from '../../security/session.js';
import { NOT_SUBSCRIBED } from './checks.js';
import * as repo from './repo.js';
import { subscriptionsDb } from './tables.js';
import { view } from './view.js';

/** PUT API.subscriptionInsurers: one of her live subscription's insurers, its generation as she picks it (null: 모름). */
export async function setPolicyGeneration(ctx: AppContext, patient: Patient, body: PolicyGenerationBody) {
  const row = await repo.findLiveByCiHmac(ctx.db, patient.ciHmac);
  if (!row) throw NOT_SUBSCRIBED();
  const changed = await subscriptionsDb(ctx)
    .updateTable('subscriptionInsurer')
    .set({
      policyGeneration: body.policyGeneration,
      policyGenerationBy: body.policyGeneration ? 'patient' : null,
    })
    .where('insuApplyId', '=', row.insuApplyId)
    .where('insuCompCd', '=', body.insuCompCd)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) {
    throw new AppError('INSURER_NOT_SUBSCRIBED', '자동청구하고 있는 보험사가 아니에요.', [
      { field: 'insuCompCd', message: '자동청구하고 있는 보험사가 아니에요.' },
    ]);
  }
  return view(ctx, patient);
}

/** The generation of each (subscription, insurer) asked for; a pair with none known is absent. */
export async function policyGenerationsOf(
  handle: Handle,
  pairs: readonly { insuApplyId: string; insuCompCd: string }[],
): Promise<Map<string, PolicyGeneration>> {
  const ids = [...new Set(pairs.map((p) => p.insuApplyId))];
  if (ids.length === 0) return new Map();
  const rows = await subscriptionsDb(handle)
    .selectFrom('subscriptionInsurer')
    .select(['insuApplyId', 'insuCompCd', 'policyGeneration'])
    .where('insuApplyId', 'in', ids)
    .where('policyGeneration', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [`${r.insuApplyId}:${r.insuCompCd}`, r.policyGeneration!]));
}

/** How many insurers a subscription claims at (비례보상 between them, docs/payout-rules.md). */
export async function insurerCountsOf(handle: Handle, insuApplyIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(insuApplyIds)];
  if (ids.length === 0) return new Map();
  const rows = await subscriptionsDb(handle)
    .selectFrom('subscriptionInsurer')
    .select(['insuApplyId', (eb) => eb.fn.countAll<string>().as('n')])
    .where('insuApplyId', 'in', ids)
    .groupBy('insuApplyId')
    .execute();
  return new Map(rows.map((r) => [r.insuApplyId, Number(r.n)]));
}

/**
 * An insurer's answer named her contract's generation: kept when she had not said it ("잘 모르겠어요"), never over
 * her own answer. In the caller's transaction (the answer's). Answers whether it was filled in.
 */
export async function fillPolicyGeneration(
  handle: Handle,
  at: { insuApplyId: string; insuCompCd: string },
  generation: PolicyGeneration,
): Promise<boolean> {
  const r = await subscriptionsDb(handle)
    .updateTable('subscriptionInsurer')
    .set({ policyGeneration: generation, policyGenerationBy: 'insurer' })
    .where('insuApplyId', '=', at.insuApplyId)
    .where('insuCompCd', '=', at.insuCompCd)
    .where('policyGenerationBy', 'is distinct from', 'patient')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
