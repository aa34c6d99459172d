// What a subscriber's monthly statement reads of the engine's tables (README "The monthly statement"; the statements
// module sends it and serves its page): her visits of a month, each ended as a claim (paid, waiting, rejected…) or as
// "청구하지 않았어요: 이유" (the vocabulary's RECORD_NOT_CLAIMED), and what her insurers paid this year. One
// subscription's rows only, each query on an index of hers: treatment_record_apply_visit (migration 0068: insu_apply_id,
// visit_date, id) walks her month's visits, treatment_record_disowned the ones she said are not hers, claim_record_insurer their
// claims, claim_apply her year's paid claims.
import { sql } from 'kysely';
import {
  KST_OFFSET_MS,
  RECORD_NOT_CLAIMED,
  type ClaimStatus,
  type NotClaimedReason,
  type RecordOutcome,
} from '@auto-claim/contract';
import type { Handle } from '../../db/handle.js';
import { monthBounds } from './console/hospital-month.js';
import { claimsDb, type VisitType } from './tables.js';

/** A claim still on its way: not yet paid, rejected, failed or withdrawn. */
export const WAITING_STATUSES: readonly ClaimStatus[] = [
  'received',
  'claimed',
  'sent',
  'accepted',
  'documents_requested',
];

export interface MonthFigures {
  /** YYYY-MM (Korean calendar). */
  month: string;
  /** Her visits of the month (visit date), those she said are not hers included. */
  visits: number;
  /** Visits claimed (at least one claim). */
  claimed: number;
  /** Of those visits' claims: paid (and how much), waiting, rejected. */
  paid: number;
  paidAmount: number;
  waiting: number;
  rejected: number;
  /** Visits not claimed, by reason (the vocabulary's order). */
  notClaimed: { reason: NotClaimedReason; count: number }[];
  /** What her insurers paid her in the month's calendar year (KST), by the day the payment was recorded. */
  receivedThisYear: number;
}

/**
 * The figures of one subscription's month; "received this year" is of the month's year (a statement of December,
 * sent on the 1st of January, still speaks of December's year).
 */
export async function monthFigures(handle: Handle, insuApplyId: string, month: string): Promise<MonthFigures> {
  const db = claimsDb(handle);
  const { firstDay, lastDay } = monthBounds(month);
  const year = Number(month.slice(0, 4));
  const yearStart = new Date(Date.UTC(year, 0, 1) - KST_OFFSET_MS);
  const yearEnd = new Date(Date.UTC(year + 1, 0, 1) - KST_OFFSET_MS);
  const [records, claims, disowned, year_] = await Promise.all([
    sql<{ outcome: RecordOutcome; hasClaim: boolean; n: string }>`
      select r.outcome, exists (select 1 from claim c where c.record_id = coalesce(r.joined_record_id, r.id)) as has_claim,
        count(*) as n
      from treatment_record r
      where r.insu_apply_id = ${insuApplyId} and r.visit_date between ${firstDay} and ${lastDay}
      group by 1, 2`.execute(db),
    sql<{ status: ClaimStatus; n: string; paid: string | null }>`
      select c.status, count(*) as n, sum(c.paid_amount) as paid
      from treatment_record r join claim c on c.record_id = r.id
      where r.insu_apply_id = ${insuApplyId} and r.visit_date between ${firstDay} and ${lastDay}
      group by 1`.execute(db),
    db
      .selectFrom('treatmentRecord')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('disownedBy', '=', insuApplyId)
      .where('visitDate', '>=', firstDay)
      .where('visitDate', '<=', lastDay)
      .executeTakeFirst(),
    db
      .selectFrom('claim')
      .select((eb) => eb.fn.sum<string | null>('paidAmount').as('paid'))
      .where('insuApplyId', '=', insuApplyId)
      .where('status', '=', 'paid')
      .where('updatedAt', '>=', yearStart)
      .where('updatedAt', '<', yearEnd)
      .executeTakeFirst(),
  ]);
  const notClaimed = new Map<NotClaimedReason, number>();
  let visits = 0;
  let claimed = 0;
  for (const r of records.rows) {
    const n = Number(r.n);
    visits += n;
    const reason = r.hasClaim ? null : RECORD_NOT_CLAIMED[r.outcome];
    if (reason === null) claimed += n;
    else notClaimed.set(reason, (notClaimed.get(reason) ?? 0) + n);
  }
  const notHers = Number(disowned?.n ?? 0);
  if (notHers) notClaimed.set('NOT_HERS', (notClaimed.get('NOT_HERS') ?? 0) + notHers);
  visits += notHers;
  const by = (s: readonly ClaimStatus[]) =>
    claims.rows.filter((c) => s.includes(c.status)).reduce((sum, c) => sum + Number(c.n), 0);
  return {
    month,
    visits,
    claimed,
    paid: by(['paid']),
    paidAmount: claims.rows.filter((c) => c.status === 'paid').reduce((sum, c) => sum + Number(c.paid ?? 0), 0),
    waiting: by(WAITING_STATUSES),
    rejected: by(['rejected']),
    notClaimed: [...notClaimed].map(([reason, count]) => ({ reason, count })),
    receivedThisYear: Number(year_?.paid ?? 0),
  };
}

