// Each claim's expected amount and the insurer's answer beside it (docs/payout-rules.md): the claim's visits (claims'
// index) with their 세부산정내역 lines (intake's), where each visit was (the hospital's 종별, reference data) and her
// contract's generation (subscriptions'), reckoned by the contract's rules (estimateClaimOf) and said in words
// (explainEstimate, compareAnswer), in Korean and as catalog lines the history screen says in her language. An estimate is kept once made (payout_estimate): made again only while the claim
// waits for its answer and her generation has changed since; once answered it stays as it was shown.
import {
  PAYOUT_RULES,
  UNKNOWN_GENERATION_LINE,
  UNKNOWN_GENERATION_NOTE,
  careSettingOf,
  compareAnswer,
  estimateClaimOf,
  estimateLines,
  explainEstimate,
  phoneNumberNm,
  type AdjudicationItem,
  type ClaimPayout,
  type ClaimVisit,
  type PayoutEstimate,
  type PolicyGeneration,
  type TreatClaim,
} from '@auto-claim/contract';
import { sql } from 'kysely';
import type { Handle } from '../../db/handle.js';
import { claimVisitsOf } from '../claims/index.js';
import { linesOfRecords } from '../intake/index.js';
import { callCentresOf, hospitalTypesOf, insurersByCode } from '../reference/index.js';
import { insurerCountsOf, policyGenerationsOf } from '../subscriptions/index.js';
import { payoutDb } from './tables.js';

/**
 * A claim's estimate and answer, with the adjudication the insurer sent (the console shows it), and its sentences as
 * catalog messages (the history says them in her language).
 */
export interface Payout extends ClaimPayout {
  claimId: number;
  adjudication: AdjudicationItem[] | null;
  sentences: NonNullable<TreatClaim['payoutSentences']>;
}

/** Statuses after which the estimate is the one set beside the answer, never made again. */
const ANSWERED = new Set(['paid', 'rejected']);

/** The visits of each claim as the contract's estimate reads them. */
async function visitsOf(handle: Handle, found: Awaited<ReturnType<typeof claimVisitsOf>>) {
  const lines = await linesOfRecords(
    handle,
    found.visits.map((v) => Number(v.id)),
  );
  const types = await hospitalTypesOf(handle, [...new Set(found.visits.map((v) => v.hospitalCd))]);
  const byClaim = new Map<number, ClaimVisit[]>();
  for (const c of found.claims) {
    const own = found.visits.filter(
      (v) => Number(v.id) === Number(c.recordId) || Number(v.joinedRecordId) === Number(c.recordId),
    );
    byClaim.set(
      Number(c.id),
      own.map((v) => ({
        receipt: { coveredCopay: v.coveredCopay, uncovered: v.uncovered, lines: lines.get(Number(v.id)) ?? null },
        careSetting: careSettingOf(types.get(v.hospitalCd) ?? '', v.visitType),
      })),
    );
  }
  return byClaim;
}

/** Keeps an estimate: new, or made again over one not yet answered (never over one kept at the answer). */
async function keep(handle: Handle, claimId: number, e: PayoutEstimate, now: Date, answered: boolean) {
  const values = {
    claimId,
    policyGeneration: e.generation,
    careSetting: e.careSetting,
    amount: e.amount,
    detail: JSON.stringify(e) as unknown as PayoutEstimate,
    madeAt: now,
    answeredAt: answered ? now : null,
  };
  await payoutDb(handle)
    .insertInto('payoutEstimate')
    .values(values)
    .onConflict((oc) =>
      oc
        .column('claimId')
        .doUpdateSet({
          policyGeneration: values.policyGeneration,
          careSetting: values.careSetting,
          amount: values.amount,
          detail: values.detail,
          madeAt: now,
          answeredAt: answered ? now : null,
        })
        .where(sql.ref('payout_estimate.answered_at'), 'is', null),
    )
    .execute();
}

/**
 * The payout of each claim: its estimate (kept, or made now and kept), explained, and for a paid claim the answer set
 * beside it. `answeredNow`: the claims an insurer's answer is being recorded for (their estimate is kept as final).
 */
