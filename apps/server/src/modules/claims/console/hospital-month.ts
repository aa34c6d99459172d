// What a hospital's own month reads of the claim engine (README "Hospital users"): its counts from the day rollup
// hospital_day_count (migration 0061: 31 × a few rows, never its records), its records a page at a time by key along
// the (hospital_cd, received_at) index, each with the patient's name as the hospital sent it, masked, and its claims;
// and, for the feed's alerts, what arrived since a moment and on which days it had records.
import { sql } from 'kysely';
import { HELD_OUTCOMES, KST_OFFSET_MS, maskName } from '@auto-claim/contract';
import type { CursorPage, PortalRecord } from '@auto-claim/contract/ops';
import type { AppContext } from '../../../context.js';
import type { Handle } from '../../../db/handle.js';
import { keysetPage } from '../../../db/page.js';
import { insurersByCode } from '../../reference/index.js';
import type { RecordPerson } from '../common.js';
import { claimsDb, type RecordOutcome } from '../tables.js';
import type { ClaimStatus, InsurerAnswer } from '@auto-claim/contract';

/** The moments a Korean month (YYYY-MM) starts and ends, and its days as the rollups name them. */
export function monthBounds(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(y, m - 1, 1) - KST_OFFSET_MS);
  const to = new Date(Date.UTC(y, m, 1) - KST_OFFSET_MS);
  const ymd = month.replace('-', '');
  return { from, to, firstDay: `${ymd}01`, lastDay: `${ymd}31` };
}

export interface MonthCounts {
  records: Map<RecordOutcome, number>;
  answers: Map<InsurerAnswer, number>;
  /** Days from visit to claim → claims. */
  lag: Map<number, number>;
}

/** A hospital's month from the rollup and the lines not folded yet. */
export async function hospitalMonthCounts(handle: Handle, hospitalCd: string, month: string): Promise<MonthCounts> {
  const { firstDay, lastDay } = monthBounds(month);
  const r = await sql<{ kind: string; key: string; n: string }>`
    select kind, key, sum(n) as n from (
      select kind, key, n from hospital_day_count
        where hospital_cd = ${hospitalCd} and day between ${firstDay} and ${lastDay}
      union all select kind, key, n from hospital_day_delta
        where hospital_cd = ${hospitalCd} and day between ${firstDay} and ${lastDay}) counted
    group by kind, key having sum(n) > 0`.execute(claimsDb(handle));
  const out: MonthCounts = { records: new Map(), answers: new Map(), lag: new Map() };
  for (const row of r.rows) {
    if (row.kind === 'record') out.records.set(row.key as RecordOutcome, Number(row.n));
    if (row.kind === 'answer') out.answers.set(row.key as InsurerAnswer, Number(row.n));
    if (row.kind === 'lag') out.lag.set(Number(row.key), Number(row.n));
  }
  return out;
}

/** The days (YYYYMMDD) among `days` on which the hospital's feed brought at least one record (the rollup). */
export async function daysWithRecords(handle: Handle, hospitalCd: string, days: string[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const r = await sql<{ day: string }>`
    select day from (
      select day, n from hospital_day_count where hospital_cd = ${hospitalCd} and kind = 'record' and day in (${sql.join(days)})
      union all select day, n from hospital_day_delta where hospital_cd = ${hospitalCd} and kind = 'record'
        and day in (${sql.join(days)})) counted
    group by day having sum(n) > 0`.execute(claimsDb(handle));
  return new Set(r.rows.map((x) => x.day));
}

/** Records and refused JSON records the hospital sent since a moment (the (hospital_cd, received_at | at) indexes). */
export async function feedSince(handle: Handle, hospitalCd: string, since: Date) {
  const r = await sql<{ records: number; rejected: number }>`select
      (select count(*)::int from treatment_record where hospital_cd = ${hospitalCd} and received_at >= ${since}) as records,
      (select count(*)::int from feed_rejection where hospital_cd = ${hospitalCd} and at >= ${since}) as rejected`
    .execute(claimsDb(handle))
    .then((x) => x.rows[0]!);
  return { records: Number(r.records), rejected: Number(r.rejected) };
}

/** The operators' held queue: its partial index (hospital_cd, received_at, id) answers her held view (migration 0048). */
const HELD_VIEW: RecordOutcome[] = [...HELD_OUTCOMES];

/** The hospital's records received in the month, newest first by default, a page at a time by key. */
export async function hospitalMonthRecords(
  ctx: AppContext,
  hospitalCd: string,
  q: {
    month: string;
    view: 'all' | 'held';
    cursor?: string | undefined;
    size: number;
    sort?: string | undefined;
    order: 'asc' | 'desc';
    count?: boolean | undefined;
  },
): Promise<CursorPage<PortalRecord>> {
  const { from, to } = monthBounds(q.month);
  const db = claimsDb(ctx);
  let base = db
    .selectFrom('treatmentRecord')
    .select(['id', 'receivedAt', 'receiptNo', 'visitDate', 'outcome', 'personEnc'])
    .where('hospitalCd', '=', hospitalCd)
    .where('receivedAt', '>=', from)
    .where('receivedAt', '<', to);
  if (q.view === 'held') base = base.where('outcome', 'in', HELD_VIEW);
  const { rows, ...page } = await keysetPage(ctx.db, base, q, { by: 'received_at', id: 'id' });
  const ids = rows.map((r) => Number(r.id));
  const claims = ids.length
    ? await db
        .selectFrom('claim')
        .select(['id', 'recordId', 'insuCompCd', 'status'])
        .select((eb) =>
          eb
            .selectFrom('insurerAnswer')
            .select('answer')
            .whereRef('insurerAnswer.claimId', '=', 'claim.id')
            .orderBy('insurerAnswer.receivedAt', 'desc')
            .orderBy('insurerAnswer.id', 'desc')
            .limit(1)
            .as('answer'),
        )
        .where('recordId', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  const insurers = new Map(
    (await insurersByCode(ctx.db, [...new Set(claims.map((c) => c.insuCompCd))])).map((i) => [
      i.insuCompCd,
      i.insuCompNm,
    ]),
  );
  const list = rows.map((r) => ({
    recordId: Number(r.id),
    receivedAt: new Date(r.receivedAt).toISOString(),
    receiptNo: r.receiptNo,
    visitDate: r.visitDate,
    outcome: r.outcome,
    patient: maskName(ctx.crypto.decryptJson<RecordPerson>(r.personEnc).name),
    claims: claims
      .filter((c) => Number(c.recordId) === Number(r.id))
      .map((c) => ({
        insuCompCd: c.insuCompCd,
        insuCompNm: insurers.get(c.insuCompCd) ?? c.insuCompCd,
        status: c.status as ClaimStatus,
        answer: (c.answer ?? null) as InsurerAnswer | null,
      })),
  }));
  return { ...page, list };
}