export interface StatementVisit {
  id: number;
  hospitalCd: string;
  visitDate: string;
  visitType: VisitType;
  totalPaid: number;
  outcome: RecordOutcome;
  /** Her claims of this visit (the one that carries it, for a pharmacy joined to its clinic). */
  claims: { status: ClaimStatus; paidAmount: number | null }[];
}

/**
 * One page of her month's visits, newest first, by key (visit date, id): `after` is the last row of the page before.
 * Visits she said are not hers are counted by monthFigures, never listed (they are someone else's).
 */
export async function monthOfRecords(
  handle: Handle,
  insuApplyId: string,
  month: string,
  page: { limit: number; after?: { visitDate: string; id: number } | undefined },
): Promise<StatementVisit[]> {
  const db = claimsDb(handle);
  const { firstDay, lastDay } = monthBounds(month);
  let q = db
    .selectFrom('treatmentRecord')
    .select(['id', 'hospitalCd', 'visitDate', 'visitType', 'totalPaid', 'outcome', 'joinedRecordId'])
    .where('insuApplyId', '=', insuApplyId)
    .where('visitDate', '>=', firstDay)
    .where('visitDate', '<=', lastDay);
  const after = page.after;
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('visitDate', '<', after.visitDate),
        eb.and([eb('visitDate', '=', after.visitDate), eb('id', '<', after.id)]),
      ]),
    );
  }
  const rows = await q.orderBy('visitDate', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
  const carriers = rows.map((r) => Number(r.joinedRecordId ?? r.id));
  const claims = carriers.length
    ? await db
        .selectFrom('claim')
        .select(['recordId', 'status', 'paidAmount'])
        .where('recordId', 'in', [...new Set(carriers)])
        .execute()
    : [];
  return rows.map((r, i) => ({
    id: Number(r.id),
    hospitalCd: r.hospitalCd,
    visitDate: r.visitDate,
    visitType: r.visitType,
    totalPaid: r.totalPaid,
    outcome: r.outcome,
    claims: claims
      .filter((c) => Number(c.recordId) === carriers[i])
      .map((c) => ({ status: c.status, paidAmount: c.paidAmount })),
  }));
}

/**
 * A subscription's newest visits that ended without a claim, with the reason (the console's subscriber page): hers
 * by treatment_record_apply_visit, and those she said are not hers by treatment_record_disowned, newest visit first.
 */
export async function notClaimedOf(handle: Handle, insuApplyId: string, limit: number) {
  const db = claimsDb(handle);
  const unclaimed = (column: 'insuApplyId' | 'disownedBy') =>
    db
      .selectFrom('treatmentRecord as r')
      .select(['r.id', 'r.hospitalCd', 'r.visitDate', 'r.totalPaid', 'r.outcome'])
      .where(`r.${column}`, '=', insuApplyId)
      .where('r.outcome', '!=', 'claimed')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('claim as c')
              .select('c.id')
              .whereRef('c.recordId', '=', sql<number>`coalesce(r.joined_record_id, r.id)`),
          ),
        ),
      )
      .orderBy('r.visitDate', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute();
  const [own, disowned] = await Promise.all([unclaimed('insuApplyId'), unclaimed('disownedBy')]);
  return [...own, ...disowned]
    .sort((a, b) => (a.visitDate === b.visitDate ? Number(b.id) - Number(a.id) : a.visitDate < b.visitDate ? 1 : -1))
    .slice(0, limit)
    .map((r) => ({
      recordId: Number(r.id),
      hospitalCd: r.hospitalCd,
      visitDate: r.visitDate,
      totalPaid: r.totalPaid,
      reason: RECORD_NOT_CLAIMED[r.outcome] ?? 'PENDING',
    }));
}
