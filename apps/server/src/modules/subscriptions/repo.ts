// SQL for subscriptions. Lookups by the keyed hash of the CI, never by plaintext; personal fields arrive here already
// encrypted (enrol.ts, manage.ts) and leave encrypted.
import { sql, type Insertable } from 'kysely';
import type { PolicyGeneration } from '@auto-claim/contract';
import type { Handle } from '../../db/handle.js';
import { purgeInBatches, type PurgeOptions } from '../../db/purge.js';
import { BLOB_COLUMNS, blobIdsOf } from './files.js';
import { subscriptionsDb, type SubscriptionTable, type SubscriptionsTables } from './tables.js';

/** The columns that name a subscription's files, emptied when she cancels. */
const FILE_COLUMNS = [
  'idcardImgBlobId',
  'idcardImgSha256',
  'idcardImgKeyId',
  'signImgBlobId',
  'signImgSha256',
  'signImgKeyId',
  'commissionBlobId',
  'commissionKeyId',
  'consentBlobId',
  'consentKeyId',
] as const;

export type { SubscriptionPerson } from './person.js';

/** The kept fields of the ID document (spec §3), encrypted JSON in subscription.idcard_enc. */
export interface SubscriptionIdcard {
  idcardIssueDate: string;
  idcardIssueOrg: string;
  regNo: string;
  checkCd: string;
}

const SUMMARY_COLUMNS = [
  'subscription.insuApplyId',
  'subscription.status',
  'subscription.prcMode',
  'subscription.personEnc',
  'subscription.insuCompCd',
  'subscription.bankCd',
  'subscription.bankAccountLast4',
  'subscription.bankAccountRel',
  'subscription.minAmt',
  'subscription.askUncovered',
  'subscription.batchDay',
  'subscription.retroMonth',
  'subscription.jobCd',
  'subscription.idcardType',
  'subscription.idcardImgEnc',
  'subscription.signImgEnc',
  'subscription.idcardImgBlobId',
  'subscription.idcardImgSha256',
  'subscription.idcardImgKeyId',
  'subscription.signImgBlobId',
  'subscription.signImgSha256',
  'subscription.signImgKeyId',
  'subscription.signMethod',
  'subscription.contractStartDate',
  'subscription.contractEndDate',
  'subscription.createdAt',
  'subscription.cancelledAt',
  'subscription.optTerms',
  'subscription.guardianEnc',
  'subscription.guardianRel',
  'subscription.relationStatus',
  'subscription.adultOn',
  'subscription.helperRel',
  'subscription.deskHandoffId',
] as const;

const summaryQuery = (handle: Handle) => subscriptionsDb(handle).selectFrom('subscription').select(SUMMARY_COLUMNS);

export type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof findLiveByCiHmac>>>;

export const findLiveByCiHmac = (handle: Handle, ciHmac: string) =>
  summaryQuery(subscriptionsDb(handle))
    .where('subscription.ciHmac', '=', ciHmac)
    .where('subscription.status', '=', 'subscribe')
    .executeTakeFirst();

/** The live subscription that holds this RRN (keyed hash), if any: whose, and for a child's, her guardian and 19th. */
export const findLiveByRrnHmac = (handle: Handle, rrnHmac: string) =>
  subscriptionsDb(handle)
    .selectFrom('subscription')
    .select(['insuApplyId', 'ciHmac', 'guardianCiHmac', 'adultOn'])
    .where('rrnHmac', '=', rrnHmac)
    .where('status', '=', 'subscribe')
    .executeTakeFirst();

