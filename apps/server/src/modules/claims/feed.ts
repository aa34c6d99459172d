// The hospital feed (README, claim engine): each hospital authenticates with its own API key, stored only as its SHA-256;
// records are stored with identifiers encrypted and keyed hashes for matching; (hospital, receipt number) makes a
// resend change nothing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FeedAnswer, TreatmentRecordInput } from '@auto-claim/contract';
import { HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { addressKey } from '../../http/client-address.js';
import { AppError } from '../../http/problem.js';
import { safeEqual, sha256 } from '../../security/crypto.js';
import { ciHmacOf } from '../../security/session.js';
import { storeLines } from '../intake/index.js';
import { hospitalsByCode } from '../reference/index.js';
import { rrnHmacOf } from '../subscriptions/index.js';
import { sha256Hex, type RecordDetail, type RecordPerson } from './common.js';
import { claimsDb, claimsTransaction } from './tables.js';
import { birthHmacOf, nameHmacOf } from '../../security/person-lookup.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireHospital: the hospital whose key the request carried. */
    hospitalCd?: string;
    /** Set by requireHospital: which of its keys (the feed's rate limit counts per key). */
    hospitalKeyId?: string;
  }
}

/**
 * The sandbox key of a demo hospital (codes 9000000N): derived from the code, accepted only while sandbox providers
 * are active (never in production) and only for hospitals marked demo. README documents it.
 */
export const sandboxHospitalKey = (hospitalCd: string) => `sandbox-${hospitalCd}`;

const BAD_KEY = () =>
  new AppError('HOSPITAL_KEY_INVALID', '병원 API 키가 없거나 올바르지 않아요.', [
    { field: HOSPITAL_KEY_HEADER, message: '발급받은 병원 API 키를 헤더에 넣어 보내 주세요.' },
  ]);

/** Wrong or missing keys per address: past this, the address is refused (429) before its key is even looked at. */
export const HOSPITAL_KEY_FAILURE_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;
/** Calls per key (each up to MAX_FEED_BATCH records): a runaway client of one hospital cannot flood the engine. */
export const HOSPITAL_FEED_RATE_LIMIT = {
  max: 120,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => `hospital-key:${req.hospitalKeyId ?? addressKey(req.ip)}`,
} as const;

/** last_used_at is written at most once a minute per key: a busy feed does not write a row per call. */
const LAST_USE_RESOLUTION_MS = 60_000;

const TOO_MANY_FAILURES = () =>
  new AppError(
    'HOSPITAL_KEY_FAILURES',
    '잘못된 병원 API 키로 너무 많이 요청했어요. 잠시 후 발급받은 키로 다시 시도해 주세요.',
  );

/**
 * onRequest of the hospital API (config.auth 'hospital'), before any body is read: 401 without a live key, 429 for
 * an address that sent too many wrong ones. A good key records its last use.
 */
export const requireHospital = (ctx: AppContext) => {
  // One counter of failed key checks per app, in the rate-limit plugin's store (per address, as every other limit);
  // made at the first call, when the plugin is registered.
  let limiter: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  return async (req: FastifyRequest) => {
    const failures = (limiter ??= req.server.createRateLimit(HOSPITAL_KEY_FAILURE_LIMIT));
    const seen = await failures(req, { increment: false });
    if (!seen.isAllowed && seen.remaining === 0) throw TOO_MANY_FAILURES();
    const raw = req.headers[HOSPITAL_KEY_HEADER];
    const key = Array.isArray(raw) ? raw[0] : raw;
    const row =
      key && key.length <= 200
        ? await claimsDb(ctx)
            .selectFrom('hospitalApiKey')
            .select(['id', 'hospitalCd', 'lastUsedAt'])
            .where('keyHash', '=', sha256(key))
            .where('revokedAt', 'is', null)
            // A rotated key works until its overlap ends.
            .where((w) => w.or([w('expiresAt', 'is', null), w('expiresAt', '>', ctx.clock.now())]))
            .executeTakeFirst()
        : undefined;
    if (row) {
      req.hospitalCd = row.hospitalCd;
      req.hospitalKeyId = `${row.id}`;
      const now = ctx.clock.now();
      if (!row.lastUsedAt || now.getTime() - new Date(row.lastUsedAt).getTime() >= LAST_USE_RESOLUTION_MS) {
        await claimsDb(ctx).updateTable('hospitalApiKey').set({ lastUsedAt: now }).where('id', '=', row.id).execute();
      }
      return;
    }
    const demo = key ? /^sandbox-(\d{8})$/.exec(key) : null;
    if (ctx.sandbox && key && demo && safeEqual(key, sandboxHospitalKey(demo[1]!))) {
      const [hospital] = await hospitalsByCode(ctx.db, [demo[1]!]);
      if (hospital?.isDemo) {
        req.hospitalCd = hospital.hospitalCd;
        req.hospitalKeyId = `sandbox-${hospital.hospitalCd}`;
        return;
      }
    }
    await failures(req);
    throw BAD_KEY();
  };
};

/** The record as the hospital sent it, canonical: the same record always gives the same hash. Lines, when sent, count
 * too (a record from before lines hashes as it always did). */
