// What the patient's history (the treats module) reads of the claim engine's tables, through index.ts: their
// treatment records, the claims made of them and each claim's status history. A patient's records are those matched
// to their CI or to one of their subscriptions (records that carried only an RRN), except those held or unlinked
// (rules.ts, HIDDEN_OUTCOMES): another person's record, another hospital's, or one waiting for the patient's word.
import type { Handle } from '../../db/handle.js';
import { HIDDEN_OUTCOMES } from './rules.js';
import { claimsDb } from './tables.js';

/** Whose records: the session's CI (keyed hash) and every subscription id that CI ever had. */
export interface RecordOwner {
  ciHmac: string;
  insuApplyIds: string[];
}

const ownRecords = (handle: Handle, who: RecordOwner) =>
  claimsDb(handle)
    .selectFrom('treatmentRecord')
    .where('outcome', 'not in', HIDDEN_OUTCOMES)
    .where((eb) =>
      eb.or([
        eb('ciHmac', '=', who.ciHmac),
        ...(who.insuApplyIds.length ? [eb('insuApplyId', 'in', who.insuApplyIds)] : []),
      ]),
    );

const RECORD_COLUMNS = [
  'id',
  'hospitalCd',
  'receiptNo',
  'detailEnc',
  'visitDate',
  'visitType',
  'coveredCopay',
  'uncovered',
  'totalPaid',
  'insuApplyId',
  'outcome',
  'receivedAt',
  // A visit another's claims carry (a pharmacy with its clinic, follow.ts): those are its claims.
  'joinedRecordId',
] as const;

/** The patient's records, newest visit first. */
export const recordsOf = (handle: Handle, who: RecordOwner, limit: number) =>
  ownRecords(handle, who)
    .select(RECORD_COLUMNS)
    .orderBy('visitDate', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** The patient's records among `ids` (someone else's are simply not there). */
export const recordsByIds = (handle: Handle, who: RecordOwner, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : ownRecords(handle, who).select(RECORD_COLUMNS).where('id', 'in', ids).execute();

export type HistoryRecord = Awaited<ReturnType<typeof recordsOf>>[number];

export const claimsOfRecords = (handle: Handle, recordIds: number[]) =>
  recordIds.length === 0
    ? Promise.resolve([])
    : claimsDb(handle)
        .selectFrom('claim')
        .leftJoin('claimDelivery', 'claimDelivery.claimId', 'claim.id')
        .select([
          'claim.id',
          'claim.recordId',
          'claim.insuCompCd',
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

export type HistoryClaim = Awaited<ReturnType<typeof claimsOfRecords>>[number];

export const statusHistoryOf = (handle: Handle, claimIds: number[]) =>
  claimIds.length === 0
    ? Promise.resolve([])
    : claimsDb(handle)
        .selectFrom('claimStatusHistory')
        .select(['claimId', 'status', 'reason', 'actor', 'at'])
        .where('claimId', 'in', claimIds)
        .orderBy('id')
        .execute();

/** One claim, with the CI's keyed hash it belongs to (an insurer's question about it). */
export const claimById = (handle: Handle, claimId: number) =>
  claimsDb(handle)
    .selectFrom('claim')
    .select(['id', 'ciHmac', 'insuCompCd', 'insuApplyId', 'recordId'])
    .where('id', '=', claimId)
    .executeTakeFirst();

/** For lines that mention records and claims (the access log, ID requests): visit, hospital, insurer, origin. */
export async function briefsOf(handle: Handle, recordIds: number[], claimIds: number[]) {
  const db = claimsDb(handle);
  const claims = claimIds.length
    ? await db
        .selectFrom('claim')
        .select(['id', 'recordId', 'insuCompCd', 'origin'])
        .where('id', 'in', claimIds)
        .execute()
    : [];
  const allRecordIds = [...new Set([...recordIds, ...claims.map((c) => c.recordId)])];
  const records = allRecordIds.length
    ? await db
        .selectFrom('treatmentRecord')
        .select(['id', 'visitDate', 'hospitalCd'])
        .where('id', 'in', allRecordIds)
        .execute()
    : [];
  return {
    record: new Map(records.map((r) => [r.id, r])),
    claim: new Map(claims.map((c) => [c.id, c])),
  };
}

/**
 * What a claim's estimate is made of (the payout module, docs/payout-rules.md): each claim, whose subscription and
 * which insurer, where it stands, and the visits it carries: its record and any visit joined to it (a pharmacy with
 * its clinic, follow.ts).
 */
export async function claimVisitsOf(handle: Handle, claimIds: readonly number[]) {
  const db = claimsDb(handle);
  if (claimIds.length === 0) return { claims: [], visits: [] };
  const claims = await db
    .selectFrom('claim')
    .select(['id', 'recordId', 'insuCompCd', 'insuApplyId', 'status', 'paidAmount'])
    .where('id', 'in', [...claimIds])
    .execute();
  const recordIds = [...new Set(claims.map((c) => Number(c.recordId)))];
  const visits = recordIds.length
    ? await db
        .selectFrom('treatmentRecord')
        .select(['id', 'hospitalCd', 'visitType', 'visitDate', 'coveredCopay', 'uncovered', 'joinedRecordId'])
        .where((eb) => eb.or([eb('id', 'in', recordIds), eb('joinedRecordId', 'in', recordIds)]))
        .execute()
    : [];
  return { claims, visits };
}
