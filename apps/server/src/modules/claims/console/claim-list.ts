// The console's claim list (README "Operator console"): the claim search by its filters or by what a caller says
// (person-search.ts), and one patient's claims (the subscriber's page); each a page by key, its patients masked.
import { kstDayEnd, kstDayStart, type CursorPage, type OpsClaimRow } from '@auto-claim/contract/ops';
import type { z } from 'zod';
import type { opsClaimsQuery, opsClaimsSearchBody } from '@auto-claim/contract/ops';
import { sql } from 'kysely';
import type { AppContext } from '../../../context.js';
import { keysetPage } from '../../../db/page.js';
import { checkSignedCursor, cursorScope, signCursor } from '../../../http/signed-cursor.js';
import type { By } from './actions.js';
import { claimsDb } from '../tables.js';
import { maskedPatients, namesOf } from './patients.js';
import {
  personMatchOf,
  recordPersonSearch,
  startPersonSearch,
  whoOnRecord,
  withFewRecords,
  type PersonMatch,
} from './person-search.js';

const iso = (d: Date | string) => new Date(d).toISOString();

const CLAIM_SORT = {
  claimId: 'c.id',
  visitDate: 'c.visitDate',
  createdAt: 'c.createdAt',
  amount: 'c.amount',
  status: 'c.status',
} as const;

/** The claim list's rows: each claim with its record (a left join: see claimPage). */
const claimListBase = (ctx: AppContext) =>
  claimsDb(ctx).selectFrom('claim as c').leftJoin('treatmentRecord as r', 'r.id', 'c.recordId');
type ClaimListBase = ReturnType<typeof claimListBase>;

/** The list's filters: hospital, insurer, status, claim id and a visit or claim date range. */
function withClaimFilters(base: ClaimListBase, q: z.output<typeof opsClaimsQuery>): ClaimListBase {
  if (q.claimId !== undefined) base = base.where('c.id', '=', q.claimId);
  if (q.hospitalCd) base = base.where('c.hospitalCd', '=', q.hospitalCd);
  if (q.insuCompCd) base = base.where('c.insuCompCd', '=', q.insuCompCd);
  if (q.status) base = base.where('c.status', '=', q.status);
  if (q.dateField === 'visit') {
    if (q.from) base = base.where('c.visitDate', '>=', q.from);
    if (q.to) base = base.where('c.visitDate', '<=', q.to);
  } else {
    if (q.from) base = base.where('c.createdAt', '>=', kstDayStart(q.from));
    if (q.to) base = base.where('c.createdAt', '<', kstDayEnd(q.to));
  }
  return base;
}

/** A person search's keys (person-search.ts): the record's hashes and receipt number, the phone's patients. */
function withPerson(base: ClaimListBase, m: PersonMatch): ClaimListBase {
  if (m.recordIds) {
    // One array, unnested: the planner then reads each record's claims by claim_record_insurer and sorts the few it
    // found, where a list of literals (or `= any`) let it walk every claim newest first and filter
    // (docs/performance.md, "At 10⁷ claims").
    const ids = m.recordIds;
    base = ids.length
      ? base.where(sql<boolean>`c.record_id in (select unnest(${ids}::bigint[]))`)
      : base.where(sql<boolean>`false`);
  } else {
    const who = whoOnRecord(m);
    if (who) base = base.where(who);
    if (m.receiptNo) base = base.where('r.receiptNo', '=', m.receiptNo);
  }
  if (m.claimId !== undefined) base = base.where('c.id', '=', m.claimId);
  if (m.phoneCis) {
    const cis = m.phoneCis;
    base = cis.length ? base.where('c.ciHmac', 'in', cis) : base.where(sql<boolean>`false`);
  }
  return base;
}

/** The claim search: filtered, sorted and paged by key in SQL, newest first unless sorted otherwise. */
export async function searchClaims(
  ctx: AppContext,
  q: z.output<typeof opsClaimsQuery>,
): Promise<CursorPage<OpsClaimRow>> {
  return (await claimPage(ctx, q)).page;
}

/**
 * The claim list searched by what a caller says (person-search.ts): the list's filters and the keys together, the
 * patients still masked; a search naming a person is recorded before the answer leaves.
 */
