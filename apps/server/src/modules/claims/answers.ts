// Insurers' answers about the claims we sent (docs/providers/insurer-api.md): POST INSURER_API.claimAnswers, signed
// with the insurer's shared secret over `answer.v1`, the timestamp and the raw body (the signature is the
// authentication; a claim we signed, `claim.v1`, never passes for an answer), once
// per (insurer, event id). An answer moves the claim's status and adds to the timeline the patient (/web/treat) and
// operators see: received → accepted, documents_requested (an ID copy among them starts the patient's ID-copy
// request; a paper the hospital issues is asked of the hospital, README "Documents an insurer asks for"), paid with
// its amount, rejected with its reason. Each answer that changes the claim also writes the
// patient's message about it, in the same transaction (notify.ts, noteAnswer): at most one per answer.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INSURER_API,
  INSURER_SIGNATURE_HEADER,
  INSURER_SIGNATURE_TOLERANCE_SECONDS,
  INSURER_TIMESTAMP_HEADER,
  REQUESTED_DOCUMENT_NM,
  isHospitalDocument,
  insuCompCd,
  maskName,
  type HospitalDocument,
  insurerAnswerBody,
  insurerAnswerResult,
  type InsurerAnswerBody,
  type InsurerAnswerResult,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { AppError, notFound, sendProblem } from '../../http/problem.js';
import { checkSignature, type SignatureCheck } from '../../providers/delivery/signature.js';
import { sha256Hex, type RecordPerson } from './common.js';
import { noteAnswer } from './notify.js';
import { ANSWER_NEXT } from './rules.js';
import { claimsDb, type ClaimStatus, claimsTransaction } from './tables.js';

/** What the claims module asks of others when an insurer wants the patient's ID copy (the treats module's request). */
export type IdCopyRequester = (r: {
  claimId: number;
  reason: string | undefined;
  /** The answer's own message tells her (it names other papers too): the request sends none. */
  silent?: boolean;
}) => Promise<unknown>;

/**
 * What a module above hears of each answer applied, in the answer's transaction: the payout module (app.ts hands it
 * in) keeps the per-line adjudication, the generation the insurer named and the estimate set beside the answer.
 */
export type AnswerHook = (
  tx: Handle,
  a: {
    claimId: number;
    insuCompCd: string;
    eventId: string;
    answer: InsurerAnswerBody['answer'];
    items?: InsurerAnswerBody['items'];
    policyGeneration?: InsurerAnswerBody['policyGeneration'];
  },
  now: Date,
) => Promise<void>;

/**
 * What the claims module asks of the document requests (README "Documents an insurer asks for"), handed in by app.ts:
 * whether the claim's hospital can be asked (its EMR has a key, or it has a user in the console), and the requests
 * themselves, written in the answer's own transaction so that an answer and its requests commit together.
 */
export interface HospitalDocumentPort {
  connected(hospitalCd: string): Promise<boolean>;
  request(
    tx: Handle,
    r: {
      claimId: number;
      recordId: number;
      hospitalCd: string;
      insuCompCd: string;
      receiptNo: string;
      visitDate: string;
      patientMasked: string;
      documents: HospitalDocument[];
      /** The patient was told of these papers by the answer's own message (the hospital cannot be asked). */
      patientTold: boolean;
      at: Date;
    },
  ): Promise<unknown>;
}

/** What other modules do about an insurer's answer (app.ts hands them in). */
export interface AnswerPorts {
  requestIdCopy?: IdCopyRequester | undefined;
  hospitalDocuments?: HospitalDocumentPort | undefined;
  /** What the payout module keeps of each answer applied (docs/payout-rules.md). */
  answered?: AnswerHook | undefined;
}

const STATUS_OF: Record<InsurerAnswerBody['answer'], ClaimStatus> = {
  received: 'accepted',
  documents_requested: 'documents_requested',
  paid: 'paid',
  rejected: 'rejected',
};

/**
 * The secret an insurer signs with: its INSURER_<code>_SECRET when claims go out for real; `sandbox-<code>` while
 * every provider is a sandbox (never in production), as hospitals have `sandbox-<hospitalCd>`.
 */
export function insurerSecret(ctx: AppContext, code: string): string | undefined {
  const delivery = ctx.config.delivery;
  if (delivery?.kind === 'insurers') return delivery.insurers.find((i) => i.insuCompCd === code)?.secret;
  return ctx.sandbox ? `sandbox-${code}` : undefined;
}

const NOT_FOUND = () =>
  notFound('청구를 찾을 수 없어요. claimId, deliveryId, receiptId를 확인해 주세요.', 'CLAIM_NOT_FOUND');

