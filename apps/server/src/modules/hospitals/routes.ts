// A hospital user's calls (README "Hospital users"), under /api/hospital and of role `hospital`, which no operator
// holds: her month, its records and refused bundles, its CSV. The hospital is always her account's
// (req.consoleHospitalCd, read from the account at every call): no call takes one from her. And the admin's call that
// makes her account, from the hospital's screen.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CLAIM_STATUS_NM, INSURER_ANSWER_NM, hospitalCd } from '@auto-claim/contract';
import {
  HOSPITAL_PORTAL_API,
  PORTAL_OUTCOME_NM,
  RECORD_WHY_NM,
  hospitalMonth as hospitalMonthAnswer,
  hospitalUserCreateAnswer,
  hospitalUserCreateBody,
  monthQuery,
  portalOutcomeOf,
  portalRecordPage,
  portalRecordsQuery,
  portalRefusalPage,
  portalRefusalsQuery,
  signingKeyBody,
  signingKeyList,
  signingKid,
  type PortalRecord,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import { csvAnswer, csvDate, csvDateTime, type CsvColumn } from '../../http/csv-export.js';
import { notFound } from '../../http/problem.js';
import { operatorRoute } from '../../http/route-contract.js';
import { byOperator, EXPORT_DESCRIPTION, exportList, recordOperatorAction } from '../audit/index.js';
import { hospitalMonthRecords } from '../claims/index.js';
import { addSigningKey, MAX_LIVE_SIGNING_KEYS, revokeSigningKey, signingKeysOf } from '../intake/index.js';
import { createOperator } from '../operators/index.js';
import { hospitalsByCode } from '../reference/index.js';
import { hospitalMonth, hospitalMonthRefusals } from './month.js';
import { hospitalsDb } from './tables.js';

/** Her hospital: set by the session's check for a hospital account, and only for one. */
const hers = (req: FastifyRequest) => {
  if (!req.consoleHospitalCd) throw new Error('a hospital call without a hospital account');
  return req.consoleHospitalCd;
};

const claimsText = (r: PortalRecord, pick: (c: PortalRecord['claims'][number]) => string) =>
  r.claims.map(pick).join(' / ');

/** One row per record (보험업법 §102-6: how the hospital's patients' requests were handled). */
const MONTH_COLUMNS: CsvColumn<PortalRecord>[] = [
  { header: '받은 일시', value: (r) => csvDateTime(r.receivedAt) },
  { header: '영수증 번호', value: (r) => r.receiptNo },
  { header: '진료일', value: (r) => csvDate(r.visitDate) },
  { header: '환자 (가림)', value: (r) => r.patient },
  { header: '처리 결과', value: (r) => PORTAL_OUTCOME_NM[portalOutcomeOf(r.outcome)] },
  { header: '사유', value: (r) => RECORD_WHY_NM[r.outcome] ?? '' },
  { header: '청구 상태', value: (r) => claimsText(r, (c) => CLAIM_STATUS_NM[c.status]) },
  { header: '보험사', value: (r) => claimsText(r, (c) => c.insuCompNm) },
  { header: '보험사 답', value: (r) => claimsText(r, (c) => (c.answer ? INSURER_ANSWER_NM[c.answer] : '답 없음')) },
];

export const hospitalRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['hospital-user'];

    app.get(
      HOSPITAL_PORTAL_API.month,
      {
        config: operatorRoute('hospital'),
        schema: {
          operationId: 'hospitalMonth',
          tags,
          summary:
            '우리 병원의 한 달: 받은 기록, 청구, 보류(사유), 제외, 거절된 번들, 보험사 답, 진료일부터 청구까지 걸린 날',
          querystring: monthQuery,
          response: { 200: hospitalMonthAnswer },
        },
      },
      async (req) => hospitalMonth(ctx, hers(req), req.query.month),
    );

    app.get(
      HOSPITAL_PORTAL_API.records,
      {
        config: operatorRoute('hospital'),
        schema: {
          operationId: 'hospitalMonthRecords',
          tags,
          summary: '그 달에 받은 진료 기록 (환자 이름은 가려서; 다음 쪽은 cursor로)',
          querystring: portalRecordsQuery,
          response: { 200: portalRecordPage },
        },
      },
      async (req) => hospitalMonthRecords(ctx, hers(req), req.query),
    );

    app.get(
      HOSPITAL_PORTAL_API.refusals,
      {
        config: operatorRoute('hospital'),
        schema: {
          operationId: 'hospitalMonthRefusals',
          tags,
          summary: '그 달에 거절된 번들: 영수증 번호, 시각, 문제마다 항목 경로(FHIRPath)와 설명',
          querystring: portalRefusalsQuery,
          response: { 200: portalRefusalPage },
        },
      },
      async (req) => hospitalMonthRefusals(ctx, hers(req), req.query.month, req.query),
    );

    app.post(
      HOSPITAL_PORTAL_API.export,
      {
        config: operatorRoute('hospital', 'OPERATOR_RELEASE_LIMITED'),
        schema: {
          operationId: 'exportHospitalMonth',
          tags,
          summary: '그 달의 진료 기록을 CSV로 내려받기 (보험업법 제102조의6에 따른 처리 기록)',
          description: EXPORT_DESCRIPTION,
          body: monthQuery,
          response: { 200: csvAnswer('병원 월간 진료 기록 CSV (첨부 파일)') },
        },
      },
      async (req, reply) => {
        const cd = hers(req);
        return exportList(ctx, req, reply, 'hospitalMonth', { ...req.body, hospitalCd: cd }, MONTH_COLUMNS, (page) =>
          hospitalMonthRecords(ctx, cd, { ...page, month: req.body.month, view: 'all', order: 'asc' }),
        );
      },
    );

    // The keys her hospital signs its bundles with (fhir/ig/README.md, "Signing"): registered here, behind her password
    // and second factor, never through the API key, so that a bundle's signature says more than its key.
    app.get(
      HOSPITAL_PORTAL_API.signingKeys,
      {
        config: operatorRoute('hospital'),
        schema: {
          operationId: 'hospitalSigningKeys',
          tags,
          summary: '번들 서명 키: 등록된 공개 키(폐기하지 않은 것)',
          response: { 200: signingKeyList },
        },
      },
      async (req) => ({
        list: (await signingKeysOf(ctx, hers(req))).map((k) => ({ ...k, createdAt: k.createdAt.toISOString() })),
        max: MAX_LIVE_SIGNING_KEYS,
      }),
    );

    app.post(
      HOSPITAL_PORTAL_API.signingKeys,
      {
        config: operatorRoute('hospital', 'SIGNING_KEYS_FULL'),
        schema: {
          operationId: 'addHospitalSigningKey',
          tags,
          summary: '번들 서명 키 등록 (auto-claim-kit keygen의 공개 키, Ed25519 JWK)',
          description:
            '등록하면 그 뒤로 이 병원의 KR 실손 Claim 번들은 등록된 키 중 하나로 서명해야 받아요(Bundle.signature). ' +
            '같은 키를 다시 등록하면 바뀌는 것이 없어요.',
          body: signingKeyBody,
          response: { 200: z.object({ kid: signingKid }) },
        },
      },
      async (req) => {
        const cd = hers(req);
        const kid = await addSigningKey(ctx, cd, req.body.publicKey, req.operatorId ?? 'unknown');
        await recordOperatorAction(
          ctx.db,
          { ...byOperator(ctx, req), action: 'signing_key_added', target: cd, detail: kid },
          ctx.clock.now(),
        );
        return { kid };
      },
    );

    app.delete(
      HOSPITAL_PORTAL_API.signingKey(':kid'),
      {
        config: operatorRoute('hospital', 'SIGNING_KEY_NOT_FOUND'),
        schema: {
          operationId: 'revokeHospitalSigningKey',
          tags,
          summary: '번들 서명 키 폐기: 그 키로 서명한 번들은 더 받지 않아요',
          params: z.object({ kid: signingKid }),
          response: { 204: z.null() },
        },
      },
      async (req, reply) => {
        const cd = hers(req);
        if (!(await revokeSigningKey(ctx, cd, req.params.kid, req.operatorId ?? 'unknown')))
          throw notFound('등록된 서명 키가 아니에요. 화면을 새로 고쳐 주세요.', 'SIGNING_KEY_NOT_FOUND');
        await recordOperatorAction(
          ctx.db,
          { ...byOperator(ctx, req), action: 'signing_key_revoked', target: cd, detail: req.params.kid },
          ctx.clock.now(),
        );
        return reply.code(204).send(null);
      },
    );

    app.post(
      HOSPITAL_PORTAL_API.users(':hospitalCd'),
      {
        config: operatorRoute('admin', 'HOSPITAL_NOT_FOUND', 'OPERATOR_EXISTS'),
        schema: {
          operationId: 'createHospitalUser',
          tags: ['operator'],
          summary: '병원 사용자 만들기 (그 병원만 보는 계정; 비밀번호는 이 응답에서 한 번만 보여요)',
          description:
            '운영자 계정처럼 처음 로그인할 때 2단계 인증을 설정하고 비밀번호를 바꿔요. alertPhone을 보내면 그 병원의 ' +
            '전송 알림(기록이 끊김, 거절이 많음)을 그 휴대폰으로 보내요.',
          params: z.object({ hospitalCd }),
          body: hospitalUserCreateBody,
          response: { 200: hospitalUserCreateAnswer },
        },
      },
      async (req) => {
        const cd = req.params.hospitalCd;
        const [exists] = await hospitalsByCode(ctx.db, [cd]);
        if (!exists) throw notFound('병원을 찾을 수 없어요.', 'HOSPITAL_NOT_FOUND');
        const made = await createOperator(ctx, byOperator(ctx, req), {
          loginId: req.body.loginId,
          role: 'hospital',
          hospitalCd: cd,
        });
        if (req.body.alertPhone) {
          const now = ctx.clock.now();
          const phoneEnc = ctx.crypto.encrypt(req.body.alertPhone);
          await hospitalsDb(ctx.db)
            .insertInto('hospitalContact')
            .values({ hospitalCd: cd, phoneEnc, updatedAt: now })
            .onConflict((oc) => oc.column('hospitalCd').doUpdateSet({ phoneEnc, updatedAt: now }))
            .execute();
        }
        return { loginId: made.loginId, hospitalCd: cd, initialPassword: made.initialPassword! };
      },
    );
  };
