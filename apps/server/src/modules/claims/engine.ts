// The claim engine (issue 5): pending treatment records → claims (rules.ts) → deliveries to insurers → 알림톡.
// The tables are the state: a record is 'pending' until matched, a delivery 'pending' until sent or dead, and every
// step takes its batch with SELECT … FOR UPDATE SKIP LOCKED inside one transaction, so any number of workers (and
// instances) share the work and a crash anywhere leaves each row either done or still to do. pg-boss (jobs.ts)
// wakes the workers, keeps the schedule, and carries the one notification per record.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import { MAX_DELIVERY_ATTEMPTS, patientLinkPath } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { ClaimStatus, Database, RecordOutcome } from '../../db/schema.js';
import type { DeliveryDocument, DeliveryRequest } from '../../providers/delivery/types.js';
import { signLinkTokens } from '../../security/linkToken.js';
import { purgeDue } from '../subscriptions/repo.js';
import { QUEUES, bossDb, createBoss } from './jobs.js';
import { decide, kstDate, nextBatchAt, retryDelayMs, type RuleSubscription } from './rules.js';

type Db = Kysely<Database>;

/** Records per match transaction and deliveries per delivery transaction. */
/** What a claim's documents need of its treatment record (alias `r`): the receipt, and the person and detail sealed. */
export const RECEIPT_COLUMNS = [
  'r.receiptNo',
  'r.visitDate',
  'r.visitType',
  'r.coveredCopay',
  'r.uncovered',
  'r.totalPaid',
  'r.personEnc',
  'r.detailEnc',
] as const;

export const MATCH_BATCH = 500;
export const DELIVER_BATCH = 500;

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The RRN keyed hash records and subscriptions are matched by (13 digits, no hyphen). */
export const rrnHmacOf = (ctx: AppContext, rrn: string) => ctx.crypto.hmac('rrn', rrn);

export interface RecordPerson {
  name: string;
  birthDate: string;
  rrn?: string;
  ci?: string;
}
export interface RecordDetail {
  department: string;
  kcdCodes: string[];
}

interface LiveSubscription extends RuleSubscription {
  ciHmac: string;
  rrnHmac: string | null;
  insurers: string[];
  repeatWeek: number | null;
  repeatDay: number | null;
}

export interface ClaimEngine {
  /** Installs pg-boss; with workers, also runs the queues and the minute tick. Idempotent. */
  start(opts?: { workers?: boolean }): Promise<void>;
  stop(): Promise<void>;
  /** Wakes the match worker (after a feed). A no-op before start(). */
  kick(): Promise<void>;
  /** One transaction of matching; answers how many records it decided. */
  matchBatch(limit?: number): Promise<number>;
  /** One transaction of delivery; answers how many deliveries it attempted. */
  deliverBatch(limit?: number): Promise<number>;
  /** Sends the queued notifications (tests and the benchmark; workers do it on their own). */
  notifyQueued(limit?: number): Promise<number>;
  /** Every step until nothing is due at ctx.clock.now() (tests, benchmark). */
  drain(): Promise<{ matched: number; delivered: number; notified: number }>;
  readonly started: boolean;
}

// ----------------------------------------------------------------------------------------------------------------
// Matching

/** Keeps subscription_rrn filled for live subscriptions, so RRN-only records match without decrypting at match time. */
async function backfillRrn(ctx: AppContext, db: Db) {
  const missing = await db
    .selectFrom('subscription as s')
    .select(['s.insuApplyId', 's.personEnc'])
    .where('s.status', '=', 'subscribe')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('subscriptionRrn as r').select('r.insuApplyId').whereRef('r.insuApplyId', '=', 's.insuApplyId'),
        ),
      ),
    )
    .limit(1000)
    .execute();
  const rows = missing.flatMap((s) => {
    const p = ctx.crypto.decryptJson<{ birthday?: string; userIdno2?: string }>(s.personEnc);
    if (!p.birthday || !p.userIdno2) return [];
    return [{ insuApplyId: s.insuApplyId, rrnHmac: rrnHmacOf(ctx, p.birthday.slice(2) + p.userIdno2) }];
  });
  if (rows.length) {
    await db
      .insertInto('subscriptionRrn')
      .values(rows)
      .onConflict((oc) => oc.column('insuApplyId').doNothing())
      .execute();
  }
}

