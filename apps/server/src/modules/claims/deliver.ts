// Delivery: due deliveries → the electronic claim (and, for fax or an insurer API that takes it, the PDF package) →
// the delivery provider → sent; or awaiting its outcome (a fax the gateway accepted: followup.ts); or retried with
// backoff; or dead after MAX_DELIVERY_ATTEMPTS. Each claim's status moves once per batch, and each delivery fails alone
// (savepoint.ts): one that cannot be made, sent or recorded never holds back the rest of its batch.
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { MAX_DELIVERY_ATTEMPTS } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { DeliveryDocument, DeliveryRequest, DeliveryResult } from '../../providers/delivery/types.js';
import { dbOutbox } from '../../providers/outbox.js';
import { recordAccess } from '../audit/index.js';
import { deliverySettingsOf, pausedInsurers } from '../reference/index.js';
import { insuredPersonsOf } from '../subscriptions/index.js';
import { linesOfRecords } from '../intake/index.js';
import type { VisitLine } from '@auto-claim/contract';
import {
  DELIVER_BATCH,
  RECEIPT_COLUMNS,
  faxOutcomePollMs,
  insuredOf,
  sha256Hex,
  type ReceiptFields,
  type SubscriberIdentity,
  type RecordDetail,
  type RecordPerson,
} from './common.js';
import { QUEUES } from './jobs.js';
import { retryDelayMs } from './rules.js';
import { joinedOf } from './follow.js';
import { dbErrorFields, inSavepoint, isDatabaseError } from './savepoint.js';
import { type ClaimsDb, type ClaimStatus, claimsTransaction, type DeliveryAttemptOutcome } from './tables.js';

type Db = ClaimsDb;

/**
 * A status change of many claims with its history rows; `via` records statuses passed through on the way. The reason
 * goes to the history; to the claim's reject_reason only when the insurer rejected it: a delivery's failure is the
 * delivery's (claim_delivery.last_error), never shown as the insurer's "반려 사유".
 */
