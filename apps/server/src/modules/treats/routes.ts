// The patient's side of the claim engine (README, claim engine), HTTP only: the 알림톡 link's exchange for a session,
// the treatment history, claiming visits by hand (v1 one, v2 several receipts), and ID copies an insurer asked for.
// Every call but the exchange needs a patient session and acts only for its own CI.
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { z } from 'zod';
import {
  API,
  IMAGE_BODY_LIMIT_BYTES,
  MAX_PHOTO_BYTES,
  idCardSubmitAnswer,
  idCardSubmitBody,
  idCardsAnswer,
  idCardsQuery,
  linkExchangeAnswer,
  linkExchangeBody,
  requestLang,
  treatClaimAnswer,
  treatClaimBody,
  treatConfirmAnswer,
  treatConfirmBody,
  treatsAnswer,
  treatsClaimAnswerV2,
  treatsClaimBodyV2,
  treatsQuery,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import { checkImage, reencodePhoto } from '../../images/index.js';
import type { ErrorCode } from '../../http/errors.js';
import { countIdPhoto } from '../../security/photo-days.js';
import { assertNotLink, assertOwnCi, type Patient, type ScopeRule } from '../../security/session.js';
import { asGuardianOf } from '../subscriptions/index.js';
import { claimTreats } from './claim-by-hand.js';
import { confirmTreat, listTreats } from './history.js';
import { listIdCardRequests, submitIdCard, type CheckedImage } from './id-cards.js';
import { exchangeLink } from './link.js';
import { requestIdCard } from './requests.js';

/** An ID copy must stay legible: its shorter side at least this many pixels. */
export const ID_IMAGE_MIN_SIDE = 300;

/** Per IP: links are guessed by nobody (128-bit ids, signed), but a flood still costs database writes. */
const EXCHANGE_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

/**
 * Per patient, ID copies sent (each a photo of up to MAX_IMAGE_PIXELS to decode, ~0.1–1 s of CPU): a patient retaking
 * a blurry photo sends a few; a script looping it slowed other patients' photos from ~0.1 s to 0.6–0.9 s.
 */
export const ID_CARD_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' };
/** Per address, whichever patients: a hospital's lobby shares one, and ID copies are rare. */
export const ID_CARD_ADDRESS_RATE_LIMIT = { max: 60, timeWindow: '10 minutes' };

async function checkIdImage(dataUrl: string): Promise<CheckedImage> {
  const field = 'idcardImg';
  const img = await checkImage(dataUrl, {
    field,
    what: '신분증 사진',
    maxBytes: MAX_PHOTO_BYTES,
    allow: ['jpeg', 'png'],
  });
  if (Math.min(img.width, img.height) < ID_IMAGE_MIN_SIDE) {
    const message = '신분증 사진이 너무 작아 글자를 읽기 어려워요. 신분증이 화면에 가득 차게 다시 찍어 주세요.';
    throw new AppError('IMAGE_TOO_SMALL', message, [{ field, message }]);
  }
  const out = await reencodePhoto(img, field);
  const meta = await sharp(out).metadata();
  return {
    dataUrl: `data:image/jpeg;base64,${out.toString('base64')}`,
    sha256: createHash('sha256').update(out).digest('hex'),
    bytes: out.length,
    width: meta.width ?? img.width,
    height: meta.height ?? img.height,
  };
}

export const treatsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['treats'];
    // The patient's session (checked before a large body is even read), acting for its own CI only.
    // A link session (security/session.ts) reads the history with either link, and submits an ID copy with an
    // ID-request link; claiming by hand needs a full session.
    const patient = (scope: ScopeRule, ...problems: ErrorCode[]) => ({
      auth: 'patient' as const,
      scope,
      problems: ['CI_MISMATCH', ...problems] as ErrorCode[],
    });
    const READ: ScopeRule = { link: ['treat', 'idCard', 'statement'] };
    const CLAIM: ScopeRule = { what: '진료를 직접 청구하려면' };
    const CLAIM_PROBLEMS: ErrorCode[] = [
      'TREAT_NOT_FOUND',
      'NOT_SUBSCRIBED',
      'CLAIM_LAPSED',
      'TREAT_PENDING',
      'CHILD_NOT_FOUND',
    ];
    // With insuApplyId, a child of the session's guardian (README "Children: a guardian claims for a child"): the
    // session acts for her; anyone else's child, or none, is CHILD_NOT_FOUND.
    const whose = async (patient: Patient, insuApplyId: string | undefined) =>
      insuApplyId ? await asGuardianOf(ctx, patient, insuApplyId) : patient;

    app.post(
      API.linkExchange,
      {
        schema: {
          operationId: 'exchangeLink',
          tags,
          summary: '알림톡 링크의 일회용 토큰으로 본인 세션 시작',
          body: linkExchangeBody,
          response: { 200: linkExchangeAnswer },
        },
        config: { auth: 'public', rateLimit: EXCHANGE_RATE_LIMIT, problems: ['LINK_INVALID'] },
      },
      async (req, reply) => exchangeLink(ctx, req, reply, req.body.token, req.body.purpose),
    );

    app.get(
      API.treats,
      {
        schema: {
          operationId: 'listTreats',
          tags,
          summary: '자동청구 진료 내역과 열람 기록',
          querystring: treatsQuery,
          response: { 200: treatsAnswer },
        },
        config: patient(READ, 'CHILD_NOT_FOUND', 'TREAT_NOT_FOUND'),
      },
      async (req) => {
        const own = assertOwnCi(req, req.query.userCi);
        const child = req.query.insuApplyId;
        // The access log's lines are worded in her language too (the screen asks again when she switches).
        const lang = requestLang(req.headers.cookie, req.headers['accept-language']);
        return listTreats(ctx, await whose(own, child), child ? '보호자' : '본인', req.query.cursor, lang);
      },
    );

    app.post(
      API.treats,
      {
        schema: {
          operationId: 'claimTreat',
          tags,
          summary: '자동으로 청구되지 않은 진료 한 건 청구 (멱등)',
          body: treatClaimBody,
          response: { 200: treatClaimAnswer },
        },
        config: patient(CLAIM, ...CLAIM_PROBLEMS),
      },
      async (req) => {
        const patient = await whose(assertOwnCi(req, req.body.userCi), req.body.insuApplyId);
        const { list, created } = await claimTreats(
          ctx,
          patient,
          [req.body.treatId],
          req.body.insuCompCds,
          () => 'treatId',
        );
        if (created > 0) await req.server.claimEngine?.kick();
        return { treat: list[0]!, created };
      },
    );

    app.post(
      API.treatsConfirm,
      {
        schema: {
          operationId: 'confirmTreat',
          tags,
          summary:
            '기다리는 진료에 답하기: 주민등록번호로만 찾은 진료가 내 진료인지(mine), 비급여가 있는 진료를 보낼지(send)',
          body: treatConfirmBody,
          response: { 200: treatConfirmAnswer },
        },
        config: patient({ link: ['treat'], what: '내 진료인지 답하려면' }, 'RECORD_NOT_HELD'),
      },
      async (req) => {
        const { mine, send } = req.body;
        // Whether a visit is hers needs her verified session; whether to send a visit of hers is the link's one tap.
        if (mine !== undefined) assertNotLink(req, '내 진료인지 답하려면');
        const answer = await confirmTreat(
          ctx,
          assertOwnCi(req, req.body.userCi),
          req.body.treatId,
          send !== undefined ? { send } : { mine: mine! },
        );
        if (mine || send) await req.server.claimEngine?.kick();
        return answer;
      },
    );

    app.post(
      API.treatsV2,
      {
        schema: {
          operationId: 'claimTreatsV2',
          tags,
          summary: '여러 진료 영수증 한꺼번에 청구 (멱등)',
          body: treatsClaimBodyV2,
          response: { 200: treatsClaimAnswerV2 },
        },
        config: patient(CLAIM, ...CLAIM_PROBLEMS),
      },
      async (req) => {
        const patient = await whose(assertOwnCi(req, req.body.userCi), req.body.insuApplyId);
        const { list, created } = await claimTreats(
          ctx,
          patient,
          req.body.treatIds,
          req.body.insuCompCds,
          (i) => `treatIds.${i}`,
        );
        if (created > 0) await req.server.claimEngine?.kick();
        return { list, total: list.length, created };
      },
    );

    app.get(
      API.idCards,
      {
        schema: {
          operationId: 'listIdCardRequests',
          tags,
          summary: '보험사가 요청한 신분증 사본',
          querystring: idCardsQuery,
          response: { 200: idCardsAnswer },
        },
        config: patient(READ),
      },
      async (req) => listIdCardRequests(ctx, assertOwnCi(req, req.query.userCi)),
    );

    // After the session check (route-contract.ts puts it first), before the body is read: req.patient is the caller.
    const idCardLimit = app.createRateLimit({
      ...ID_CARD_RATE_LIMIT,
      keyGenerator: (req) => `id-cards:${req.patient!.ciHmac}`,
    });
    const perPatient: onRequestAsyncHookHandler = async (req, reply) => {
      const limit = await idCardLimit(req);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', limit.ttlInSeconds);
        // The problem handler answers it as every limit: 429 RATE_LIMITED.
        throw Object.assign(new Error('ID copies of this patient over the limit'), { statusCode: 429 });
      }
    };
    app.post(
      API.idCards,
      {
        onRequest: perPatient,
        schema: {
          operationId: 'submitIdCard',
          tags,
          summary: '신분증 사본 제출 (JPEG/PNG, 다시 인코딩해 EXIF 없이 암호화 보관)',
          body: idCardSubmitBody,
          response: { 200: idCardSubmitAnswer },
        },
        bodyLimit: IMAGE_BODY_LIMIT_BYTES,
        config: {
          ...patient(
            { link: ['idCard'], what: '신분증 사본을 내려면' },
            'ID_CARD_REQUEST_NOT_FOUND',
            'ID_CARD_ALREADY_SUBMITTED',
            'NO_ID_CARD_REQUEST',
            'UPLOAD_DAILY_LIMIT',
            'IMAGE_EMPTY',
            'IMAGE_TOO_LARGE',
            'IMAGE_TYPE',
            'IMAGE_UNREADABLE',
            'IMAGE_TOO_MANY_PIXELS',
            'IMAGE_TOO_SMALL',
          ),
          rateLimit: ID_CARD_ADDRESS_RATE_LIMIT,
        },
      },
      async (req) => {
        const patient = assertOwnCi(req, req.body.userCi);
        // After the open request is found, before the photo is decoded: counted per patient a Korean day with her OCR
        // reads (security/photo-days.ts).
        return submitIdCard(ctx, patient, req.body, async (dataUrl) => {
          await countIdPhoto(ctx, patient.ciHmac, 'idcardImg');
          return checkIdImage(dataUrl);
        });
      },
    );

    if (ctx.sandbox) {
      // A sandbox insurer asking for an ID copy about one claim: what a real insurer's callback will do.
      app.post(
        '/sandbox/insurers/idCardRequests',
        {
          config: { auth: 'public', problems: ['CLAIM_NOT_FOUND'] },
          schema: {
            operationId: 'requestSandboxIdCard',
            tags: ['sandbox'],
            summary: '샌드박스 보험사의 신분증 사본 요청 (환자에게 알림톡)',
            body: z.object({ claimId: z.coerce.number().int().positive(), reason: z.string().max(200).optional() }),
            response: { 200: z.object({ requestId: z.string(), created: z.boolean() }) },
          },
        },
        async (req) => {
          const r = await requestIdCard(ctx, req.body);
          return { requestId: String(r.id), created: r.created };
        },
      );
    }
  };
