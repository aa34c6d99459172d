// The hospital feed (issue 5 §1): each hospital authenticates with its own API key, stored only as its SHA-256;
// records are stored with identifiers encrypted and keyed hashes for matching; (hospital, receipt number) makes a
// resend change nothing.
import type { FastifyRequest } from 'fastify';
import type { FeedAnswer, TreatmentRecordInput } from '@auto-claim/contract';
import { HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import { randomToken, safeEqual, sha256 } from '../../security/crypto.js';
import { ciHmacOf } from '../../security/session.js';
import { rrnHmacOf, sha256Hex, type RecordDetail, type RecordPerson } from './engine.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireHospital: the hospital whose key the request carried. */
    hospitalCd?: string;
  }
}

/**
 * The sandbox key of a demo hospital (codes 9000000N): derived from the code, accepted only while sandbox providers
 * are active (never in production) and only for hospitals marked demo. README documents it.
 */
export const sandboxHospitalKey = (hospitalCd: string) => `sandbox-${hospitalCd}`;

/** A new API key for a hospital: the key is answered once and stored as its SHA-256. */
export async function issueHospitalKey(ctx: AppContext, hospitalCd: string, label = ''): Promise<string> {
  const key = `hk_${hospitalCd}_${randomToken(32)}`;
  await ctx.db
    .insertInto('hospitalApiKey')
    .values({ hospitalCd, keyHash: sha256(key), keyPrefix: key.slice(0, 14), label, lastUsedAt: null, revokedAt: null })
    .execute();
  return key;
}

const BAD_KEY = () =>
  new AppError(401, 'HOSPITAL_KEY_INVALID', '병원 API 키가 없거나 올바르지 않아요.', [
    { field: HOSPITAL_KEY_HEADER, message: '발급받은 병원 API 키를 헤더에 넣어 보내 주세요.' },
  ]);

/** preHandler of the hospital API: 401 without a live key. */
export const requireHospital = (ctx: AppContext) => async (req: FastifyRequest) => {
  const raw = req.headers[HOSPITAL_KEY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || key.length > 200) throw BAD_KEY();
  const row = await ctx.db
    .selectFrom('hospitalApiKey')
    .select(['id', 'hospitalCd'])
    .where('keyHash', '=', sha256(key))
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  if (row) {
    req.hospitalCd = row.hospitalCd;
    return;
  }
  const demo = /^sandbox-(\d{8})$/.exec(key);
  if (ctx.sandbox && demo && safeEqual(key, sandboxHospitalKey(demo[1]!))) {
    const hospital = await ctx.db
      .selectFrom('hospital')
      .select('hospitalCd')
      .where('hospitalCd', '=', demo[1]!)
      .where('isDemo', '=', true)
      .executeTakeFirst();
    if (hospital) {
      req.hospitalCd = hospital.hospitalCd;
      return;
    }
  }
  throw BAD_KEY();
};

/** The record as the hospital sent it, canonical: the same record always gives the same hash. */
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
    ]),
  );

export async function ingest(
  ctx: AppContext,
  hospitalCd: string,
  records: TreatmentRecordInput[],
): Promise<FeedAnswer> {
  const now = ctx.clock.now();
  const rows = records.map((r) => {
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
  });
  return ctx.db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('treatmentRecord')
      .values(rows)
      .onConflict((oc) => oc.columns(['hospitalCd', 'receiptNo']).doNothing())
      .returning(['id', 'receiptNo'])
      .execute();
    const created = new Map(inserted.map((r) => [r.receiptNo, r.id]));
    const others = rows.filter((r) => !created.has(r.receiptNo)).map((r) => r.receiptNo);
    const existing = others.length
      ? await tx
          .selectFrom('treatmentRecord')
          .select(['id', 'receiptNo', 'contentHash'])
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
        return { receiptNo: r.receiptNo, recordId: id, status: 'created' as const };
      }
      const first = rows.find((x) => x.receiptNo === r.receiptNo)!;
      const old = before.get(r.receiptNo) ?? { id: id!, contentHash: first.contentHash };
      return {
        receiptNo: r.receiptNo,
        recordId: old.id,
        status: old.contentHash === r.contentHash ? ('duplicate' as const) : ('conflict' as const),
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