type StatusChange = { claimId: number; status: ClaimStatus; reason: string | null; via?: ClaimStatus[] };
export async function setStatus(tx: Db, changes: StatusChange[], actor: string, now: Date) {
  if (changes.length === 0) return;
  await sql`
    update claim as c
    set status = v.status,
        reject_reason = case when v.status = 'rejected' then coalesce(v.reason, c.reject_reason) else c.reject_reason end,
        updated_at = ${now}
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

/** The access log's line for each claim the insurer now has (API answered, or fax delivered): the patient sees it. */
export async function logDelivered(
  tx: Db,
  delivered: { ciHmac: string; insuCompCd: string; claimId: number; ref: string | null }[],
  now: Date,
) {
  await recordAccess(
    tx,
    delivered.map((d) => ({
      ciHmac: d.ciHmac,
      action: 'delivered' as const,
      actor: `insurer:${d.insuCompCd}`,
      claimId: d.claimId,
      detail: d.ref,
    })),
    now,
  );
}

/**
 * The electronic claim for an insurer API: the claim form and the receipt details as canonical JSON, so the same
 * claim always gives the same bytes and SHA-256. The PDF package (documents.ts) is built beside it, lazily. The insured
 * is the subscriber's verified identity (`subscriber`, common.ts insuredOf); a record whose name or birth date the
 * hospital wrote otherwise (released by an operator) carries them as `hospitalRecord`, beside, never instead. The
 * receipt carries the visit's 진료비 세부산정내역 as `lines` when the hospital sent them (intake's lines), and only
 * then: a receipt without lines is the same bytes as before they existed.
 */
export function electronicDocuments(
  ctx: AppContext,
  d: ReceiptFields & {
    claimId: number;
    insuCompCd: string;
    insuApplyId: string | null;
    amount: number;
    hospitalCd: string;
  },
  subscriber: SubscriberIdentity | undefined,
  lines: readonly VisitLine[] = [],
  joined: { receipt: ReceiptFields & { hospitalCd: string }; lines: readonly VisitLine[] }[] = [],
): DeliveryDocument[] {
  const insured = insuredOf(ctx.crypto.decryptJson<RecordPerson>(d.personEnc), subscriber);
  const claimForm = JSON.stringify({
    form: '실손의료보험 보험금 청구서',
    claimId: d.claimId,
    insuCompCd: d.insuCompCd,
    insuApplyId: d.insuApplyId,
    insured: { name: insured.name, birthDate: insured.birthDate, rrn: insured.rrn ?? null, ci: insured.ci ?? null },
    ...(insured.recordedAs
      ? { hospitalRecord: { patientName: insured.recordedAs.name, birthDate: insured.recordedAs.birthDate } }
      : {}),
    claimAmount: d.amount,
    cause: '질병 또는 상해로 인한 의료비',
    mandate: '위임장 및 개인(신용)정보 처리 동의서는 가입 시 서명본으로 갈음',
  });
  // A visit claimed with this one (a pharmacy's with its clinic's, follow.ts) rides along as `with`.
  const receipt = JSON.stringify({
    form: '진료비 영수증 내역',
    ...receiptOf(ctx, d, lines),
    ...(joined.length ? { with: joined.map((j) => receiptOf(ctx, j.receipt, j.lines)) } : {}),
  });
  return [
    { kind: 'claim_form', contentType: 'application/json', body: claimForm, sha256: sha256Hex(claimForm) },
    { kind: 'receipt', contentType: 'application/json', body: receipt, sha256: sha256Hex(receipt) },
  ];
}

/** One receipt's fields as the electronic claim carries them, its lines when it has any. */
export function receiptOf(ctx: AppContext, r: ReceiptFields & { hospitalCd: string }, lines: readonly VisitLine[]) {
  const detail = ctx.crypto.decryptJson<RecordDetail>(r.detailEnc);
  return {
    hospitalCd: r.hospitalCd,
    receiptNo: r.receiptNo,
    visitDate: r.visitDate,
    visitType: r.visitType,
    department: detail.department,
    kcdCodes: detail.kcdCodes,
    coveredCopay: r.coveredCopay,
    uncovered: r.uncovered,
    totalPaid: r.totalPaid,
    ...(lines.length ? { lines } : {}),
  };
}

/** Builds a claim's PDF package (documents.ts); set by registerClaims, so engine tests without it need no fonts. */
export type PackageRenderer = (ctx: AppContext, tx: Db, claimId: number) => Promise<DeliveryDocument>;

/**
 * The idempotency key of a delivery's next send: our delivery id, the same on every retry (an insurer or gateway
 * that saw it keeps one claim), plus the number of faxes the gateway reported failed, so a fax sent again after a
 * known failure is a new fax.
 */
export const deliveryKey = (id: number, failedOutcomes: number) =>
  failedOutcomes > 0 ? `delivery-${id}-${failedOutcomes}` : `delivery-${id}`;

/** A due delivery as the batch reads it. */
interface DueDelivery extends ReceiptFields {
  id: number;
  claimId: number;
  insuCompCd: string;
  channel: DeliveryRequest['channel'];
  destination: string;
  attempts: number;
  failedOutcomes: number;
  claimStatus: ClaimStatus;
  ciHmac: string;
  insuApplyId: string | null;
  amount: number;
  hospitalCd: string;
  recordId: number;
}

/** What became of one delivery of the batch. */
type Outcome =
  | { kind: 'sent'; d: DueDelivery; ref: string }
  | { kind: 'accepted'; d: DueDelivery; ref: string }
  | { kind: 'failed'; d: DueDelivery; attempts: number; error: string; dead: boolean; next: Date };

/** Errors a delivery records (operators see them; a dead one is the claim's reason): never a value from the data. */
const DOCUMENTS_FAILED = '청구 서류를 만들지 못했어요';
const RECORD_FAILED = '전송 결과를 기록하지 못했어요';
const withCode = (text: string, e: unknown) => (isDatabaseError(e) ? `${text} (데이터베이스 오류 ${e.code})` : text);

const failure = (d: DueDelivery, r: { error: string; retryable: boolean }, now: Date): Outcome => {
  const attempts = d.attempts + 1;
  return {
    kind: 'failed',
    d,
    attempts,
    error: r.error.slice(0, 500),
    dead: !r.retryable || attempts >= MAX_DELIVERY_ATTEMPTS,
    next: new Date(now.getTime() + retryDelayMs(attempts)),
  };
};

/** One line per delivery attempt, for the operators' timeline of a claim (claim_delivery keeps only the latest). */
export async function recordAttempts(
  tx: Db,
  attempts: {
    deliveryId: number;
    claimId: number;
    attempt: number;
    channel: 'api' | 'fax';
    outcome: DeliveryAttemptOutcome;
    error?: string | null;
    externalRef?: string | null;
  }[],
  now: Date,
) {
  if (attempts.length === 0) return;
  await tx
    .insertInto('claimDeliveryAttempt')
    .values(attempts.map((a) => ({ ...a, error: a.error ?? null, externalRef: a.externalRef ?? null, at: now })))
    .execute();
}

/** Writes the outcomes of some deliveries: their rows, their claims' statuses and, for the sent, the access log. */
async function writeOutcomes(ctx: AppContext, tx: Db, outcomes: Outcome[], now: Date) {
  await recordAttempts(
    tx,
    outcomes.map((o) => ({
      deliveryId: o.d.id,
      claimId: o.d.claimId,
      channel: o.d.channel,
      ...(o.kind === 'failed'
        ? { attempt: o.attempts, outcome: o.dead ? ('dead' as const) : ('failed' as const), error: o.error }
        : { attempt: o.d.attempts + 1, outcome: o.kind, externalRef: o.ref }),
    })),
    now,
  );
  const sent = outcomes.flatMap((o) => (o.kind === 'sent' ? [o] : []));
  const accepted = outcomes.flatMap((o) => (o.kind === 'accepted' ? [o] : []));
  const failed = outcomes.flatMap((o) => (o.kind === 'failed' ? [o] : []));
  if (sent.length) {
    await sql`
      update claim_delivery as d
      set status = 'sent', attempts = d.attempts + 1, external_ref = v.ref, sent_at = ${now}, last_error = null
      from (select unnest(${sent.map((s) => s.d.id)}::bigint[]) as id, unnest(${sent.map((s) => s.ref)}::text[]) as ref) as v
      where d.id = v.id`.execute(tx);
    await logDelivered(
      tx,
      sent.map((s) => ({ ciHmac: s.d.ciHmac, insuCompCd: s.d.insuCompCd, claimId: s.d.claimId, ref: s.ref })),
      now,
    );
  }
  if (accepted.length) {
    // The send counts as an attempt; the access log's 'delivered' waits for the gateway's outcome.
    await sql`
      update claim_delivery as d
      set status = 'awaiting', attempts = d.attempts + 1, external_ref = v.ref, sent_at = ${now}, last_error = null,
          next_attempt_at = ${new Date(now.getTime() + faxOutcomePollMs(ctx))}
      from (select unnest(${accepted.map((a) => a.d.id)}::bigint[]) as id,
                   unnest(${accepted.map((a) => a.ref)}::text[]) as ref) as v
      where d.id = v.id`.execute(tx);
  }
  if (failed.length) {
    await sql`
      update claim_delivery as d
      set status = case when v.dead then 'dead' else 'pending' end,
          dead_at = case when v.dead then ${now}::timestamptz else d.dead_at end,
          attempts = v.attempts, last_error = v.error, next_attempt_at = v.next
      from (select unnest(${failed.map((f) => f.d.id)}::bigint[]) as id,
                   unnest(${failed.map((f) => f.attempts)}::int[]) as attempts,
                   unnest(${failed.map((f) => f.error)}::text[]) as error,
                   unnest(${failed.map((f) => f.dead)}::boolean[]) as dead,
                   unnest(${failed.map((f) => f.next)}::timestamptz[]) as next) as v
      where d.id = v.id`.execute(tx);
  }
  // Every claim of the batch moves once: received → claimed (documents hashed) → sent, or failed when dead; a fax
  // waiting for its outcome, like a retry, stays claimed.
  const via = (o: Outcome): ClaimStatus[] => (o.d.claimStatus === 'received' ? ['claimed'] : []);
  const claimed = (o: Outcome): StatusChange[] =>
    o.d.claimStatus === 'received' ? [{ claimId: o.d.claimId, status: 'claimed', reason: null }] : [];
  await setStatus(
    tx,
    outcomes.flatMap((o): StatusChange[] =>
      o.kind === 'sent'
        ? [{ claimId: o.d.claimId, status: 'sent', reason: null, via: via(o) }]
        : o.kind === 'failed' && o.dead
          ? [{ claimId: o.d.claimId, status: 'failed', reason: o.error, via: via(o) }]
          : claimed(o),
    ),
    'engine',
    now,
  );
}

/**
 * One batch of due deliveries in one transaction. Each delivery fails alone: a claim whose documents cannot be made,
 * whose send writes what the database refuses, or whose outcome cannot be recorded is a failed attempt of its own
 * (retried with backoff, dead after MAX_DELIVERY_ATTEMPTS), rolled back to a savepoint, while the rest of the batch
 * is delivered. Answers how many deliveries it decided (0 when none was due, or none could be written: the drain
 * loops end).
 */
export async function deliverBatch(
  ctx: AppContext,
  boss: PgBoss | undefined,
  renderPackage: PackageRenderer | undefined,
  limit = DELIVER_BATCH,
): Promise<number> {
  const now = ctx.clock.now();
  const provider = ctx.providers.delivery;
  // An insurer switched off in the console gets nothing new: its deliveries wait (no attempt counted) until it is on.
  const paused = await pausedInsurers(ctx.db);
  const written = await claimsTransaction(ctx).execute(async (tx): Promise<Outcome[]> => {
    let dueQuery = tx
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
        'd.failedOutcomes',
        'c.status as claimStatus',
        'c.ciHmac',
        'c.insuApplyId',
        'c.amount',
        'c.recordId',
        'r.hospitalCd',
        ...RECEIPT_COLUMNS,
      ])
      .where('d.status', '=', 'pending')
      .where('d.nextAttemptAt', '<=', now);
    if (paused.length) dueQuery = dueQuery.where('d.insuCompCd', 'not in', paused);
    const due: DueDelivery[] = await dueQuery
      .orderBy('d.nextAttemptAt')
      .orderBy('d.id')
      .limit(limit)
      .forUpdate('d')
      .skipLocked()
      .execute();
    if (due.length === 0) return [];

    // 1. Each delivery's documents; the package (a PDF worker's) only where one is wanted.
    const outcomes = new Map<number, Outcome>();
    const ready: { d: DueDelivery; request: DeliveryRequest }[] = [];
    const settings = await deliverySettingsOf(tx, [...new Set(due.map((d) => d.insuCompCd))]);
    const subscribers = await insuredPersonsOf(ctx, tx, [
      ...new Set(due.flatMap((d) => (d.insuApplyId ? [d.insuApplyId] : []))),
    ]);
    const recordIds = [...new Set(due.map((d) => Number(d.recordId)))];
    const joined = await joinedOf(tx, recordIds);
    const joinedIds = [...joined.values()].flat().map((j) => j.id);
    const lines = await linesOfRecords(tx, [...recordIds, ...joinedIds]);
    for (const d of due) {
      try {
        const documents = electronicDocuments(
          ctx,
          d,
          d.insuApplyId ? subscribers.get(d.insuApplyId) : undefined,
          lines.get(Number(d.recordId)),
          (joined.get(Number(d.recordId)) ?? []).map((j) => ({ receipt: j, lines: lines.get(j.id) ?? [] })),
        );
        const wantsPackage = d.channel === 'fax' || provider.wantsPackage === true;
        if (wantsPackage && renderPackage)
          documents.push(await inSavepoint(tx, () => renderPackage(ctx, tx, d.claimId)));
        const request: DeliveryRequest = {
          idempotencyKey: deliveryKey(d.id, d.failedOutcomes),
          claimId: d.claimId,
          insuCompCd: d.insuCompCd,
          channel: d.channel,
          destination: d.destination,
          documents,
        };
        const apiUrl = settings.get(d.insuCompCd)?.apiUrl;
        if (d.channel === 'api' && apiUrl) request.apiUrl = apiUrl;
        ready.push({ d, request });
      } catch (e) {
        ctx.log.warn({ deliveryId: d.id, ...dbErrorFields(e) }, 'a claim’s documents could not be made');
        outcomes.set(d.id, failure(d, { error: withCode(DOCUMENTS_FAILED, e), retryable: true }, now));
      }
    }

    // 2. The documents' hashes and the send, in a savepoint: a database error there (the sandbox writes the outbox in
    // this transaction) is found by sending each delivery alone; the same idempotency key keeps one claim at an
    // insurer that saw it. A provider that throws has failed the whole batch, and it is retried.
    const send = async (items: typeof ready): Promise<DeliveryResult[]> => {
      try {
        return await inSavepoint(tx, async () => {
          await tx
            .insertInto('claimDocument')
            .values(
              items.flatMap(({ d, request }) =>
                // A claim's own documents (a hospital's paper and a receipt's notice go as follow-ups of their own).
                request.documents
                  .flatMap((doc) =>
                    doc.kind === 'hospital_document' ||
                    doc.kind === 'receipt_correction' ||
                    doc.kind === 'receipt_cancellation'
                      ? []
                      : [{ ...doc, kind: doc.kind }],
                  )
                  .map((doc) => ({
                    claimId: d.claimId,
                    kind: doc.kind,
                    sha256: doc.sha256,
                    bytes: typeof doc.body === 'string' ? Buffer.byteLength(doc.body) : doc.body.byteLength,
                    createdAt: now,
                  })),
              ),
            )
            .onConflict((oc) => oc.columns(['claimId', 'kind']).doNothing())
            .execute();
          return provider.deliver(
            items.map((i) => i.request),
            dbOutbox(tx, () => now),
          );
        });
      } catch (e) {
        if (isDatabaseError(e) && items.length > 1) {
          const one: DeliveryResult[] = [];
          for (const item of items) one.push((await send([item]))[0]!);
          return one;
        }
        if (isDatabaseError(e)) {
          ctx.log.warn({ deliveryId: items[0]!.d.id, ...dbErrorFields(e) }, 'a delivery’s send could not be recorded');
          return [{ ok: false, error: withCode(RECORD_FAILED, e), retryable: true }];
        }
        const error = e instanceof Error ? e.message : String(e);
        ctx.log.warn({ err: e, deliveries: items.length }, 'delivery provider failed; the batch is retried');
        return items.map(() => ({ ok: false as const, error, retryable: true }));
      }
    };
    const results = ready.length ? await send(ready) : [];
    ready.forEach(({ d }, i) => {
      const r = results[i] ?? { ok: false as const, error: 'no answer from the provider', retryable: true };
      outcomes.set(d.id, r.ok ? { kind: r.awaiting ? 'accepted' : 'sent', d, ref: r.externalRef } : failure(d, r, now));
    });

    // 3. The outcomes: all at once; when the database refuses that, each alone, and one it refuses becomes a failed
    // attempt. One whose failure cannot be written either stays as it was (and is logged).
    const all = due.map((d) => outcomes.get(d.id)!);
    try {
      await inSavepoint(tx, () => writeOutcomes(ctx, tx, all, now));
      return all;
    } catch (e) {
      ctx.log.warn(
        { deliveries: all.length, ...dbErrorFields(e) },
        'a batch’s outcomes could not be recorded together',
      );
    }
    const done: Outcome[] = [];
    for (const o of all) {
      try {
        await inSavepoint(tx, () => writeOutcomes(ctx, tx, [o], now));
        done.push(o);
        continue;
      } catch (e) {
        ctx.log.warn({ deliveryId: o.d.id, ...dbErrorFields(e) }, 'a delivery’s outcome could not be recorded');
        const f = failure(o.d, { error: withCode(RECORD_FAILED, e), retryable: true }, now);
        try {
          await inSavepoint(tx, () => writeOutcomes(ctx, tx, [f], now));
          done.push(f);
        } catch (e2) {
          ctx.log.error({ deliveryId: o.d.id, ...dbErrorFields(e2) }, 'a delivery’s failure could not be recorded');
        }
      }
    }
    return done;
  });

  const retries = written.flatMap((o) => (o.kind === 'failed' && !o.dead ? [o.next] : []));
  if (boss && retries.length) {
    const at = new Date(Math.min(...retries.map((d) => d.getTime())));
    await boss.send(QUEUES.deliver, {}, { startAfter: at, singletonKey: `at:${at.toISOString()}` });
  }
  if (boss && written.some((o) => o.kind === 'accepted')) {
    const at = new Date(now.getTime() + faxOutcomePollMs(ctx));
    await boss.send(QUEUES.followUp, {}, { startAfter: at, singletonKey: `at:${at.toISOString()}` });
  }
  return written.length;
}
