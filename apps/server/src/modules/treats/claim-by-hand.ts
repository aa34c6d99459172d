// Claiming by hand (/web/treat; README, claim engine): a patient claims visits the engine did not (or for an insurer
// it did not), all or nothing, through the engine's own insert, so the claim is sent like any other.
import type { TreatVisit } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import type { Patient } from '../../security/session.js';
import { insertClaims, recordsByIds } from '../claims/index.js';
import { liveSubscriptionOf } from '../subscriptions/index.js';
import { toId } from './common.js';
import { lapsed, load, ownerOf, toVisits, TREAT_NOT_FOUND } from './history.js';
import { treatsDb } from './tables.js';

/**
 * Claims the given visits for the given insurers (default: every insurer of the live subscription not yet claimed),
 * all or nothing. Idempotent: an existing claim of a visit × insurer is kept as it is and counted as not created.
 * `fieldOf(i)` names the body field of the i-th id in errors (treatId, treatIds.2).
 */
export async function claimTreats(
  ctx: AppContext,
  patient: Patient,
  treatIds: string[],
  insuCompCds: string[] | undefined,
  fieldOf: (i: number) => string,
): Promise<{ list: TreatVisit[]; created: number; claimIds: number[] }> {
  const ids = treatIds.map((t, i) => {
    const id = toId(t);
    if (id === undefined) throw TREAT_NOT_FOUND(fieldOf(i));
    return id;
  });
  const now = ctx.clock.now();
  const owner = await ownerOf(ctx, patient.ciHmac);
  const made = await treatsDb(ctx.db)
    .transaction()
    .execute(async (trx) => {
      const sub = await liveSubscriptionOf(trx, patient.ciHmac);
      if (!sub) {
        throw new AppError('NOT_SUBSCRIBED', '자동청구에 가입되어 있지 않아 청구할 수 없어요. 먼저 가입해 주세요.');
      }
      const records = await recordsByIds(trx, owner, ids);
      ids.forEach((id, i) => {
        if (!records.some((r) => r.id === id)) throw TREAT_NOT_FOUND(fieldOf(i));
      });
      const insurers = insuCompCds ?? sub.insurers;
      const foreign = insurers.findIndex((c) => !sub.insurers.includes(c));
      if (foreign >= 0) {
        throw new AppError('VALIDATION_FAILED', '자동청구에 가입한 보험사에만 청구할 수 있어요.', [
          { field: `insuCompCds.${foreign}`, message: '자동청구에 가입한 보험사가 아니에요.' },
        ]);
      }
      ids.forEach((id, i) => {
        const r = records.find((x) => x.id === id)!;
        if (lapsed(r.visitDate, now)) {
          throw new AppError('CLAIM_LAPSED', '진료일로부터 3년이 지나 청구할 수 없어요.', [
            { field: fieldOf(i), message: '청구할 수 있는 기간이 지났어요.' },
          ]);
        }
        if (r.outcome === 'pending') {
          throw new AppError(
            'TREAT_PENDING',
            '병원에서 받은 진료 기록을 아직 확인하고 있어요. 잠시 후 다시 시도해 주세요.',
            [{ field: fieldOf(i), message: '확인하고 있는 진료예요.' }],
          );
        }
      });
      const rows = ids.flatMap((recordId) => {
        const r = records.find((x) => x.id === recordId)!;
        // Claimed already, by the claim that carries it (a pharmacy with its clinic): never a second claim of it.
        if (r.joinedRecordId) return [];
        return insurers.map((insuCompCd) => ({
          recordId,
          insuCompCd,
          insuApplyId: sub.insuApplyId,
          ciHmac: patient.ciHmac,
          amount: r.totalPaid,
          scheduledFor: null,
          origin: 'patient' as const,
        }));
      });
      // The engine's own insert: the claim, its first status, its delivery (sent by the engine's workers) and the
      // access log entry; an existing claim of the visit × insurer is skipped, so a repeat creates nothing.
      const claims = await insertClaims(ctx, trx, rows, now);
      return claims;
    });
  const records = await recordsByIds(ctx.db, owner, ids);
  const ordered = ids.map((id) => records.find((r) => r.id === id)!);
  const list = toVisits(ctx, await load(ctx, patient.ciHmac, ordered));
  return { list, created: made.length, claimIds: made };
}