async function liveSubscriptions(db: Db, ciHmacs: string[], rrnHmacs: string[]) {
  if (ciHmacs.length === 0 && rrnHmacs.length === 0) return [];
  const subs = await db
    .selectFrom('subscription as s')
    .leftJoin('subscriptionRrn as r', 'r.insuApplyId', 's.insuApplyId')
    .select([
      's.insuApplyId',
      's.ciHmac',
      's.minAmt',
      's.retroMonth',
      's.contractStartDate',
      's.contractEndDate',
      's.repeatWeek',
      's.repeatDay',
      's.insuCompCd',
      'r.rrnHmac',
    ])
    .where('s.status', '=', 'subscribe')
    .where((eb) =>
      eb.or([
        ...(ciHmacs.length ? [eb('s.ciHmac', 'in', ciHmacs)] : []),
        ...(rrnHmacs.length ? [eb('r.rrnHmac', 'in', rrnHmacs)] : []),
      ]),
    )
    .execute();
  if (subs.length === 0) return [];
  const ids = subs.map((s) => s.insuApplyId);
  const [hospitals, insurers] = await Promise.all([
    db
      .selectFrom('subscriptionHospital')
      .select(['insuApplyId', 'hospitalCd'])
      .where('insuApplyId', 'in', ids)
      .where('cancelledAt', 'is', null)
      .execute(),
    db
      .selectFrom('subscriptionInsurer')
      .select(['insuApplyId', 'insuCompCd'])
      .where('insuApplyId', 'in', ids)
      .orderBy('insuCompCd')
      .execute(),
  ]);
  return subs.map((s): LiveSubscription => {
    const own = insurers.filter((i) => i.insuApplyId === s.insuApplyId).map((i) => i.insuCompCd);
    return {
      insuApplyId: s.insuApplyId,
      ciHmac: s.ciHmac,
      rrnHmac: s.rrnHmac,
      minAmt: s.minAmt,
      retroMonth: s.retroMonth,
      contractStartDate: s.contractStartDate,
      contractEndDate: s.contractEndDate,
      repeatWeek: s.repeatWeek,
      repeatDay: s.repeatDay,
      hospitals: new Set(hospitals.filter((h) => h.insuApplyId === s.insuApplyId).map((h) => h.hospitalCd)),
      insurers: own.length ? own : [s.insuCompCd],
    };
  });
}

export async function faxNumbers(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('insurerFax').select(['insuCompCd', 'faxNo']).orderBy('id').execute();
  const map = new Map<string, string>();
  for (const r of rows) if (!map.has(r.insuCompCd)) map.set(r.insuCompCd, r.faxNo.replace(/\D/g, ''));
  return map;
}

