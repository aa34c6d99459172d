// SQL for the patient's treatment history, claims asked for by the patient, ID copies and the access log.
// Built on the engine's tables (migration 0005_claims) and our own (0006_treats); a patient is always found through
// the keyed hash of the CI, never plaintext.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A record the patient may see: matched to their CI, or to one of their subscriptions (records that carried an RRN). */
const ownRecords = (db: Db, ciHmac: string) =>
  db
    .selectFrom('treatmentRecord')
    .innerJoin('hospital', 'hospital.hospitalCd', 'treatmentRecord.hospitalCd')
    .where((eb) =>
      eb.or([
        eb('treatmentRecord.ciHmac', '=', ciHmac),
        eb(
          'treatmentRecord.insuApplyId',
          'in',
          eb.selectFrom('subscription').select('subscription.insuApplyId').where('subscription.ciHmac', '=', ciHmac),
        ),
      ]),
    );

const RECORD_COLUMNS = [
  'treatmentRecord.id',
  'treatmentRecord.hospitalCd',
  'hospital.hospitalNm',
  'treatmentRecord.receiptNo',
  'treatmentRecord.detailEnc',
  'treatmentRecord.visitDate',
  'treatmentRecord.visitType',
  'treatmentRecord.coveredCopay',
  'treatmentRecord.uncovered',
  'treatmentRecord.totalPaid',
  'treatmentRecord.insuApplyId',
  'treatmentRecord.outcome',
  'treatmentRecord.receivedAt',
] as const;

/** Newest visit first. */
export const listRecords = (db: Db, ciHmac: string, limit: number) =>
  ownRecords(db, ciHmac)
    .select(RECORD_COLUMNS)
    .orderBy('treatmentRecord.visitDate', 'desc')
    .orderBy('treatmentRecord.id', 'desc')
    .limit(limit)
    .execute();

