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

/** Where a page of the history begins: after this visit (newest first), or at the newest. */
export interface RecordsAfter {
  visitDate: string;
  id: number;
}

/**
 * The patient's records, newest visit first, `limit` of them after `after`. Her CI's and her subscriptions' records
 * are read as two ranges of their own (visit date, id) indexes (migration 0068), each stopped at `limit`, and merged:
 * an OR of the two would read all her years of visits and sort them, so that her first page grew with her history.
 */
export async function recordsOf(handle: Handle, who: RecordOwner, limit: number, after?: RecordsAfter) {
  const range = (key: 'ciHmac' | 'insuApplyId', values: string[]) =>
    claimsDb(handle)
      .selectFrom('treatmentRecord')
      .select(RECORD_COLUMNS)
      .where('outcome', 'not in', HIDDEN_OUTCOMES)
      .where(key, 'in', values)
      .$if(after !== undefined, (q) =>
        q.where((eb) => eb(eb.refTuple('visitDate', 'id'), '<', eb.tuple(after!.visitDate, after!.id))),
      )
      .orderBy('visitDate', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  const [byCi, bySubscription] = await Promise.all([
    range('ciHmac', [who.ciHmac]),
    who.insuApplyIds.length ? range('insuApplyId', who.insuApplyIds) : Promise.resolve([]),
  ]);
  const byId = new Map([...byCi, ...bySubscription].map((r) => [String(r.id), r]));
  return [...byId.values()]
    .sort((a, b) => (a.visitDate === b.visitDate ? Number(b.id) - Number(a.id) : a.visitDate < b.visitDate ? 1 : -1))
    .slice(0, limit);
}

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