const contentHashOf = (r: TreatmentRecordInput) =>
  sha256Hex(
    JSON.stringify([
      r.receiptNo,
      r.patient.name,
      r.patient.birthDate,
      r.patient.rrn ?? null,
      r.patient.ci ?? null,
      r.visitDate,
      r.visitType,
      r.department,
      r.kcdCodes,
      r.coveredCopay,
      r.uncovered,
      r.totalPaid,
      ...(r.lines ? [r.lines] : []),
    ]),
  );

/** The treatment_record row of a record as a hospital sent it: identifiers encrypted, keyed hashes for matching. */
export function recordRowOf(ctx: AppContext, hospitalCd: string, r: TreatmentRecordInput, now: Date) {
  const person: RecordPerson = { name: r.patient.name, birthDate: r.patient.birthDate };
  if (r.patient.rrn) person.rrn = r.patient.rrn;
  if (r.patient.ci) person.ci = r.patient.ci;
  const detail: RecordDetail = { department: r.department, kcdCodes: r.kcdCodes.map((c) => c.replace('.', '')) };
  return {
    hospitalCd,
    receiptNo: r.receiptNo,
    contentHash: contentHashOf(r),
    ciHmac: r.patient.ci ? ciHmacOf(ctx, r.patient.ci) : null,
    rrnHmac: r.patient.rrn ? rrnHmacOf(ctx, r.patient.rrn) : null,
    personEnc: ctx.crypto.encryptJson(person),
    nameHmac: nameHmacOf(ctx, person.name),
    birthHmac: birthHmacOf(ctx, person.birthDate),
    detailEnc: ctx.crypto.encryptJson(detail),
    visitDate: r.visitDate,
    visitType: r.visitType,
    coveredCopay: r.coveredCopay,
    uncovered: r.uncovered,
    totalPaid: r.totalPaid,
    insuApplyId: null,
    receivedAt: now,
    decidedAt: null,
  };
}

export async function ingest(
  ctx: AppContext,
  hospitalCd: string,
  records: TreatmentRecordInput[],
): Promise<FeedAnswer> {
  const now = ctx.clock.now();
  const rows = records.map((r) => recordRowOf(ctx, hospitalCd, r, now));
  return claimsTransaction(ctx).execute(async (tx) => {
    const inserted = await tx
      .insertInto('treatmentRecord')
      .values(rows)
      .onConflict((oc) => oc.columns(['hospitalCd', 'receiptNo']).doNothing())
      .returning(['id', 'receiptNo'])
      .execute();
    const created = new Map(inserted.map((r) => [r.receiptNo, r.id]));
    // The 세부산정내역 lines are the intake's (modules/intake): kept in the same transaction as their record.
    const firsts = new Map(records.map((r) => [r.receiptNo, r] as const).reverse());
    await storeLines(
      tx,
      [...created].flatMap(([receiptNo, id]) => {
        const lines = firsts.get(receiptNo)?.lines;
        return lines?.length ? [{ recordId: Number(id), lines }] : [];
      }),
    );
    const others = rows.filter((r) => !created.has(r.receiptNo)).map((r) => r.receiptNo);
    const existing = others.length
      ? await tx
          .selectFrom('treatmentRecord')
          .select(['id', 'receiptNo', 'contentHash', 'outcome'])
          .where('hospitalCd', '=', hospitalCd)
          .where('receiptNo', 'in', others)
          .execute()
      : [];
    const before = new Map(existing.map((r) => [r.receiptNo, r]));
    const seen = new Set<string>();
    const results = rows.map((r) => {
      const id = created.get(r.receiptNo);
      // The first of a receipt number inside this batch is the one created; a repeat is judged against it.
      if (id !== undefined && !seen.has(r.receiptNo)) {
        seen.add(r.receiptNo);
        return { receiptNo: r.receiptNo, recordId: id, status: 'created' as const, recordStatus: 'received' as const };
      }
      const first = rows.find((x) => x.receiptNo === r.receiptNo)!;
      const old = before.get(r.receiptNo) ?? { id: id!, contentHash: first.contentHash, outcome: 'pending' };
      return {
        receiptNo: r.receiptNo,
        recordId: old.id,
        status: old.contentHash === r.contentHash ? ('duplicate' as const) : ('conflict' as const),
        // What the hospital may know of where it stands (contract feedRecordStatus): set aside, or received.
        recordStatus: old.outcome === 'set_aside' ? ('set_aside' as const) : ('received' as const),
      };
    });
    return {
      created: results.filter((r) => r.status === 'created').length,
      duplicates: results.filter((r) => r.status === 'duplicate').length,
      conflicts: results.filter((r) => r.status === 'conflict').length,
      results,
    };
  });
}

/** Whether a hospital has a live API key of its own (its EMR can be asked: README "Documents an insurer asks for"). */
export async function hospitalHasLiveKey(ctx: AppContext, hospitalCd: string): Promise<boolean> {
  const row = await claimsDb(ctx)
    .selectFrom('hospitalApiKey')
    .select('id')
    .where('hospitalCd', '=', hospitalCd)
    .where('revokedAt', 'is', null)
    .where((w) => w.or([w('expiresAt', 'is', null), w('expiresAt', '>', ctx.clock.now())]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