export async function payoutsOf(
  handle: Handle,
  claimIds: readonly number[],
  now: Date,
  opts: { answeredNow?: ReadonlySet<number> } = {},
): Promise<Map<number, Payout>> {
  const out = new Map<number, Payout>();
  if (claimIds.length === 0) return out;
  const found = await claimVisitsOf(handle, claimIds);
  const pairs = found.claims.flatMap((c) =>
    c.insuApplyId ? [{ insuApplyId: c.insuApplyId, insuCompCd: c.insuCompCd }] : [],
  );
  const insurerCodes = [...new Set(found.claims.map((c) => c.insuCompCd))];
  const [generations, counts, kept, adjudications, visits, phones, insurers] = await Promise.all([
    policyGenerationsOf(handle, pairs),
    insurerCountsOf(
      handle,
      pairs.map((p) => p.insuApplyId),
    ),
    payoutDb(handle)
      .selectFrom('payoutEstimate')
      .selectAll()
      .where('claimId', 'in', [...claimIds])
      .execute(),
    payoutDb(handle)
      .selectFrom('payoutAdjudication')
      .select(['claimId', 'items'])
      .where('claimId', 'in', [...claimIds])
      .execute(),
    visitsOf(handle, found),
    callCentresOf(handle, insurerCodes),
    insurersByCode(handle, insurerCodes),
  ]);
  const keptOf = new Map(kept.map((k) => [Number(k.claimId), k]));
  const itemsOf = new Map(adjudications.map((a) => [Number(a.claimId), a.items]));
  const nameOf = new Map(insurers.map((i) => [i.insuCompCd, i.insuCompNm]));
  for (const c of found.claims) {
    const id = Number(c.id);
    const answered = ANSWERED.has(c.status) || Boolean(opts.answeredNow?.has(id));
    const generation: PolicyGeneration | undefined = c.insuApplyId
      ? generations.get(`${c.insuApplyId}:${c.insuCompCd}`)
      : undefined;
    const stored = keptOf.get(id);
    const claimVisits = visits.get(id) ?? [];
    let estimate: PayoutEstimate | null = null;
    if (stored && (stored.answeredAt || !generation || stored.policyGeneration === generation)) {
      // Kept: as answered, or her generation unchanged (or, since, "잘 모르겠어요": the one it was made with stands).
      estimate = stored.detail;
      if (opts.answeredNow?.has(id) && !stored.answeredAt) await keep(handle, id, estimate, now, true);
    } else if (generation && claimVisits.length) {
      estimate = estimateClaimOf(claimVisits, PAYOUT_RULES[generation]);
      await keep(handle, id, estimate, now, answered);
    }
    const items = itemsOf.get(id) ?? null;
    if (!estimate) {
      out.set(id, {
        claimId: id,
        policyGeneration: null,
        estimate: null,
        explanation: [UNKNOWN_GENERATION_NOTE],
        comparison: null,
        adjudication: items,
        sentences: { explanation: [UNKNOWN_GENERATION_LINE], comparison: null },
      });
      continue;
    }
    const phone = phones.get(c.insuCompCd);
    const comparison =
      c.status === 'paid' && c.paidAmount !== null
        ? compareAnswer({
            estimate,
            paid: c.paidAmount,
            items,
            visits: claimVisits,
            insurerCount: c.insuApplyId ? (counts.get(c.insuApplyId) ?? 1) : 1,
            insurerNm: nameOf.get(c.insuCompCd) ?? c.insuCompCd,
            phone: phone ? phoneNumberNm(phone) : null,
          })
        : null;
    out.set(id, {
      claimId: id,
      policyGeneration: estimate.generation,
      estimate: estimate.amount,
      explanation: explainEstimate(estimate),
      comparison: comparison && {
        verdict: comparison.verdict,
        paid: comparison.paid,
        headline: comparison.headline,
        sentences: comparison.sentences,
        differences: comparison.differences.map((d) => ({ kind: d.kind, amount: d.amount })),
        unexplained: comparison.unexplained,
        ask: comparison.ask,
      },
      adjudication: items,
      sentences: { explanation: estimateLines(estimate), comparison: comparison?.lines ?? null },
    });
  }
  return out;
}
