// For operators (README "Operator console", "Held records"): records held because whose they are is in doubt (held.ts
// says why a record is held), their count for the dashboard, and the way out of the list:
// - released to the subscriber (identity_mismatch, rrn_unconfirmed; a reason required): pending again and marked
//   released, so the matcher takes it as the subscriber's and claims it by the ordinary rules. One conditional update
//   moves it: a second release (a double click, another operator at the same moment) finds it no longer held and
//   answers RECORD_NOT_HELD, and the claims' unique (record, insurer) key keeps any claim single.
// - set aside (any held record; a reason required): unlinked and never claimed, purged at purge_at like another
//   hospital's record; its hospital reads set_aside as the record's status in the feed's answer.
// Both write the operators' record (with the typed reason) and the patient's access log (a fixed Korean sentence).
// Before deciding, the operator sees the record beside the subscriber (heldRecordDetail: both names and birth dates,
// unmasked, the differing ones named; written to both records as a viewing), and finds a caller's held records by
// what the caller says (searchHeldRecords: the record's name, birth date, receipt number, or the subscriber's phone).
import type { z } from 'zod';
import { HELD_OUTCOMES, maskName, sameName, type OperatorHeldRecord } from '@auto-claim/contract';
import {
  type HeldDecisionBody,
  type HeldRecordDetail,
  type heldRecordsQuery,
  type heldRecordsSearchBody,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../../../context.js';
import type { Handle } from '../../../db/handle.js';
import { keysetPage } from '../../../db/page.js';
import { AppError, notFound } from '../../../http/problem.js';
import { checkSignedCursor, cursorScope, signCursor } from '../../../http/signed-cursor.js';
import { recordAccess, recordOperatorAction } from '../../audit/index.js';
import { hospitalsByCode } from '../../reference/index.js';
import { contactsOf, insuredPersonsOf, subscriptionIdsOf } from '../../subscriptions/index.js';
import type { RecordPerson } from '../common.js';
import { UNLINKED_RECORD_PURGE_DAYS } from '../rules.js';
import { claimsDb, claimsTransaction } from '../tables.js';
import type { By } from './actions.js';
import { personMatchOf, recordPersonSearch, startPersonSearch, whoOnRecord } from './person-search.js';

/** Held records an operator may release to the subscriber: there is one (not_patients were unlinked). */
const RELEASABLE = ['identity_mismatch', 'rrn_unconfirmed'] as const;

/**
 * What a caller's keys find among held records: the record's own hashes (or a guardian's children's, whoOnRecord) and
 * receipt number, a phone's patients.
 */
interface HeldPersonMatch {
  nameHmac?: string;
  birthHmac?: string;
  childApplyIds?: string[];
  receiptNo?: string;
  /** The patients' CI hashes and subscriptions a phone finds (empty: none). */
  phone?: { cis: string[]; insuApplyIds: string[] };
}

/** A page of the held records, newest first unless sorted otherwise (the console's list). */
export async function heldRecords(ctx: AppContext, q: z.output<typeof heldRecordsQuery>) {
  const { ciHmacs: _ciHmacs, ...page } = await heldPage(ctx, q);
  return page;
}

/** The list's page, narrowed by a caller's keys, with each row's own CI hash (the search's access log). */
async function heldPage(ctx: AppContext, q: z.output<typeof heldRecordsQuery>, person?: HeldPersonMatch) {
  const column = { receivedAt: 'receivedAt', visitDate: 'visitDate', hospitalCd: 'hospitalCd' } as const;
  let base = claimsDb(ctx).selectFrom('treatmentRecord as r').where('outcome', 'in', HELD_OUTCOMES);
  if (q.reason) base = base.where('outcome', '=', q.reason);
  if (q.hospitalCd) base = base.where('hospitalCd', '=', q.hospitalCd);
  const who = person && whoOnRecord(person);
  if (who) base = base.where(who);
  if (person?.receiptNo) base = base.where('receiptNo', '=', person.receiptNo);
  if (person?.phone) {
    const { cis, insuApplyIds } = person.phone;
    base = base.where((eb) =>
      eb.or([
        ...(cis.length ? [eb('ciHmac', 'in', cis)] : []),
        ...(insuApplyIds.length ? [eb('insuApplyId', 'in', insuApplyIds)] : []),
        eb.val(false),
      ]),
    );
  }
  const { rows, ...page } = await keysetPage(
    ctx.db,
    base.select([
      'id',
      'hospitalCd',
      'receiptNo',
      'visitDate',
      'outcome',
      'insuApplyId',
      'personEnc',
      'receivedAt',
      'decidedAt',
      'ciHmac',
    ]),
    q,
    { by: column[q.sort ?? 'receivedAt'], id: 'id' },
  );
  const list = rows.map((r): OperatorHeldRecord => {
    const reason = r.outcome as OperatorHeldRecord['reason'];
    return {
      recordId: r.id,
      hospitalCd: r.hospitalCd,
      receiptNo: r.receiptNo,
      visitDate: r.visitDate,
      reason,
      insuApplyId: r.insuApplyId,
      patientName: maskName(ctx.crypto.decryptJson<RecordPerson>(r.personEnc).name),
      releasable: r.insuApplyId !== null && (RELEASABLE as readonly string[]).includes(reason),
      receivedAt: new Date(r.receivedAt).toISOString(),
      decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
    };
  });
  return { ...page, list, ciHmacs: rows.map((r) => r.ciHmac) };
}

/**
 * The held records by what a caller says (README "Operator console", "Search by what a caller says"): the name and
 * birth date as the hospital wrote them, the receipt number, or the phone the subscriber verified (which finds the
 * records that collided with her subscription, whatever name they carry). Recorded as the claims' search is.
 */
export async function searchHeldRecords(ctx: AppContext, body: z.output<typeof heldRecordsSearchBody>, by: By) {
  const { name, phone, birthDate, receiptNo, ...q } = body;
  const person = { name, phone, birthDate, receiptNo };
  // Signed cursors and the search recorded before anything is read, as the claims' search (person-search.ts).
  const scope = cursorScope(by.loginId, body);
  if (body.cursor !== undefined) checkSignedCursor(ctx.crypto, scope, body.cursor);
  await startPersonSearch(ctx, person, { by, target: 'held' });
  const m = await personMatchOf(ctx, person);
  const phoneMatch = m.phoneCis
    ? {
        cis: m.phoneCis,
        insuApplyIds: (await Promise.all(m.phoneCis.map((ci) => subscriptionIdsOf(ctx.db, ci)))).flat(),
      }
    : undefined;
  const { ciHmacs, ...page } = await heldPage(ctx, q, {
    ...(m.nameHmac ? { nameHmac: m.nameHmac } : {}),
    ...(m.birthHmac ? { birthHmac: m.birthHmac } : {}),
    ...(m.childApplyIds ? { childApplyIds: m.childApplyIds } : {}),
    ...(m.receiptNo ? { receiptNo: m.receiptNo } : {}),
    ...(phoneMatch ? { phone: phoneMatch } : {}),
  });
  // The patient each row names: the subscriber it collided with, else the record's own CI.
  const contacts = await contactsOf(ctx, ctx.db, [
    ...new Set(page.list.flatMap((r) => (r.insuApplyId ? [r.insuApplyId] : []))),
  ]);
  const found = page.list.flatMap((r, i) => {
    const ciHmac = (r.insuApplyId ? contacts.get(r.insuApplyId)?.ciHmac : undefined) ?? ciHmacs[i];
    return ciHmac ? [{ ciHmac }] : [];
  });
  await recordPersonSearch(ctx.db, person, found, { by, now: ctx.clock.now() });
  return { ...page, nextCursor: signCursor(ctx.crypto, scope, page.nextCursor) };
}

/**
 * One held record beside the subscription it collided with, for the operator about to decide: the record's name and
 * birth date as the hospital sent them, the subscriber's as verified (unmasked: comparing them is the decision), and
 * which differ. Seeing them is written to the operators' record and the patient's access log, as a reveal is.
 */
export async function heldRecordDetail(ctx: AppContext, recordId: number, by: By): Promise<HeldRecordDetail> {
  const r = await claimsDb(ctx)
    .selectFrom('treatmentRecord')
    .select(['id', 'hospitalCd', 'receiptNo', 'visitDate', 'outcome', 'insuApplyId', 'ciHmac', 'personEnc'])
    .where('id', '=', recordId)
    .executeTakeFirst();
  if (!r) throw notFound('기록을 찾을 수 없어요.', 'RECORD_NOT_FOUND');
  if (!(HELD_OUTCOMES as readonly string[]).includes(r.outcome)) throw NOT_HELD();
  const reason = r.outcome as HeldRecordDetail['reason'];
  const recorded = ctx.crypto.decryptJson<RecordPerson>(r.personEnc);
  const [subs, [hospital]] = await Promise.all([
    r.insuApplyId ? insuredPersonsOf(ctx, ctx.db, [r.insuApplyId]) : new Map<string, never>(),
    hospitalsByCode(ctx.db, [r.hospitalCd]),
  ]);
  const sub = r.insuApplyId ? subs.get(r.insuApplyId) : undefined;
  const subscriber = sub ? { name: sub.userNm, birthDate: sub.birthday } : null;
  const differs: HeldRecordDetail['differs'] = subscriber
    ? [
        ...(sameName(recorded.name, subscriber.name) ? [] : (['name'] as const)),
        ...(recorded.birthDate === subscriber.birthDate ? [] : (['birthDate'] as const)),
      ]
    : [];
  const now = ctx.clock.now();
  await claimsTransaction(ctx).execute(async (tx) => {
    const ciHmac = await patientOf(ctx, tx, r.insuApplyId, r.ciHmac);
    await recordOperatorAction(tx, { ...by, action: 'record_held_viewed', ciHmac, recordId }, now);
    if (ciHmac) {
      await recordAccess(
        tx,
        [{ ciHmac, action: 'operator_held_viewed', actor: `operator:${by.loginId}`, recordId }],
        now,
      );
    }
  });
  return {
    recordId: Number(r.id),
    hospitalCd: r.hospitalCd,
    hospitalNm: hospital?.hospitalNm ?? null,
    receiptNo: r.receiptNo,
    visitDate: r.visitDate,
    reason,
    releasable: r.insuApplyId !== null && (RELEASABLE as readonly string[]).includes(reason),
    record: { name: recorded.name, birthDate: recorded.birthDate },
    subscriber,
    differs,
  };
}

/** How many records are held now, by why: read from the partial index of held records (0011), never the table. */
export async function heldCounts(handle: Handle) {
  const rows = await claimsDb(handle)
    .selectFrom('treatmentRecord')
    .select(['outcome', (eb) => eb.fn.countAll<string>().as('n')])
    .where('outcome', 'in', HELD_OUTCOMES)
    .groupBy('outcome')
    .execute();
  const counts = { identity_mismatch: 0, rrn_unconfirmed: 0, not_patients: 0 };
  for (const r of rows) counts[r.outcome as keyof typeof counts] = Number(r.n);
  return counts;
}

const NOT_HELD = () =>
  new AppError(
    'RECORD_NOT_HELD',
    '보류 중인 기록이 아니에요. 이미 다른 운영자가 처리했을 수 있어요. 목록을 새로 고쳐 주세요.',
    [{ field: 'recordId', message: '보류 중인 기록이 아니에요.' }],
  );

/** Why it answered RECORD_NOT_HELD rather than RECORD_NOT_FOUND: the record exists, only not held (any more). */
async function refuse(handle: Handle, recordId: number): Promise<never> {
  const exists = await claimsDb(handle)
    .selectFrom('treatmentRecord')
    .select('id')
    .where('id', '=', recordId)
    .executeTakeFirst();
  if (!exists) throw notFound('기록을 찾을 수 없어요.', 'RECORD_NOT_FOUND');
  throw NOT_HELD();
}

/** The subscriber's CI (keyed hash) for the patient's access log: the subscription's, else the record's own. */
async function patientOf(ctx: AppContext, handle: Handle, insuApplyId: string | null, recordCi: string | null) {
  if (insuApplyId) {
    const c = (await contactsOf(ctx, handle, [insuApplyId])).get(insuApplyId);
    if (c) return c.ciHmac;
  }
  return recordCi;
}

/**
 * Releases a held record to its subscriber: pending again, released (the matcher holds it no more), claimed by the
 * ordinary rules when the engine next matches. At most once: the update moves only a record still held.
 */
export async function releaseHeldRecord(ctx: AppContext, recordId: number, { reason }: HeldDecisionBody, by: By) {
  const now = ctx.clock.now();
  await claimsTransaction(ctx).execute(async (tx) => {
    const r = await tx
      .updateTable('treatmentRecord')
      .set({ outcome: 'pending', releasedAt: now, releasedBy: by.loginId, decidedAt: null })
      .where('id', '=', recordId)
      .where('outcome', 'in', RELEASABLE)
      .where('insuApplyId', 'is not', null)
      .returning(['insuApplyId', 'ciHmac', 'hospitalCd'])
      .executeTakeFirst();
    if (!r) return refuse(tx, recordId);
    const ciHmac = await patientOf(ctx, tx, r.insuApplyId, r.ciHmac);
    await recordOperatorAction(tx, { ...by, action: 'record_released', ciHmac, recordId, reason }, now);
    if (ciHmac) {
      await recordAccess(
        tx,
        [{ ciHmac, action: 'operator_record_released', actor: `operator:${by.loginId}`, recordId }],
        now,
      );
    }
  });
  return { recordId, outcome: 'pending' as const };
}

/** Sets a held record aside: unlinked, never claimed, deleted at purge_at; its hospital reads set_aside. */
export async function setAsideHeldRecord(ctx: AppContext, recordId: number, { reason }: HeldDecisionBody, by: By) {
  const now = ctx.clock.now();
  await claimsTransaction(ctx).execute(async (tx) => {
    // The subscription it collided with, read before the update unlinks it (the same row lock).
    const before = await tx
      .selectFrom('treatmentRecord')
      .select(['insuApplyId', 'ciHmac'])
      .where('id', '=', recordId)
      .where('outcome', 'in', HELD_OUTCOMES)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return refuse(tx, recordId);
    await tx
      .updateTable('treatmentRecord')
      .set({
        outcome: 'set_aside',
        insuApplyId: null,
        decidedAt: now,
        purgeAt: new Date(now.getTime() + UNLINKED_RECORD_PURGE_DAYS * 86_400_000),
      })
      .where('id', '=', recordId)
      .execute();
    const ciHmac = await patientOf(ctx, tx, before.insuApplyId, before.ciHmac);
    await recordOperatorAction(tx, { ...by, action: 'record_set_aside', ciHmac, recordId, reason }, now);
    if (ciHmac) {
      await recordAccess(
        tx,
        [{ ciHmac, action: 'operator_record_set_aside', actor: `operator:${by.loginId}`, recordId }],
        now,
      );
    }
  });
  return { recordId, outcome: 'set_aside' as const };
}