/** The live subscription if there is one, otherwise the latest cancelled one. */
export const findLatestByCiHmac = (handle: Handle, ciHmac: string) =>
  summaryQuery(subscriptionsDb(handle))
    .where('subscription.ciHmac', '=', ciHmac)
    .orderBy(sql`subscription.status = 'subscribe'`, 'desc')
    .orderBy('subscription.createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();

export const findByIdempotencyKey = (handle: Handle, ciHmac: string, keyHmac: string) =>
  summaryQuery(subscriptionsDb(handle))
    .where('subscription.ciHmac', '=', ciHmac)
    .where('subscription.idempotencyKeyHmac', '=', keyHmac)
    .executeTakeFirst();

/** The whole row of one of this person's subscriptions (documents after submission). */
export const findOwn = (handle: Handle, ciHmac: string, insuApplyId: string) =>
  subscriptionsDb(handle)
    .selectFrom('subscription')
    .selectAll()
    .where('ciHmac', '=', ciHmac)
    .where('insuApplyId', '=', insuApplyId)
    .executeTakeFirst();

/** The hospitals this subscription still covers (codes and when each was added). */
export const liveHospitalRows = (handle: Handle, insuApplyId: string) =>
  subscriptionsDb(handle)
    .selectFrom('subscriptionHospital')
    .select(['hospitalCd', 'subscribedAt', 'insuApplyId'])
    .where('insuApplyId', '=', insuApplyId)
    .where('cancelledAt', 'is', null)
    .execute();

/** The insurers this subscription claims at. */
export const insurerRows = (handle: Handle, insuApplyId: string) =>
  subscriptionsDb(handle)
    .selectFrom('subscriptionInsurer')
    .select(['insuCompCd', 'idcardTypeCode', 'policyGeneration', 'policyGenerationBy'])
    .where('insuApplyId', '=', insuApplyId)
    .execute();

export async function insertSubscription(
  handle: Handle,
  row: Insertable<SubscriptionTable>,
  hospitals: { hospitalCd: string; agreeId: string | null }[],
  insurers: {
    insuCompCd: string;
    agreeIds: string[];
    idcardTypeCode: string | null;
    policyGeneration?: PolicyGeneration | null;
  }[],
) {
  const db = subscriptionsDb(handle);
  await db.insertInto('subscription').values(row).execute();
  await db
    .insertInto('subscriptionHospital')
    .values(hospitals.map((h) => ({ insuApplyId: row.insuApplyId, ...h, subscribedAt: row.createdAt })))
    .execute();
  await db
    .insertInto('subscriptionInsurer')
    .values(
      insurers.map((i) => ({
        insuApplyId: row.insuApplyId,
        insuCompCd: i.insuCompCd,
        agreeIds: JSON.stringify(i.agreeIds) as unknown as string[],
        idcardTypeCode: i.idcardTypeCode,
        // As she answered "언제 가입하셨어요?"; "잘 모르겠어요" leaves it for the insurer's answer.
        policyGeneration: i.policyGeneration ?? null,
        policyGenerationBy: i.policyGeneration ? ('patient' as const) : null,
      })),
    )
    .execute();
}

/** Adds hospitals; one removed earlier comes back with a new subscription date, one already live is left as it is. */
export const addHospitals = (
  handle: Handle,
  insuApplyId: string,
  hospitals: { hospitalCd: string; agreeId: string | null }[],
  now: Date,
) =>
  subscriptionsDb(handle)
    .insertInto('subscriptionHospital')
    .values(hospitals.map((h) => ({ insuApplyId, ...h, subscribedAt: now })))
    .onConflict((oc) =>
      oc.columns(['insuApplyId', 'hospitalCd']).doUpdateSet((eb) => ({
        agreeId: sql<string | null>`coalesce(${eb.ref('excluded.agreeId')}, ${eb.ref('subscriptionHospital.agreeId')})`,
        subscribedAt: sql<Date>`case when ${eb.ref('subscriptionHospital.cancelledAt')} is null then ${eb.ref('subscriptionHospital.subscribedAt')} else ${eb.ref('excluded.subscribedAt')} end`,
        cancelledAt: null,
      })),
    )
    .execute();

export const removeHospital = (handle: Handle, insuApplyId: string, hospitalCd: string, now: Date) =>
  subscriptionsDb(handle)
    .updateTable('subscriptionHospital')
    .set({ cancelledAt: now })
    .where('insuApplyId', '=', insuApplyId)
    .where('hospitalCd', '=', hospitalCd)
    .where('cancelledAt', 'is', null)
    .executeTakeFirst();

export const updateSubscription = (
  handle: Handle,
  insuApplyId: string,
  set: Partial<
    Pick<
      SubscriptionTable,
      'personEnc' | 'bankCd' | 'bankAccountEnc' | 'bankAccountLast4' | 'bankAccountRel' | 'minAmt'
    >
  > & { optTerms?: string[]; phoneHmac?: string | null; askUncovered?: boolean | null; batchDay?: number | null },
  now: Date,
) =>
  subscriptionsDb(handle)
    .updateTable('subscription')
    .set({
      ...set,
      ...(set.optTerms ? { optTerms: JSON.stringify(set.optTerms) as unknown as string[] } : {}),
      updatedAt: now,
    })
    .where('insuApplyId', '=', insuApplyId)
    .where('status', '=', 'subscribe')
    .executeTakeFirst();

/**
 * Cancels: at once, the ID photo, the signature (and the documents drawn with it), the ID document's numbers and the
 * account number are deleted and every hospital ends; the rest (encrypted name, RRN, phone, address for the record of
 * what was sent, the documents' hashes) goes with the whole row at purge_at (purgeDue). Answers the blob ids the row
 * named, for the caller to delete once this has committed (files.ts, deleteFiles).
 */
export const cancelSubscription = (
  handle: Handle,
  insuApplyId: string,
  now: Date,
  purgeAt: Date,
  endReason: 'cancelled' | 'grown_up' | 'dispute' = 'cancelled',
) =>
  subscriptionsDb(handle)
    .transaction()
    .execute((db) => cancelIn(db, insuApplyId, now, purgeAt, endReason));

/** cancelSubscription in the caller's transaction (a takeover ends one subscription as it writes another). */
export async function cancelIn(
  handle: Handle,
  insuApplyId: string,
  now: Date,
  purgeAt: Date,
  endReason: 'cancelled' | 'grown_up' | 'dispute',
) {
  const db = subscriptionsDb(handle);
  const named = await db
    .selectFrom('subscription')
    .select(BLOB_COLUMNS)
    .where('insuApplyId', '=', insuApplyId)
    .where('status', '=', 'subscribe')
    .forUpdate()
    .executeTakeFirst();
  if (!named) return [];
  await db
    .updateTable('subscription')
    .set({
      status: 'cancel',
      cancelledAt: now,
      updatedAt: now,
      purgeAt,
      endReason,
      idcardImgEnc: null,
      signImgEnc: null,
      idcardEnc: null,
      bankAccountEnc: null,
      ...Object.fromEntries(FILE_COLUMNS.map((c) => [c, null])),
    })
    .where('insuApplyId', '=', insuApplyId)
    .execute();
  await db
    .updateTable('subscriptionHospital')
    .set({ cancelledAt: now })
    .where('insuApplyId', '=', insuApplyId)
    .where('cancelledAt', 'is', null)
    .execute();
  return blobIdsOf(named);
}

/**
 * Deletes cancelled subscriptions whose purge date has come (hospitals and insurers go by cascade); answers the blob
 * ids they named, for the caller to delete after this (files.ts, deleteFiles).
 */
export async function purgeDue(handle: Handle, now: Date, opts?: PurgeOptions): Promise<string[]> {
  const due = sql`status = 'cancel' and purge_at <= ${now}`;
  const { rows } = await purgeInBatches<SubscriptionsTables, Parameters<typeof blobIdsOf>[0]>(
    subscriptionsDb(handle),
    'subscription',
    due,
    {
      ...opts,
      returning: [...BLOB_COLUMNS],
    },
  );
  return rows.flatMap(blobIdsOf);
}

/** What the signed documents are made from, and whether they were (documents.ts, makeDocuments). */
export const documentRowOf = (handle: Handle, insuApplyId: string) =>
  subscriptionsDb(handle)
    .selectFrom('subscription')
    .select([
      'insuApplyId',
      'personEnc',
      'retroMonth',
      'contractStartDate',
      'contractEndDate',
      'signImgEnc',
      'signImgBlobId',
      'signImgSha256',
      'signMethod',
      'commissionSha256',
      'guardianEnc',
      'guardianRel',
      'helperRel',
      'deskHandoffId',
    ])
    .where('insuApplyId', '=', insuApplyId)
    .executeTakeFirst();

/** Where the signed documents are kept (documents.ts, signedDocuments). */
export const documentFilesOf = (handle: Handle, insuApplyId: string) =>
  subscriptionsDb(handle)
    .selectFrom('subscription')
    .select(['commissionBlobId', 'commissionSha256', 'consentBlobId', 'consentSha256'])
    .where('insuApplyId', '=', insuApplyId)
    .executeTakeFirst();

/**
 * The documents as first made, kept by the first writer only (documents.ts, makeDocuments): true when this call's
 * were kept.
 */
export const recordDocuments = async (
  handle: Handle,
  insuApplyId: string,
  commission: { blobId: string; sha256: string; keyId: string },
  consent: { blobId: string; sha256: string; keyId: string },
) =>
  Number(
    (
      await subscriptionsDb(handle)
        .updateTable('subscription')
        .set({
          commissionSha256: commission.sha256,
          commissionBlobId: commission.blobId,
          commissionKeyId: commission.keyId,
          consentSha256: consent.sha256,
          consentBlobId: consent.blobId,
          consentKeyId: consent.keyId,
        })
        .where('insuApplyId', '=', insuApplyId)
        .where('commissionSha256', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

/** Live subscriptions with a signature whose documents are not made yet, oldest first. */
export const pendingDocumentIds = async (handle: Handle, limit: number) =>
  (
    await subscriptionsDb(handle)
      .selectFrom('subscription')
      .select('insuApplyId')
      .where('status', '=', 'subscribe')
      .where('commissionSha256', 'is', null)
      .where((eb) => eb.or([eb('signImgBlobId', 'is not', null), eb('signImgEnc', 'is not', null)]))
      .orderBy('createdAt')
      .limit(limit)
      .execute()
  ).map((r) => r.insuApplyId);
