// What the operator console reads of subscriptions, through index.ts: new subscriptions per period (counts only) and
// the subscribers who agreed to an older version of a term now in effect (masked).
import { sql } from 'kysely';
import { kstToday, maskName, maskPhone } from '@auto-claim/contract';
import type { CursorPage, ReagreeRow } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import { keysetPage } from '../../db/page.js';
import { personOf } from './person.js';
import type { AgreedTo, NewerTerms } from '../terms/index.js';
import type { Handle } from '../../db/handle.js';
import { subscriptionsDb } from './tables.js';

/**
 * Subscriptions made since each of the three moments, the start of a Korean day each (cancelled ones too: they
 * enrolled), optionally at one hospital: from the day counts, every hospital's (migration 0044) or the one's (0047).
 */
export async function enrolmentCounts(
  handle: Handle,
  since: { today: Date; d7: Date; d30: Date },
  hospitalCd?: string,
) {
  const db = subscriptionsDb(handle);
  const [today, d7, d30] = [since.today, since.d7, since.d30].map(kstToday) as [string, string, string];
  const days = hospitalCd
    ? sql`subscription_hospital_day_count where hospital_cd = ${hospitalCd} and day >= ${d30}`
    : sql`subscription_day_count where day >= ${d30}`;
  const r = await sql<{ today: string; d7: string; d30: string }>`
    select coalesce(sum(n) filter (where day >= ${today}), 0) as today,
      coalesce(sum(n) filter (where day >= ${d7}), 0) as d7, coalesce(sum(n), 0) as d30
    from ${days}`.execute(db);
  const row = r.rows[0];
  return { today: Number(row?.today ?? 0), d7: Number(row?.d7 ?? 0), d30: Number(row?.d30 ?? 0) };
}

/**
 * Live subscriptions made before a newer version took effect, that list the term among their agreements (termsIds,
 * or an insurer's agreeIds), and whose person has not agreed to the version now in effect since.
 */
const needing = (terms: NewerTerms[], agreed: AgreedTo, termsId?: string) => {
  const rows = terms.filter((t) => !termsId || t.termsId === termsId);
  const values = sql.join(rows.map((t) => sql`(${t.termsId}::text, ${t.version}::text, ${t.since}::timestamptz)`));
  return sql`with t(terms_id, version, since) as (values ${values})
    select s.insu_apply_id, s.person_enc, s.created_at, t.terms_id
    from subscription s
    join t on s.created_at < t.since
    where s.status = 'subscribe'
      and (s.terms_ids @> jsonb_build_array(t.terms_id)
        or exists (select 1 from subscription_insurer si
          where si.insu_apply_id = s.insu_apply_id and si.agree_ids @> jsonb_build_array(t.terms_id)))
      and not ${agreed(sql.ref('s.ci_hmac'), sql.ref('t.terms_id'), sql.ref('t.version'))}`;
};

/** How many subscribers must agree again, in all and per term. */
export async function reagreeCounts(handle: Handle, terms: NewerTerms[], agreed: AgreedTo) {
  const db = subscriptionsDb(handle);
  if (terms.length === 0) return { total: 0, perTerm: new Map<string, number>() };
  const r = await sql<{ termsId: string | null; n: string }>`
    select n.terms_id, count(distinct n.insu_apply_id) as n from (${needing(terms, agreed)}) n
    group by grouping sets ((n.terms_id), ())`.execute(db);
  const perTerm = new Map<string, number>();
  let total = 0;
  for (const row of r.rows) {
    if (row.termsId === null) total = Number(row.n);
    else perTerm.set(row.termsId, Number(row.n));
  }
  return { total, perTerm };
}

/**
 * One page of them, newest subscription first by default, the person masked (홍*동, 010-****-5678): by key (db/page.ts,
 * keysetPage: subscribed at, then the subscription's number), never by OFFSET into them, the count capped.
 */
export async function reagreePage(
  ctx: AppContext,
  terms: NewerTerms[],
  agreed: AgreedTo,
  q: { cursor?: string | undefined; size: number; sort?: string | undefined; order: 'asc' | 'desc'; termsId?: string },
): Promise<CursorPage<ReagreeRow>> {
  if (terms.length === 0 || (q.termsId && !terms.some((t) => t.termsId === q.termsId))) {
    return { list: [], total: 0, capped: false, nextCursor: null };
  }
  const grouped = sql<{ insuApplyId: string; personEnc: string; createdAt: Date; termsIds: string[] }>`(
    select n.insu_apply_id, n.person_enc, n.created_at, array_agg(n.terms_id order by n.terms_id) as terms_ids
    from (${needing(terms, agreed, q.termsId)}) n
    group by n.insu_apply_id, n.person_enc, n.created_at)`;
  const { rows, ...page } = await keysetPage(
    ctx.db,
    subscriptionsDb(ctx.db)
      .selectFrom(grouped.as('g'))
      .select(['g.insuApplyId', 'g.personEnc', 'g.createdAt', 'g.termsIds']),
    q,
    { by: 'g.createdAt', id: 'g.insuApplyId', textId: true },
  );
  return {
    ...page,
    list: rows.map((row) => {
      const p = personOf(ctx, row.personEnc);
      return {
        insuApplyId: row.insuApplyId,
        userNm: maskName(p.userNm),
        userTel: maskPhone(p.userTel),
        subscribedAt: new Date(row.createdAt).toISOString(),
        termsIds: row.termsIds,
      };
    }),
  };
}

/**
 * Live subscriptions whose agreements list `termsId` (termsIds, or an insurer's agreeIds): who must agree to a next
 * version of it. Found by the lists' GIN indexes (migration 0042), never by reading every subscription.
 */
export async function termsListingCount(handle: Handle, termsId: string) {
  const one = JSON.stringify([termsId]);
  const r = await sql<{ n: string }>`
    select count(*) as n from (
      select s.insu_apply_id from subscription s where s.status = 'subscribe' and s.terms_ids @> ${one}::jsonb
      union
      select si.insu_apply_id from subscription_insurer si join subscription s on s.insu_apply_id = si.insu_apply_id
      where s.status = 'subscribe' and si.agree_ids @> ${one}::jsonb) listed`.execute(subscriptionsDb(handle));
  return Number(r.rows[0]?.n ?? 0);
}
