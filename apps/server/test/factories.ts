// Test data through the same crypto and keyed hashes as the app: a subscribed patient (createSubscriber) and
// treatment records as a hospital sends them (treatmentRecord). Identity numbers are test-only: the RRN's
// birth date is real, the rest is 9s and 0s no registry issues together with the names used here.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TreatmentRecordInput } from '@auto-claim/contract';
import type { AppContext } from '../src/context.js';
import { ciHmacOf } from '../src/security/session.js';

let seq = 0;

export interface Subscriber {
  ci: string;
  ciHmac: string;
  insuApplyId: string;
  rrn: string;
  birthDate: string;
  userNm: string;
  userTel: string;
}

export async function createSubscriber(
  ctx: AppContext,
  o: {
    hospitals?: string[];
    insurers?: string[];
    minAmt?: number;
    retroMonth?: number;
    contractStartDate?: string;
    contractEndDate?: string;
    repeatWeek?: number | null;
    repeatDay?: number | null;
    userTel?: string;
  } = {},
): Promise<Subscriber> {
  seq += 1;
  const n = `${process.pid % 1000}${seq}`.padStart(6, '0').slice(-6);
  const ci = `test-ci-${n}-${randomBytes(8).toString('hex')}`;
  const birthDate = '19850101';
  const userIdno2 = `1${n}`;
  const userTel = o.userTel ?? `0109${n.slice(-3)}${String(seq).padStart(4, '0').slice(-4)}`;
  const insuApplyId = `TA${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  const insurers = o.insurers ?? ['SAMSUNGFIRE'];
  const userNm = '테스트환자';
  await sql`insert into subscription (insu_apply_id, ci_hmac, ci_enc, status, prc_mode, person_enc, insu_comp_cd,
      min_amt, retro_month, contract_start_date, contract_end_date, repeat_week, repeat_day)
    values (${insuApplyId}, ${ciHmacOf(ctx, ci)}, ${ctx.crypto.encrypt(ci)}, 'subscribe', 'outer',
      ${ctx.crypto.encryptJson({ userNm, birthday: birthDate, sex: 'M', userIdno2, userTel })}, ${insurers[0]},
      ${o.minAmt ?? 0}, ${o.retroMonth ?? 0}, ${o.contractStartDate ?? '20260101'}, ${o.contractEndDate ?? '20261231'},
      ${o.repeatWeek ?? null}, ${o.repeatDay ?? null})`.execute(ctx.db);
  for (const hospitalCd of o.hospitals ?? ['90000001']) {
    await ctx.db
      .insertInto('subscriptionHospital')
      .values({ insuApplyId, hospitalCd, agreeId: null, cancelledAt: null })
      .execute();
  }
  for (const insuCompCd of insurers) {
    await ctx.db.insertInto('subscriptionInsurer').values({ insuApplyId, insuCompCd }).execute();
  }
  return {
    ci,
    ciHmac: ciHmacOf(ctx, ci),
    insuApplyId,
    rrn: birthDate.slice(2) + userIdno2,
    birthDate,
    userNm,
    userTel,
  };
}

let receipt = 0;

/** A record of this patient as the hospital sends it; by CI unless `by: 'rrn'`. */
export function treatmentRecord(
  who: Pick<Subscriber, 'ci' | 'rrn' | 'birthDate' | 'userNm'>,
  o: Partial<Omit<TreatmentRecordInput, 'patient'>> & { by?: 'ci' | 'rrn' } = {},
): TreatmentRecordInput {
  receipt += 1;
  const coveredCopay = o.coveredCopay ?? 12_000;
  const uncovered = o.uncovered ?? 8_000;
  return {
    receiptNo: o.receiptNo ?? `R${Date.now().toString(36)}-${receipt}`,
    patient: {
      name: who.userNm,
      birthDate: who.birthDate,
      ...(o.by === 'rrn' ? { rrn: who.rrn } : { ci: who.ci }),
    },
    visitDate: o.visitDate ?? '20260610',
    visitType: o.visitType ?? '외래',
    department: o.department ?? '내과',
    kcdCodes: o.kcdCodes ?? ['J00'],
    coveredCopay,
    uncovered,
    totalPaid: o.totalPaid ?? coveredCopay + uncovered,
  };
}