/** The claim an answer is about, among this insurer's claims: every identifier given must name the same one. */
async function claimOf(ctx: AppContext, code: string, b: InsurerAnswerBody): Promise<number> {
  const found: (number | undefined)[] = [];
  if (b.claimId !== undefined) {
    const c = await claimsDb(ctx)
      .selectFrom('claim')
      .select('id')
      .where('id', '=', b.claimId)
      .where('insuCompCd', '=', code)
      .executeTakeFirst();
    found.push(c?.id);
  }
  if (b.deliveryId !== undefined) {
    const d = await claimsDb(ctx)
      .selectFrom('claimDelivery')
      .select('claimId')
      .where('id', '=', Number(b.deliveryId.split('-')[1]))
      .where('insuCompCd', '=', code)
      .executeTakeFirst();
    found.push(d?.claimId);
  }
  if (b.receiptId !== undefined) {
    const d = await claimsDb(ctx)
      .selectFrom('claimDelivery')
      .select('claimId')
      .where('insuCompCd', '=', code)
      .where('externalRef', '=', b.receiptId)
      .executeTakeFirst();
    found.push(d?.claimId);
  }
  const [first] = found;
  if (first === undefined || found.some((id) => id !== first)) throw NOT_FOUND();
  return first;
}

/** The visit a claim was made of, as a hospital finds it in its EMR: its receipt, its date, the patient masked. */
async function visitOf(ctx: AppContext, claimId: number) {
  const r = await claimsDb(ctx)
    .selectFrom('claim as c')
    .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
    .select(['r.hospitalCd', 'r.receiptNo', 'r.visitDate', 'r.personEnc'])
    .where('c.id', '=', claimId)
    .executeTakeFirstOrThrow();
  return {
    hospitalCd: r.hospitalCd,
    receiptNo: r.receiptNo,
    visitDate: r.visitDate,
    patientMasked: maskName(ctx.crypto.decryptJson<RecordPerson>(r.personEnc).name),
  };
}

/** The reason the timeline shows: the insurer's for a rejection; for papers, what it asked for. */
function reasonOf(b: InsurerAnswerBody): string | null {
  if (b.answer === 'rejected') return b.reason ?? null;
  if (b.answer !== 'documents_requested') return null;
  const names = (b.documents ?? []).map((d) => REQUESTED_DOCUMENT_NM[d]).join(', ');
  return [names, b.reason].filter(Boolean).join(' · ') || null;
}

/**
 * Who gave an answer, when not the insurer's API: an operator recording by hand what the insurer said by phone, fax or
 * letter (console/actions.ts). `actor` goes in the claim's history; `also` writes the records of who did it, in the
 * answer's transaction.
 */
export interface AnswerGivenBy {
  actor: string;
  also(tx: Handle, ciHmac: string, now: Date): Promise<void>;
}