async function matchBatch(ctx: AppContext, boss: PgBoss | undefined, limit = MATCH_BATCH): Promise<number> {
  const now = ctx.clock.now();
  const today = kstDate(now);
  let wakeAt: Date[] = [];
  const decided = await ctx.db.transaction().execute(async (tx) => {
    const records = await tx
      .selectFrom('treatmentRecord')
      .select(['id', 'hospitalCd', 'ciHmac', 'rrnHmac', 'visitDate', 'totalPaid'])
      .where('outcome', '=', 'pending')
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (records.length === 0) return 0;

    const ciHmacs = [...new Set(records.flatMap((r) => (r.ciHmac ? [r.ciHmac] : [])))];
    const rrnHmacs = [...new Set(records.flatMap((r) => (r.rrnHmac && !r.ciHmac ? [r.rrnHmac] : [])))];
    if (rrnHmacs.length) await backfillRrn(ctx, tx);
    const subs = await liveSubscriptions(tx, ciHmacs, rrnHmacs);
    const byCi = new Map(subs.map((s) => [s.ciHmac, s]));
    const byRrn = new Map(subs.flatMap((s) => (s.rrnHmac ? [[s.rrnHmac, s] as const] : [])));
    const fax = await faxNumbers(tx);

    const outcomes: { id: number; outcome: RecordOutcome; insuApplyId: string | null }[] = [];
    const claims: Parameters<typeof insertClaims>[2] = [];
    const received: { ciHmac: string; recordId: number; hospitalCd: string }[] = [];
    const notify: { recordId: number }[] = [];
    for (const r of records) {
      const sub = (r.ciHmac && byCi.get(r.ciHmac)) || (r.rrnHmac ? byRrn.get(r.rrnHmac) : undefined) || undefined;
      const outcome = decide(r, sub, today);
      outcomes.push({ id: r.id, outcome, insuApplyId: sub?.insuApplyId ?? null });
      if (!sub || outcome === 'not_subscribed') continue;
      received.push({ ciHmac: sub.ciHmac, recordId: r.id, hospitalCd: r.hospitalCd });
      if (outcome === 'below_min' || outcome === 'claimed') notify.push({ recordId: r.id });
      if (outcome !== 'claimed') continue;
      const scheduledFor = nextBatchAt(now, sub.repeatWeek, sub.repeatDay) ?? null;
      if (scheduledFor) wakeAt.push(scheduledFor);
      for (const insuCompCd of sub.insurers) {
        claims.push({
          recordId: r.id,
          insuCompCd,
          insuApplyId: sub.insuApplyId,
          ciHmac: sub.ciHmac,
          amount: r.totalPaid,
          scheduledFor,
        });
      }
    }

    await sql`
      update treatment_record as t
      set outcome = v.outcome, insu_apply_id = v.apply, decided_at = ${now}
      from (select unnest(${outcomes.map((o) => o.id)}::bigint[]) as id,
                   unnest(${outcomes.map((o) => o.outcome)}::text[]) as outcome,
                   unnest(${outcomes.map((o) => o.insuApplyId)}::text[]) as apply) as v
      where t.id = v.id`.execute(tx);
    if (received.length) {
      await tx
        .insertInto('accessLog')
        .values(
          received.map((r) => ({
            ciHmac: r.ciHmac,
            action: 'record_received',
            actor: `hospital:${r.hospitalCd}`,
            recordId: r.recordId,
            claimId: null,
            detail: null,
            at: now,
          })),
        )
        .execute();
    }
    await insertClaims(ctx, tx, claims, fax, now);
    if (notify.length && boss) {
      await boss.insert(
        notify.map((n) => ({ name: QUEUES.notify, data: n })),
        { db: bossDb(tx) },
      );
    }
    return records.length;
  });
  if (boss && wakeAt.length) {
    wakeAt = [...new Set(wakeAt.map((d) => d.getTime()))].map((t) => new Date(t));
    for (const at of wakeAt) {
      await boss.send(QUEUES.deliver, {}, { startAfter: at, singletonKey: `at:${at.toISOString()}` });
    }
  }
  return decided;
}

/** Claims, their first status, deliveries and the access log, in the caller's transaction. Skips a claim that
 * already exists for the record and insurer (e.g. the patient claimed it by hand first). */