export async function searchClaimsByPerson(
  ctx: AppContext,
  body: z.output<typeof opsClaimsSearchBody>,
  by: By,
): Promise<CursorPage<OpsClaimRow>> {
  const { name, phone, birthDate, receiptNo, ...q } = body;
  const person = { name, phone, birthDate, receiptNo, claimId: body.claimId };
  // Its cursors are signed for this operator and filter: a hand-made one (past the end, another search's) is refused.
  const scope = cursorScope(by.loginId, body);
  if (body.cursor !== undefined) checkSignedCursor(ctx.crypto, scope, body.cursor);
  await startPersonSearch(ctx, person, { by, target: 'claims' });
  const match = await withFewRecords(ctx, await personMatchOf(ctx, person));
  const { page, ciHmacs } = await claimPage(ctx, { ...q, claimId: undefined }, match);
  await recordPersonSearch(
    ctx.db,
    person,
    page.list.map((r, i) => ({ ciHmac: ciHmacs[i]!, claimId: r.claimId })),
    { by, now: ctx.clock.now() },
  );
  return { ...page, nextCursor: signCursor(ctx.crypto, scope, page.nextCursor) };
}

/**
 * One patient's claims (keyed CI hash), newest first unless sorted otherwise, a page at a time by key on the claim_ci
 * index (the subscriber's page, subscriber.ts): the list's rows, masked as everywhere.
 */
export async function claimsOfPatient(
  ctx: AppContext,
  ciHmac: string,
  q: { cursor?: string | undefined; size: number; order: 'asc' | 'desc'; sort?: 'createdAt' | undefined },
): Promise<CursorPage<OpsClaimRow>> {
  return (await claimPage(ctx, { ...q, dateField: 'visit' }, { phoneCis: [ciHmac] })).page;
}

async function claimPage(ctx: AppContext, q: z.output<typeof opsClaimsQuery>, person?: PersonMatch) {
  // Every claim has its record (a foreign key), so the left join is the inner one; but left, the database leaves it
  // out of the page and the count when no filter is on the record (join removal), and they read claims alone.
  let base = withClaimFilters(claimListBase(ctx), q);
  if (person) base = withPerson(base, person);
  const { rows: claims, ...page } = await keysetPage(
    ctx.db,
    base.select([
      'c.id',
      'c.recordId',
      'c.insuCompCd',
      'c.insuApplyId',
      'c.ciHmac',
      'c.amount',
      'c.status',
      'c.createdAt',
      'c.hospitalCd',
      'c.visitDate',
    ]),
    person?.recordIds ? { ...q, countInOrder: false } : q,
    { by: CLAIM_SORT[q.sort ?? 'createdAt'], id: 'c.id' },
  );
  // The page's patients and deliveries, for its rows only: joined before the page is cut, a patient's 20,000 claims
  // would each read their record and delivery to be sorted (docs/performance.md, "At 10⁷ claims").
  const ids = claims.map((c) => c.id);
  const more = ids.length
    ? await claimsDb(ctx)
        .selectFrom('claim as shown')
        .innerJoin('treatmentRecord as r', 'r.id', 'shown.recordId')
        .leftJoin('claimDelivery as d', 'd.claimId', 'shown.id')
        .select([
          'shown.id',
          'shown.paidAmount',
          'r.personEnc',
          'd.channel',
          'd.status as deliveryStatus',
          'd.attempts',
        ])
        .where(sql<boolean>`shown.id in (select unnest(${ids}::bigint[]))`)
        .execute()
    : [];
  const byId = new Map(more.map((m) => [String(m.id), m]));
  // A claim purged for its age between the two reads is left out of the page.
  const rows = claims.flatMap((c) => {
    const m = byId.get(String(c.id));
    return m ? [{ ...c, ...m, id: c.id }] : [];
  });
  const names = await namesOf(
    ctx.db,
    rows.map((r) => r.hospitalCd),
    rows.map((r) => r.insuCompCd),
  );
  const patients = await maskedPatients(ctx, rows);
  return {
    ciHmacs: rows.map((r) => r.ciHmac),
    page: {
      ...page,
      list: rows.map((r, i) => ({
        claimId: Number(r.id),
        recordId: Number(r.recordId),
        hospitalCd: r.hospitalCd,
        hospitalNm: names.hospital.get(r.hospitalCd) ?? null,
        insuCompCd: r.insuCompCd,
        insuCompNm: names.insurer.get(r.insuCompCd) ?? null,
        visitDate: r.visitDate,
        createdAt: iso(r.createdAt),
        amount: r.amount,
        paidAmount: r.paidAmount,
        status: r.status,
        patient: patients[i]!.patient,
        delivery:
          r.channel && r.deliveryStatus
            ? { channel: r.channel, status: r.deliveryStatus, attempts: r.attempts ?? 0 }
            : null,
      })),
    } satisfies CursorPage<OpsClaimRow>,
  };
}