export const findRecords = (db: Db, ciHmac: string, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : ownRecords(db, ciHmac).select(RECORD_COLUMNS).where('treatmentRecord.id', 'in', ids).execute();

export type RecordRow = Awaited<ReturnType<typeof listRecords>>[number];

export const claimsOfRecords = (db: Db, recordIds: number[]) =>
  recordIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('claim')
        .innerJoin('insurer', 'insurer.insuCompCd', 'claim.insuCompCd')
        .leftJoin('claimDelivery', 'claimDelivery.claimId', 'claim.id')
        .select([
          'claim.id',
          'claim.recordId',
          'claim.insuCompCd',
          'insurer.insuCompNm',
          'claim.origin',
          'claim.amount',
          'claim.status',
          'claim.rejectReason',
          'claim.paidAmount',
          'claim.createdAt',
          'claim.updatedAt',
          'claimDelivery.channel',
          'claimDelivery.lastError',
        ])
        .where('claim.recordId', 'in', recordIds)
        .orderBy('claim.id')
        .execute();

export type ClaimRow = Awaited<ReturnType<typeof claimsOfRecords>>[number];

export const historyOfClaims = (db: Db, claimIds: number[]) =>
  claimIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('claimStatusHistory')
        .select(['claimId', 'status', 'at'])
        .where('claimId', 'in', claimIds)
        .orderBy('id')
        .execute();

/** The patient's live subscription with its insurers (the main one first). */
export async function liveSubscription(db: Db, ciHmac: string) {
  const sub = await db
    .selectFrom('subscription')
    .select(['insuApplyId', 'ciEnc', 'personEnc', 'insuCompCd', 'minAmt'])
    .where('ciHmac', '=', ciHmac)
    .where('status', '=', 'subscribe')
    .executeTakeFirst();
  if (!sub) return undefined;
  const more = await db
    .selectFrom('subscriptionInsurer')
    .select('insuCompCd')
    .where('insuApplyId', '=', sub.insuApplyId)
    .execute();
  const insurers = [sub.insuCompCd, ...more.map((m) => m.insuCompCd).filter((c) => c !== sub.insuCompCd)];
  return { ...sub, insurers };
}

/** Any subscription of this CI, live or not: its minimum amount is what the history explains. */
export const latestMinAmt = async (db: Db, ciHmac: string) =>
  (
    await db
      .selectFrom('subscription')
      .select('minAmt')
      .where('ciHmac', '=', ciHmac)
      .orderBy(sql`status = 'subscribe'`, 'desc')
      .orderBy('updatedAt', 'desc')
      .executeTakeFirst()
  )?.minAmt ?? null;

// ---------------------------------------------------------------------------------------------------------------
// The access log (append-only: the table refuses updates and deletes).

export interface AccessLogInsert {
  ciHmac: string;
  action: string;
  actor: string;
  recordId?: number | null;
  claimId?: number | null;
  detail?: string | null;
}

export async function appendAccessLog(db: Db, entries: AccessLogInsert[], at: Date) {
  if (entries.length === 0) return;
  await db
    .insertInto('accessLog')
    .values(
      entries.map((e) => ({
        ciHmac: e.ciHmac,
        action: e.action,
        actor: e.actor,
        recordId: e.recordId ?? null,
        claimId: e.claimId ?? null,
        detail: e.detail ?? null,
        at,
      })),
    )
    .execute();
}

export const listAccessLog = (db: Db, ciHmac: string, limit: number) =>
  db
    .selectFrom('accessLog')
    .leftJoin('treatmentRecord', 'treatmentRecord.id', 'accessLog.recordId')
    .leftJoin('claim', 'claim.id', 'accessLog.claimId')
    .select([
      'accessLog.id',
      'accessLog.action',
      'accessLog.actor',
      'accessLog.detail',
      'accessLog.at',
      'treatmentRecord.visitDate',
      'treatmentRecord.hospitalCd',
      'claim.insuCompCd',
      'claim.origin',
    ])
    .where('accessLog.ciHmac', '=', ciHmac)
    .orderBy('accessLog.id', 'desc')
    .limit(limit)
    .execute();

export const countAccessLog = async (db: Db, ciHmac: string) =>
  Number(
    (
      await db
        .selectFrom('accessLog')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('ciHmac', '=', ciHmac)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Names for the codes an access log or a claim mentions. */
export async function namesOf(db: Db, hospitalCds: string[], insuCompCds: string[]) {
  const [hospitals, insurers] = await Promise.all([
    hospitalCds.length
      ? db.selectFrom('hospital').select(['hospitalCd', 'hospitalNm']).where('hospitalCd', 'in', hospitalCds).execute()
      : [],
    insuCompCds.length
      ? db.selectFrom('insurer').select(['insuCompCd', 'insuCompNm']).where('insuCompCd', 'in', insuCompCds).execute()
      : [],
  ]);
  return {
    hospital: new Map(hospitals.map((h) => [h.hospitalCd, h.hospitalNm])),
    insurer: new Map(insurers.map((i) => [i.insuCompCd, i.insuCompNm])),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// ID copies

export const listIdCardRequests = (db: Db, ciHmac: string) =>
  db
    .selectFrom('idCardRequest')
    .innerJoin('insurer', 'insurer.insuCompCd', 'idCardRequest.insuCompCd')
    .leftJoin('claim', 'claim.id', 'idCardRequest.claimId')
    .leftJoin('treatmentRecord', 'treatmentRecord.id', 'claim.recordId')
    .leftJoin('hospital', 'hospital.hospitalCd', 'treatmentRecord.hospitalCd')
    .select([
      'idCardRequest.id',
      'idCardRequest.insuCompCd',
      'insurer.insuCompNm',
      'idCardRequest.claimId',
      'idCardRequest.reason',
      'idCardRequest.requestedAt',
      'idCardRequest.submittedAt',
      'treatmentRecord.visitDate',
      'hospital.hospitalNm',
    ])
    .where('idCardRequest.ciHmac', '=', ciHmac)
    .orderBy('idCardRequest.id', 'desc')
    .limit(50)
    .execute();

/** The ID types each insurer takes (its INSU_PHOTO ui-control ID_PHOTO_TYPES, a JSON array), by insurer. */
export async function acceptedIdTypes(db: Db, insuCompCds: string[]) {
  const rows = insuCompCds.length
    ? await db
        .selectFrom('uiControl')
        .select(['compCd', 'ctrlVal'])
        .where('compType', '=', 'INSU_PHOTO')
        .where('ctrlKey', '=', 'ID_PHOTO_TYPES')
        .where('compCd', 'in', insuCompCds)
        .execute()
    : [];
  const out = new Map<string, string[]>();
  for (const r of rows) {
    try {
      const v: unknown = JSON.parse(r.ctrlVal);
      if (Array.isArray(v))
        out.set(
          r.compCd,
          v.filter((x): x is string => typeof x === 'string'),
        );
    } catch {
      // a malformed control means "no restriction"
    }
  }
  return out;
}

export const openIdCardRequests = (db: Db, ciHmac: string, requestId?: number) => {
  let q = db
    .selectFrom('idCardRequest')
    .select(['id', 'insuCompCd', 'claimId'])
    .where('ciHmac', '=', ciHmac)
    .where('submittedAt', 'is', null);
  if (requestId !== undefined) q = q.where('id', '=', requestId);
  return q.orderBy('id').forUpdate().execute();
};

export const findIdCardRequest = (db: Db, ciHmac: string, requestId: number) =>
  db
    .selectFrom('idCardRequest')
    .select(['id', 'submittedAt'])
    .where('ciHmac', '=', ciHmac)
    .where('id', '=', requestId)
    .executeTakeFirst();

export async function insertIdCardSubmission(
  db: Db,
  s: {
    ciHmac: string;
    idcardType: 'ic' | 'dl' | 'pp';
    imageEnc: string;
    imageSha256: string;
    imageBytes: number;
    width: number;
    height: number;
    fieldsEnc: string;
  },
  at: Date,
) {
  const row = await db
    .insertInto('idCardSubmission')
    .values({ ...s, submittedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const markIdCardRequestsSubmitted = (db: Db, requestIds: number[], submissionId: number, at: Date) =>
  requestIds.length === 0
    ? Promise.resolve()
    : db
        .updateTable('idCardRequest')
        .set({ submissionId, submittedAt: at })
        .where('id', 'in', requestIds)
        .where('submittedAt', 'is', null)
        .execute()
        .then(() => undefined);

/** An insurer's request; the same open request for the same claim is not made twice. */
export async function insertIdCardRequest(
  db: Db,
  r: { ciHmac: string; insuCompCd: string; claimId: number | null; reason: string },
  at: Date,
): Promise<{ id: number; created: boolean }> {
  if (r.claimId !== null) {
    const open = await db
      .selectFrom('idCardRequest')
      .select('id')
      .where('claimId', '=', r.claimId)
      .where('insuCompCd', '=', r.insuCompCd)
      .where('submittedAt', 'is', null)
      .executeTakeFirst();
    if (open) return { id: open.id, created: false };
  }
  const row = await db
    .insertInto('idCardRequest')
    .values({ ...r, requestedAt: at, submissionId: null, submittedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}

/** The claim an insurer asks about, with the CI's keyed hash it belongs to. */
export const findClaim = (db: Db, claimId: number) =>
  db
    .selectFrom('claim')
    .select(['id', 'ciHmac', 'insuCompCd', 'insuApplyId', 'recordId'])
    .where('id', '=', claimId)
    .executeTakeFirst();