export async function applyInsurerAnswer(
  ctx: AppContext,
  code: string,
  b: InsurerAnswerBody,
  raw: Buffer,
  ports: AnswerPorts = {},
  givenBy?: AnswerGivenBy,
): Promise<InsurerAnswerResult> {
  const { requestIdCopy, hospitalDocuments, answered } = ports;
  const claimId = await claimOf(ctx, code, b);
  const bodySha256 = sha256Hex(raw);
  const target = STATUS_OF[b.answer];
  const seen = async (db = claimsDb(ctx)) => {
    const e = await db
      .selectFrom('insurerAnswer')
      .select(['claimId', 'bodySha256', 'statusAfter'])
      .where('insuCompCd', '=', code)
      .where('eventId', '=', b.eventId)
      .executeTakeFirst();
    if (e && e.bodySha256 !== bodySha256) {
      throw new AppError(
        'INSURER_EVENT_REUSED',
        '같은 eventId로 다른 내용을 보냈어요. 새 답에는 새 eventId를 써 주세요.',
      );
    }
    return e && { claimId: e.claimId, status: e.statusAfter, duplicate: true };
  };
  const before = await seen();
  if (before) return before;

  const decide = (current: ClaimStatus): 'apply' | 'same' => {
    if (current === 'received' || current === 'claimed') {
      throw new AppError(
        'CLAIM_NOT_SENT',
        '아직 보험사에 보낸 것으로 기록되지 않은 청구예요. 잠시 후 같은 내용으로 다시 보내 주세요.',
      );
    }
    if (current === target && target !== 'documents_requested') return 'same';
    if (ANSWER_NEXT[current].includes(target)) return 'apply';
    throw new AppError('CLAIM_STATUS_CONFLICT', `이 청구는 지금 ${current} 상태라서 ${b.answer} 답을 받을 수 없어요.`, [
      { field: 'answer', message: `${current} 다음에 올 수 없는 답이에요.` },
    ]);
  };

  // Papers the hospital issues are asked of the hospital (README "Documents an insurer asks for"); when it can be asked
  // (a key, or a user in the console), the patient has nothing to do for them and hears nothing of them.
  const hospitalPapers = b.answer === 'documents_requested' ? (b.documents ?? []).filter(isHospitalDocument) : [];
  const visit = hospitalPapers.length && hospitalDocuments ? await visitOf(ctx, claimId) : undefined;
  const fetched = visit && (await hospitalDocuments!.connected(visit.hospitalCd)) ? hospitalPapers : [];
  const otherPapers = Boolean(
    b.documents?.some((d) => d !== 'id_copy' && !(fetched as string[]).includes(d)) ||
    (b.answer === 'documents_requested' && !b.documents?.length),
  );
  // An ID copy the insurer wants goes to the patient before the answer is recorded: the request is made once per
  // claim, so a crash in between and the insurer's retry still make exactly one.
  if (b.answer === 'documents_requested' && b.documents?.includes('id_copy') && requestIdCopy) {
    const c = await claimsDb(ctx)
      .selectFrom('claim')
      .select('status')
      .where('id', '=', claimId)
      .executeTakeFirstOrThrow();
    if (decide(c.status) === 'apply') await requestIdCopy({ claimId, reason: b.reason, silent: otherPapers });
  }

  // The ID-copy request is the patient's message about this answer (treats/requests.ts): no second one. With other
  // papers too, the answer's message names them all (and the ID copy's upload) and the request sends none.
  const idCopyAsked =
    b.answer === 'documents_requested' && !otherPapers && Boolean(b.documents?.includes('id_copy') && requestIdCopy);
  // Nothing asked needs her: every paper comes from the hospital.
  const nothingForHer =
    b.answer === 'documents_requested' && !otherPapers && !b.documents?.includes('id_copy') && fetched.length > 0;
  const now = ctx.clock.now();
  return claimsTransaction(ctx).execute(async (tx) => {
    const c = await tx
      .selectFrom('claim')
      .select(['status', 'recordId', 'ciHmac'])
      .where('id', '=', claimId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // Another call with the same event may have committed while this one waited for the claim's lock.
    const again = await seen(tx);
    if (again) return again;
    const apply = decide(c.status) === 'apply';
    const status = apply ? target : c.status;
    const inserted = await tx
      .insertInto('insurerAnswer')
      .values({
        insuCompCd: code,
        eventId: b.eventId,
        claimId,
        answer: b.answer,
        bodySha256,
        statusAfter: status,
        occurredAt: b.occurredAt ? new Date(b.occurredAt) : null,
        receivedAt: now,
      })
      .onConflict((oc) => oc.columns(['insuCompCd', 'eventId']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      throw new AppError(
        'INSURER_EVENT_REUSED',
        '같은 eventId로 다른 청구에 대한 답을 보냈어요. 새 답에는 새 eventId를 써 주세요.',
      );
    }
    if (apply) {
      const reason = reasonOf(b);
      await tx
        .updateTable('claim')
        .set({
          status,
          updatedAt: now,
          ...(b.answer === 'rejected' ? { rejectReason: reason } : {}),
          ...(b.answer === 'paid' ? { paidAmount: b.paidAmount! } : {}),
        })
        .where('id', '=', claimId)
        .execute();
      await tx
        .insertInto('claimStatusHistory')
        .values({ claimId, status, reason, actor: givenBy?.actor ?? `insurer:${code}`, at: now })
        .execute();
      await givenBy?.also(tx, c.ciHmac, now);
      if (visit && hospitalPapers.length) {
        await hospitalDocuments!.request(tx, {
          claimId,
          recordId: c.recordId,
          hospitalCd: visit.hospitalCd,
          insuCompCd: code,
          receiptNo: visit.receiptNo,
          visitDate: visit.visitDate,
          patientMasked: visit.patientMasked,
          documents: hospitalPapers,
          patientTold: fetched.length === 0,
          at: now,
        });
      }
      if (!idCopyAsked && !nothingForHer) {
        await noteAnswer(ctx, tx, { insurerAnswerId: inserted.id, claimId, recordId: c.recordId, reason }, now);
      }
      await answered?.(
        tx,
        {
          claimId,
          insuCompCd: code,
          eventId: b.eventId,
          answer: b.answer,
          items: b.items,
          policyGeneration: b.policyGeneration,
        },
        now,
      );
    }
    return { claimId, status, duplicate: false };
  });
}

const SIGNATURE_DETAIL: Record<Exclude<SignatureCheck, 'ok'>, string> = {
  missing: `서명이 없어요. ${INSURER_TIMESTAMP_HEADER}와 ${INSURER_SIGNATURE_HEADER} 헤더를 보내 주세요.`,
  stale: `서명 시각이 ${INSURER_SIGNATURE_TOLERANCE_SECONDS / 60}분 넘게 차이 나요. 시계를 맞추고 새로 서명해 주세요.`,
  mismatch: '서명이 맞지 않아요. 보낸 본문 그대로, 약속한 비밀키로 서명해 주세요.',
};

/** The raw body, kept for the signature; a body that is not JSON is answered after the signature is checked. */
const RAW = Symbol('raw body');
const NOT_JSON = Symbol('not JSON');
type WithRaw = FastifyRequest & { [RAW]?: Buffer };

export const insurerAnswerRoutes =
  (ctx: AppContext, ports: AnswerPorts = {}): FastifyPluginAsyncZod =>
  async (app) => {
    // Only this plugin's routes read JSON as bytes: the signature covers the body exactly as it was sent.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      (req as WithRaw)[RAW] = body as Buffer;
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch {
        done(null, NOT_JSON);
      }
    });
    // Any other media type is refused (415) as on every route: only JSON bodies are read (http/origin.ts).

    app.post(
      INSURER_API.claimAnswers(':insuCompCd'),
      {
        config: {
          auth: 'public',
          problems: [
            'INSURER_SIGNATURE_INVALID',
            'CLAIM_NOT_FOUND',
            'CLAIM_NOT_SENT',
            'CLAIM_STATUS_CONFLICT',
            'INSURER_EVENT_REUSED',
          ],
        },
        // The signature first: an unsigned call learns nothing about its body or the claim it names.
        preValidation: async (req, reply) => {
          const code = (req.params as { insuCompCd?: string }).insuCompCd ?? '';
          const secret = insurerSecret(ctx, code);
          const header = (name: string) => {
            const v = req.headers[name];
            return typeof v === 'string' ? v : undefined;
          };
          const check: SignatureCheck = secret
            ? checkSignature({
                secret,
                direction: 'answer.v1',
                timestamp: header(INSURER_TIMESTAMP_HEADER),
                signature: header(INSURER_SIGNATURE_HEADER),
                body: (req as WithRaw)[RAW] ?? Buffer.alloc(0),
                nowMs: ctx.clock.now().getTime(),
                toleranceSeconds: INSURER_SIGNATURE_TOLERANCE_SECONDS,
              })
            : header(INSURER_SIGNATURE_HEADER)
              ? 'mismatch'
              : 'missing';
          if (check !== 'ok') {
            ctx.log.warn({ vendor: 'insurer', insuCompCd: code.slice(0, 32), check }, 'insurer answer refused');
            throw new AppError('INSURER_SIGNATURE_INVALID', SIGNATURE_DETAIL[check]);
          }
          if ((req.body as unknown) === NOT_JSON) {
            return sendProblem(reply, {
              status: 400,
              code: 'INVALID_JSON',
              detail: '보낸 내용을 읽을 수 없어요. 형식을 확인해 주세요.',
            });
          }
        },
        schema: {
          operationId: 'postInsurerClaimAnswer',
          tags: ['insurer'],
          summary: '보험사의 답: 접수, 서류 요청, 지급(금액), 반려(사유)',
          description:
            `보험사마다 약속한 비밀키로 \`answer.v1.<${INSURER_TIMESTAMP_HEADER}>.<본문>\`의 HMAC-SHA256을 \`${INSURER_SIGNATURE_HEADER}: v1=<hex>\`로 ` +
            `보내요 (시각은 Unix 초, ${INSURER_SIGNATURE_TOLERANCE_SECONDS}초 안). 서명이 없거나 틀리거나 오래되면 401이고 아무것도 ` +
            '바뀌지 않아요. 같은 eventId는 한 번만 반영돼요. 자세한 규약: docs/providers/insurer-api.md',
          params: z.object({ insuCompCd }),
          headers: z.object({
            [INSURER_TIMESTAMP_HEADER]: z.string().regex(/^\d{1,12}$/, { message: '서명 시각은 Unix 초예요.' }),
            [INSURER_SIGNATURE_HEADER]: z.string().min(1, { message: '서명이 없어요.' }),
          }),
          body: insurerAnswerBody,
          response: { 200: insurerAnswerResult },
        },
      },
      async (req) => applyInsurerAnswer(ctx, req.params.insuCompCd, req.body, (req as WithRaw)[RAW]!, ports),
    );
  };