export async function insertClaims(
  ctx: AppContext,
  tx: Db,
  claims: {
    recordId: number;
    insuCompCd: string;
    insuApplyId: string | null;
    ciHmac: string;
    amount: number;
    scheduledFor: Date | null;
    origin?: 'auto' | 'patient';
  }[],
  fax: Map<string, string>,
  now: Date,
): Promise<number[]> {
  if (claims.length === 0) return [];
  const inserted = await tx
    .insertInto('claim')
    .values(
      claims.map((c) => ({
        recordId: c.recordId,
        insuCompCd: c.insuCompCd,
        insuApplyId: c.insuApplyId,
        ciHmac: c.ciHmac,
        origin: c.origin ?? 'auto',
        amount: c.amount,
        status: 'received' as const,
        rejectReason: null,
        paidAmount: null,
        scheduledFor: c.scheduledFor,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflict((oc) => oc.columns(['recordId', 'insuCompCd']).doNothing())
    .returning(['id', 'recordId', 'insuCompCd', 'ciHmac', 'scheduledFor'])
    .execute();
  if (inserted.length === 0) return [];
  await tx
    .insertInto('claimStatusHistory')
    .values(
      inserted.map((c) => ({ claimId: c.id, status: 'received' as const, reason: null, actor: 'engine', at: now })),
    )
    .execute();
  await tx
    .insertInto('claimDelivery')
    .values(
      inserted.map((c) => {
        const channel = ctx.providers.delivery.channelFor(c.insuCompCd);
        return {
          claimId: c.id,
          insuCompCd: c.insuCompCd,
          channel,
          destination: channel === 'fax' ? (fax.get(c.insuCompCd) ?? '') : `api:${c.insuCompCd}`,
          status: 'pending' as const,
          attempts: 0,
          nextAttemptAt: c.scheduledFor ? new Date(c.scheduledFor) : now,
          lastError: null,
          externalRef: null,
          createdAt: now,
          sentAt: null,
        };
      }),
    )
    .execute();
  await tx
    .insertInto('accessLog')
    .values(
      inserted.map((c) => ({
        ciHmac: c.ciHmac,
        action: 'claim_created',
        actor: 'engine',
        recordId: c.recordId,
        claimId: c.id,
        detail: c.insuCompCd,
        at: now,
      })),
    )
    .execute();
  return inserted.map((c) => c.id);
}

// ----------------------------------------------------------------------------------------------------------------
// Delivery

/** A status change of many claims with its history rows; `via` records statuses passed through on the way. */
type StatusChange = { claimId: number; status: ClaimStatus; reason: string | null; via?: ClaimStatus[] };
async function setStatus(tx: Db, changes: StatusChange[], actor: string, now: Date) {
  if (changes.length === 0) return;
  await sql`
    update claim as c
    set status = v.status, reject_reason = coalesce(v.reason, c.reject_reason), updated_at = ${now}
    from (select unnest(${changes.map((c) => c.claimId)}::bigint[]) as id,
                 unnest(${changes.map((c) => c.status)}::text[]) as status,
                 unnest(${changes.map((c) => c.reason)}::text[]) as reason) as v
    where c.id = v.id`.execute(tx);
  await tx
    .insertInto('claimStatusHistory')
    .values(
      changes.flatMap((c) => [
        ...(c.via ?? []).map((status) => ({ claimId: c.claimId, status, reason: null, actor, at: now })),
        { claimId: c.claimId, status: c.status, reason: c.reason, actor, at: now },
      ]),
    )
    .execute();
}

/**
 * The electronic claim for an insurer API: the claim form and the receipt details as canonical JSON, so the same
 * claim always gives the same bytes and SHA-256. The PDF package (documents.ts) is built beside it, lazily.
 */
export function electronicDocuments(
  ctx: AppContext,
  d: {
    claimId: number;
    insuCompCd: string;
    insuApplyId: string | null;
    amount: number;
    hospitalCd: string;
    receiptNo: string;
    visitDate: string;
    visitType: string;
    coveredCopay: number;
    uncovered: number;
    totalPaid: number;
    personEnc: string;
    detailEnc: string;
  },
): DeliveryDocument[] {
  const person = ctx.crypto.decryptJson<RecordPerson>(d.personEnc);
  const detail = ctx.crypto.decryptJson<RecordDetail>(d.detailEnc);
  const claimForm = JSON.stringify({
    form: '실손의료보험 보험금 청구서',
    claimId: d.claimId,
    insuCompCd: d.insuCompCd,
    insuApplyId: d.insuApplyId,
    insured: { name: person.name, birthDate: person.birthDate, rrn: person.rrn ?? null, ci: person.ci ?? null },
    claimAmount: d.amount,
    cause: '질병 또는 상해로 인한 의료비',
    mandate: '위임장 및 개인(신용)정보 처리 동의서는 가입 시 서명본으로 갈음',
  });
  const receipt = JSON.stringify({
    form: '진료비 영수증 내역',
    hospitalCd: d.hospitalCd,
    receiptNo: d.receiptNo,
    visitDate: d.visitDate,
    visitType: d.visitType,
    department: detail.department,
    kcdCodes: detail.kcdCodes,
    coveredCopay: d.coveredCopay,
    uncovered: d.uncovered,
    totalPaid: d.totalPaid,
  });
  return [
    { kind: 'claim_form', contentType: 'application/json', body: claimForm, sha256: sha256Hex(claimForm) },
    { kind: 'receipt', contentType: 'application/json', body: receipt, sha256: sha256Hex(receipt) },
  ];
}

/** Builds the fax's PDF for a claim (documents.ts); set by start() so tests of the API channel need no fonts. */
export type FaxRenderer = (ctx: AppContext, tx: Db, claimId: number) => Promise<DeliveryDocument>;

async function deliverBatch(
  ctx: AppContext,
  boss: PgBoss | undefined,
  renderFax: FaxRenderer | undefined,
  limit = DELIVER_BATCH,
): Promise<number> {
  const now = ctx.clock.now();
  const retries: Date[] = [];
  const count = await ctx.db.transaction().execute(async (tx) => {
    const due = await tx
      .selectFrom('claimDelivery as d')
      .innerJoin('claim as c', 'c.id', 'd.claimId')
      .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
      .select([
        'd.id',
        'd.claimId',
        'd.insuCompCd',
        'd.channel',
        'd.destination',
        'd.attempts',
        'c.status as claimStatus',
        'c.ciHmac',
        'c.insuApplyId',
        'c.amount',
        'r.hospitalCd',
        ...RECEIPT_COLUMNS,
      ])
      .where('d.status', '=', 'pending')
      .where('d.nextAttemptAt', '<=', now)
      .orderBy('d.nextAttemptAt')
      .orderBy('d.id')
      .limit(limit)
      .forUpdate('d')
      .skipLocked()
      .execute();
    if (due.length === 0) return 0;

    const requests: DeliveryRequest[] = [];
    for (const d of due) {
      const documents = electronicDocuments(ctx, d);
      if (d.channel === 'fax' && renderFax) documents.push(await renderFax(ctx, tx, d.claimId));
      requests.push({
        idempotencyKey: `delivery-${d.id}`,
        claimId: d.claimId,
        insuCompCd: d.insuCompCd,
        channel: d.channel,
        destination: d.destination,
        documents,
      });
    }
    await tx
      .insertInto('claimDocument')
      .values(
        requests.flatMap((r) =>
          r.documents.map((doc) => ({
            claimId: r.claimId,
            kind: doc.kind,
            sha256: doc.sha256,
            bytes: typeof doc.body === 'string' ? Buffer.byteLength(doc.body) : doc.body.byteLength,
            createdAt: now,
          })),
        ),
      )
      .onConflict((oc) => oc.columns(['claimId', 'kind']).doNothing())
      .execute();
    let results;
    try {
      results = await ctx.providers.delivery.deliver(requests, tx);
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      results = requests.map(() => ({ ok: false as const, error, retryable: true }));
    }

    const sent: { id: number; claimId: number; ciHmac: string; insuCompCd: string; ref: string }[] = [];
    const failed: { id: number; claimId: number; attempts: number; error: string; dead: boolean }[] = [];
    due.forEach((d, i) => {
      const r = results[i] ?? { ok: false as const, error: 'no answer from the provider', retryable: true };
      if (r.ok)
        sent.push({ id: d.id, claimId: d.claimId, ciHmac: d.ciHmac, insuCompCd: d.insuCompCd, ref: r.externalRef });
      else {
        const attempts = d.attempts + 1;
        failed.push({
          id: d.id,
          claimId: d.claimId,
          attempts,
          error: r.error.slice(0, 500),
          dead: !r.retryable || attempts >= MAX_DELIVERY_ATTEMPTS,
        });
      }
    });

    if (sent.length) {
      await sql`
        update claim_delivery as d
        set status = 'sent', attempts = d.attempts + 1, external_ref = v.ref, sent_at = ${now}, last_error = null
        from (select unnest(${sent.map((s) => s.id)}::bigint[]) as id, unnest(${sent.map((s) => s.ref)}::text[]) as ref) as v
        where d.id = v.id`.execute(tx);
      await tx
        .insertInto('accessLog')
        .values(
          sent.map((s) => ({
            ciHmac: s.ciHmac,
            action: 'delivered',
            actor: `insurer:${s.insuCompCd}`,
            recordId: null,
            claimId: s.claimId,
            detail: s.ref,
            at: now,
          })),
        )
        .execute();
    }
    if (failed.length) {
      const next = failed.map((f) => new Date(now.getTime() + retryDelayMs(f.attempts)));
      await sql`
        update claim_delivery as d
        set status = case when v.dead then 'dead' else 'pending' end,
            attempts = v.attempts, last_error = v.error, next_attempt_at = v.next
        from (select unnest(${failed.map((f) => f.id)}::bigint[]) as id,
                     unnest(${failed.map((f) => f.attempts)}::int[]) as attempts,
                     unnest(${failed.map((f) => f.error)}::text[]) as error,
                     unnest(${failed.map((f) => f.dead)}::boolean[]) as dead,
                     unnest(${next}::timestamptz[]) as next) as v
        where d.id = v.id`.execute(tx);
      failed.forEach((f, i) => !f.dead && retries.push(next[i]!));
    }
    // Every claim of the batch moves once: received → claimed (documents hashed) → sent, or failed when dead.
    const wasReceived = new Set(due.filter((d) => d.claimStatus === 'received').map((d) => d.claimId));
    const via = (claimId: number): ClaimStatus[] => (wasReceived.has(claimId) ? ['claimed'] : []);
    await setStatus(
      tx,
      [
        ...sent.map((s) => ({ claimId: s.claimId, status: 'sent' as const, reason: null, via: via(s.claimId) })),
        ...failed.flatMap((f): StatusChange[] =>
          f.dead
            ? [{ claimId: f.claimId, status: 'failed' as const, reason: f.error, via: via(f.claimId) }]
            : wasReceived.has(f.claimId)
              ? [{ claimId: f.claimId, status: 'claimed' as const, reason: null }]
              : [],
        ),
      ],
      'engine',
      now,
    );
    return due.length;
  });
  if (boss && retries.length) {
    const at = new Date(Math.min(...retries.map((d) => d.getTime())));
    await boss.send(QUEUES.deliver, {}, { startAfter: at, singletonKey: `at:${at.toISOString()}` });
  }
  return count;
}

// ----------------------------------------------------------------------------------------------------------------
// Telling the patient

const WON = new Intl.NumberFormat('ko-KR');

/** One 알림톡 per record, for a batch of records in one transaction (the link's token exists only if the message does). */
async function notifyRecords(ctx: AppContext, recordIds: number[]) {
  if (recordIds.length === 0) return;
  await ctx.db.transaction().execute(async (tx) => {
    const rows = await tx
      .selectFrom('treatmentRecord as r')
      .innerJoin('subscription as s', 's.insuApplyId', 'r.insuApplyId')
      .innerJoin('hospital as h', 'h.hospitalCd', 'r.hospitalCd')
      .select([
        'r.id',
        'r.outcome',
        'r.visitDate',
        'r.totalPaid',
        's.ciHmac',
        's.insuApplyId',
        's.personEnc',
        'h.hospitalNm',
      ])
      .where('r.id', 'in', recordIds)
      .orderBy('r.id')
      .execute();
    const due = rows.flatMap((r) => {
      if (r.outcome !== 'claimed' && r.outcome !== 'below_min') return [];
      const person = ctx.crypto.decryptJson<{ userTel?: string }>(r.personEnc);
      return person.userTel ? [{ ...r, outcome: r.outcome, userTel: person.userTel }] : [];
    });
    const tokens = await signLinkTokens(
      ctx,
      due.map((r) => ({ purpose: 'treat' as const, ciHmac: r.ciHmac, insuApplyId: r.insuApplyId, recordId: r.id })),
      tx,
    );
    await ctx.providers.notification.send(
      due.map((r, i) => {
        const date = `${Number(r.visitDate.slice(4, 6))}월 ${Number(r.visitDate.slice(6, 8))}일`;
        const paid = `${WON.format(r.totalPaid)}원`;
        return {
          to: r.userTel,
          template: r.outcome === 'claimed' ? 'AUTO_CLAIM_SENT' : 'AUTO_CLAIM_BELOW_MIN',
          text:
            r.outcome === 'claimed'
              ? `${r.hospitalNm}에서 ${date}에 받은 진료(${paid})를 보험사에 자동으로 청구할게요. 진행 상황은 아래 버튼에서 볼 수 있어요.`
              : `${r.hospitalNm}에서 ${date}에 받은 진료(${paid})는 설정한 최소 금액보다 적어 자동으로 청구하지 않았어요. 아래 버튼에서 직접 청구할 수 있어요.`,
          linkPath: patientLinkPath('treat', tokens[i]!),
        };
      }),
      tx,
    );
  });
}

async function notifyQueued(ctx: AppContext, boss: PgBoss | undefined, limit = 200): Promise<number> {
  if (!boss) return 0;
  const jobs = await boss.fetch<{ recordId: number }>(QUEUES.notify, { batchSize: limit });
  if (!jobs?.length) return 0;
  const ids = jobs.map((j) => j.id);
  try {
    await notifyRecords(
      ctx,
      jobs.map((j) => j.data.recordId),
    );
    await boss.complete(QUEUES.notify, ids);
  } catch {
    // pg-boss retries them with backoff (createBoss: retryLimit 5); the error stays in the job's output.
    await boss.fail(QUEUES.notify, ids);
  }
  return jobs.length;
}

// ----------------------------------------------------------------------------------------------------------------

export function createClaimEngine(ctx: AppContext, opts: { renderFax?: FaxRenderer } = {}): ClaimEngine {
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;
  let workers = false;

  const drainSteps = async () => {
    let matched = 0;
    let delivered = 0;
    for (let n; (n = await matchBatch(ctx, boss)) > 0;) matched += n;
    for (let n; (n = await deliverBatch(ctx, boss, opts.renderFax)) > 0;) delivered += n;
    return { matched, delivered };
  };

  const engine: ClaimEngine = {
    get started() {
      return boss !== undefined;
    },
    async start({ workers: withWorkers = false } = {}) {
      starting ??= (async () => {
        boss = await createBoss(ctx.db, { schedule: withWorkers });
        boss.on('error', () => {
          /* pg-boss retries its own maintenance; a failed job keeps its error in pgboss.job */
        });
      })();
      await starting;
      if (withWorkers && !workers && boss) {
        workers = true;
        const b = boss;
        await b.work(QUEUES.match, { pollingIntervalSeconds: 1 }, async () => {
          while ((await matchBatch(ctx, b)) > 0);
          await b.send(QUEUES.deliver, {});
        });
        await b.work(QUEUES.deliver, { pollingIntervalSeconds: 1 }, async () => {
          while ((await deliverBatch(ctx, b, opts.renderFax)) > 0);
        });
        await b.work<{ recordId: number }>(
          QUEUES.notify,
          { pollingIntervalSeconds: 1, batchSize: 200 },
          async (jobs) => {
            await notifyRecords(
              ctx,
              jobs.map((j) => j.data.recordId),
            );
          },
        );
        await b.work(QUEUES.tick, async () => {
          await drainSteps();
          // Housekeeping rides the same minute: cancelled subscriptions whose keeping period ended are deleted.
          await purgeDue(ctx.db, ctx.clock.now());
        });
        await b.schedule(QUEUES.tick, '* * * * *');
        await b.send(QUEUES.match, {});
      }
    },
    async stop() {
      const b = boss;
      boss = undefined;
      starting = undefined;
      workers = false;
      if (b) await b.stop({ graceful: true, close: false, wait: true, timeout: 10_000 });
    },
    async kick() {
      if (boss && workers) await boss.send(QUEUES.match, {});
    },
    matchBatch: (limit) => matchBatch(ctx, boss, limit),
    deliverBatch: (limit) => deliverBatch(ctx, boss, opts.renderFax, limit),
    notifyQueued: (limit) => notifyQueued(ctx, boss, limit),
    async drain() {
      const { matched, delivered } = await drainSteps();
      let notified = 0;
      for (let n; (n = await notifyQueued(ctx, boss)) > 0;) notified += n;
      return { matched, delivered, notified };
    },
  };
  return engine;
}
