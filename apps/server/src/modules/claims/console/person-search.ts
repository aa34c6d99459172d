// Finding a patient by what a caller says (README "Operator console", "Search by what a caller says"): name, phone,
// birth date, the hospital's receipt number or the claim id, alone or together, compared as keyed lookup hashes of
// the normalised values (security/person-lookup.ts), never as plaintext. A name and birth date find a guardian's
// children's records too. A search that names a person is recorded:
// in the operators' record (who, which kinds of key, never the values, when) and, for each patient it shows, in
// that patient's access log ("운영자가 회원님을 찾아봤어요").
import { keysNamed, type PersonKey, type PersonSearch } from '@auto-claim/contract/ops';
import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { Handle } from '../../../db/handle.js';
import { birthHmacOf, nameHmacOf, phoneHmacOf } from '../../../security/person-lookup.js';
import { personSearchAlert, recordAccess, recordOperatorAction, takePersonSearch } from '../../audit/index.js';
import { childSubscriptionsByGuardian, ciHmacsByPhone } from '../../subscriptions/index.js';
import type { By } from './actions.js';
import { claimsDb, type TreatmentRecordTable } from '../tables.js';

/** A search's keys as the tables hold them: hashes, the receipt number, the claim id, the patients a phone finds. */
export interface PersonMatch {
  nameHmac?: string;
  birthHmac?: string;
  receiptNo?: string;
  claimId?: number;
  /** The patients (keyed CI hashes) whose subscription has the phone; empty: nobody has it. */
  phoneCis?: string[];
  /** The children's subscriptions whose guardian has the name (and birth date): she is found by her own name. */
  childApplyIds?: string[];
  /** The records the name, birth date and receipt number find, when they are few (recordsOfPerson). */
  recordIds?: number[];
}

/**
 * Whom the name and birth date name, on a treatment record aliased `r`: the record's own patient, or a child whose
 * guardian has them (her child's records carry the child's name). Undefined when the search names neither.
 */
export function whoOnRecord(m: PersonMatch): Expression<SqlBool> | undefined {
  const eb = expressionBuilder<{ r: TreatmentRecordTable }, 'r'>();
  const own: Expression<SqlBool>[] = [];
  if (m.nameHmac) own.push(eb('r.nameHmac', '=', m.nameHmac));
  if (m.birthHmac) own.push(eb('r.birthHmac', '=', m.birthHmac));
  if (own.length === 0) return undefined;
  const children = m.childApplyIds ?? [];
  return children.length ? eb.or([eb.and(own), eb('r.insuApplyId', 'in', children)]) : eb.and(own);
}

/** Up to this many records a search's record keys find are listed by id; more, and the list filters by the keys. */
export const FEW_RECORDS = 50_000;

/**
 * The records a search's name, birth date and receipt number find, by their indexes, when there are at most
 * FEW_RECORDS: the claim list then reads those records' claims by claim_record_insurer (claim-list.ts, withPerson).
 * Without it the planner may walk every claim newest first, joining each to its record, hoping to meet 20 of a birth
 * date soon: a second at 10⁶ claims for a patient whose records are old, 315 ms at 10⁷ for one with 22,000 records
 * behind 30,000 newer claims of others (docs/performance.md, "At 10⁷ claims"). More records than that (a very common
 * name alone) are dense enough for that walk to be short.
 */
export async function withFewRecords(ctx: AppContext, m: PersonMatch): Promise<PersonMatch> {
  const who = whoOnRecord(m);
  if (!who && !m.receiptNo) return m;
  let q = claimsDb(ctx).selectFrom('treatmentRecord as r').select('r.id');
  if (who) q = q.where(who);
  if (m.receiptNo) q = q.where('r.receiptNo', '=', m.receiptNo);
  const ids = (await q.limit(FEW_RECORDS + 1).execute()).map((r) => Number(r.id));
  return ids.length > FEW_RECORDS ? m : { ...m, recordIds: ids };
}

export async function personMatchOf(ctx: AppContext, p: PersonSearch): Promise<PersonMatch> {
  const m: PersonMatch = {};
  if (p.name !== undefined) m.nameHmac = nameHmacOf(ctx, p.name);
  if (p.birthDate !== undefined) m.birthHmac = birthHmacOf(ctx, p.birthDate);
  if (m.nameHmac)
    m.childApplyIds = await childSubscriptionsByGuardian(ctx.db, m as { nameHmac: string; birthHmac?: string });
  if (p.receiptNo !== undefined) m.receiptNo = p.receiptNo;
  if (p.claimId !== undefined) m.claimId = p.claimId;
  if (p.phone !== undefined) m.phoneCis = await ciHmacsByPhone(ctx.db, phoneHmacOf(ctx, p.phone));
  return m;
}

