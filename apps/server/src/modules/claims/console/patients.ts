// Who and where a console row names (README "Operator console"): its patient masked as the subscription verified, its
// hospital's and insurer's names by code; and, for the access log, its rows' masked patients and a patient's hash.
import { maskName, maskPhone, sameName } from '@auto-claim/contract';
import type { AppContext } from '../../../context.js';
import type { Handle } from '../../../db/handle.js';
import { hospitalsByCode, insurersByCode } from '../../reference/index.js';
import { contactsOf, insuredPersonsOf } from '../../subscriptions/index.js';
import { insuredOf, type RecordPerson } from '../common.js';
import { claimsDb } from '../tables.js';

/** Names of hospitals and insurers for a page of rows. */
export async function namesOf(db: Handle, hospitals: string[], insurers: string[]) {
  const [h, i] = await Promise.all([
    hospitalsByCode(db, [...new Set(hospitals)]),
    insurersByCode(db, [...new Set(insurers)]),
  ]);
  return {
    hospital: new Map(h.map((x) => [x.hospitalCd, x.hospitalNm])),
    insurer: new Map(i.map((x) => [x.insuCompCd, x.insuCompNm])),
    callCenter: new Map(i.map((x) => [x.insuCompCd, x.callCenter])),
  };
}

/**
 * The masked patient of each row: the name and phone the subscription verified (the name the claim's documents write,
 * common.ts insuredOf), the hospital's when no subscription is left; and the record's own name, masked, where the
 * hospital wrote another (a released held record), for "병원 기록상 이름".
 */
export async function maskedPatients(ctx: AppContext, rows: { personEnc: string; insuApplyId: string | null }[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.insuApplyId ? [r.insuApplyId] : [])))];
  const [contacts, subscribers] = await Promise.all([contactsOf(ctx, ctx.db, ids), insuredPersonsOf(ctx, ctx.db, ids)]);
  return rows.map((r) => {
    const insured = insuredOf(
      ctx.crypto.decryptJson<RecordPerson>(r.personEnc),
      r.insuApplyId ? subscribers.get(r.insuApplyId) : undefined,
    );
    const tel = r.insuApplyId ? contacts.get(r.insuApplyId)?.userTel : undefined;
    const recorded = insured.recordedAs?.name;
    return {
      patient: { name: maskName(insured.name), phone: tel ? maskPhone(tel) : null },
      recordName: recorded && !sameName(recorded, insured.name) ? maskName(recorded) : null,
    };
  });
}

/** Masked names of the patients of some claims and records (the access log's rows). */
export async function maskedPatientsOf(ctx: AppContext, by: { claimIds: number[]; recordIds: number[] }) {
  const [claims, records] = await Promise.all([
    by.claimIds.length
      ? claimsDb(ctx)
          .selectFrom('claim as c')
          .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
          .select(['c.id', 'r.personEnc'])
          .where('c.id', 'in', by.claimIds)
          .execute()
      : [],
    by.recordIds.length
      ? claimsDb(ctx)
          .selectFrom('treatmentRecord')
          .select(['id', 'personEnc'])
          .where('id', 'in', by.recordIds)
          .execute()
      : [],
  ]);
  const name = (enc: string) => maskName(ctx.crypto.decryptJson<RecordPerson>(enc).name);
  return {
    claim: new Map(claims.map((c) => [Number(c.id), name(c.personEnc)])),
    record: new Map(records.map((r) => [Number(r.id), name(r.personEnc)])),
  };
}

/** The keyed hash of the CI of a claim's or a record's patient (the access log's patient filter). */
export async function patientCiHmacOf(ctx: AppContext, by: { claimId?: number; recordId?: number }) {
  if (by.claimId !== undefined) {
    const c = await claimsDb(ctx).selectFrom('claim').select('ciHmac').where('id', '=', by.claimId).executeTakeFirst();
    return c?.ciHmac ?? null;
  }
  if (by.recordId !== undefined) {
    const r = await claimsDb(ctx)
      .selectFrom('treatmentRecord')
      .select('ciHmac')
      .where('id', '=', by.recordId)
      .executeTakeFirst();
    return r?.ciHmac ?? null;
  }
  return null;
}