/** The keys that name a person (a claim id alone is what the plain list filters by, unrecorded). */
const NAMING: PersonKey[] = ['name', 'phone', 'birthDate', 'receiptNo'];
export const namesAPerson = (p: PersonSearch) => keysNamed(p).some((k) => NAMING.includes(k));

/**
 * The patients a search finds (keyed CI hashes, at most `limit`), each with one of its claims when it has any (the
 * access log's search, which shows the patient masked by it). A record's own CI when it has one, else its claims' (a
 * record matched by RRN alone has none of its own); a phone's subscriber without any record as well.
 */
export async function personCiHmacsOf(
  ctx: AppContext,
  m: PersonMatch,
  limit = 50,
): Promise<{ ciHmac: string; claimId: number | null }[]> {
  if (m.phoneCis && m.phoneCis.length === 0) return [];
  const onRecord = m.nameHmac || m.birthHmac || m.receiptNo || m.claimId !== undefined;
  if (!onRecord) return phonePatients(ctx, m.phoneCis ?? [], limit);
  let q = claimsDb(ctx)
    .selectFrom('treatmentRecord as r')
    .leftJoin('claim as c', 'c.recordId', 'r.id')
    .select((eb) => [eb.fn.coalesce('c.ciHmac', 'r.ciHmac').as('ciHmac'), 'c.id as claimId']);
  const who = whoOnRecord(m);
  if (who) q = q.where(who);
  if (m.receiptNo) q = q.where('r.receiptNo', '=', m.receiptNo);
  if (m.claimId !== undefined) q = q.where('c.id', '=', m.claimId);
  if (m.phoneCis) {
    const cis = m.phoneCis;
    q = q.where((eb) => eb.or([eb('c.ciHmac', 'in', cis), eb('r.ciHmac', 'in', cis)]));
  }
  const rows = await q.limit(limit * 4).execute();
  const found = new Map<string, number | null>();
  for (const r of rows) if (r.ciHmac && !found.get(r.ciHmac)) found.set(r.ciHmac, r.claimId ? Number(r.claimId) : null);
  return [...found].slice(0, limit).map(([ciHmac, claimId]) => ({ ciHmac, claimId }));
}

/** A phone's patients, each with its newest claim when it has any (by the claim_ci index). */
async function phonePatients(ctx: AppContext, cis: string[], limit: number) {
  const claims = await Promise.all(
    cis
      .slice(0, limit)
      .map((ciHmac) =>
        claimsDb(ctx)
          .selectFrom('claim')
          .select('id')
          .where('ciHmac', '=', ciHmac)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ),
  );
  return cis.slice(0, limit).map((ciHmac, i) => ({ ciHmac, claimId: claims[i] ? Number(claims[i].id) : null }));
}

/**
 * Before a search that names a person reads anything (nothing for a claim id alone): takes it from the operator's
 * minute (audit's takePersonSearch: 429 past PERSON_SEARCHES_PER_MINUTE) and writes it to the operators' record (who,
 * which kinds of key, never the values), in one transaction: every page, whatever its cursor, so that no count or row
 * leaves unrecorded. An alert past the threshold.
 */
export async function startPersonSearch(
  ctx: Pick<AppContext, 'db' | 'clock' | 'metrics' | 'log'>,
  p: PersonSearch,
  o: { by: By; target: 'claims' | 'access-log' | 'held' },
) {
  if (!namesAPerson(p)) return;
  const now = ctx.clock.now();
  const inMinute = await claimsDb(ctx)
    .transaction()
    .execute(async (tx) => {
      const n = await takePersonSearch(tx, { loginId: o.by.loginId, now });
      await recordOperatorAction(
        tx,
        { ...o.by, action: 'patient_searched', target: o.target, detail: keysNamed(p).join(',') },
        now,
      );
      return n;
    });
  personSearchAlert(ctx, o.by.loginId, inMinute);
}

/**
 * After the search read its page: a line in the access log of each patient it showed ("운영자가 회원님을 찾아봤어요";
 * every page: each shows other patients). Nothing for a claim id alone.
 */
export async function recordPersonSearch(
  handle: Handle,
  p: PersonSearch,
  found: { ciHmac: string; claimId?: number | null }[],
  o: { by: By; now: Date },
) {
  if (!namesAPerson(p)) return;
  const kinds = keysNamed(p).join(',');
  const seen = new Set<string>();
  const lines = found.filter((f) => !seen.has(f.ciHmac) && seen.add(f.ciHmac));
  await recordAccess(
    handle,
    lines.map((l) => ({
      ciHmac: l.ciHmac,
      action: 'operator_searched' as const,
      actor: `operator:${o.by.loginId}`,
      claimId: l.claimId ?? null,
      detail: kinds,
    })),
    o.now,
  );
}
