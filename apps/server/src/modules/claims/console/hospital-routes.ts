// The console's calls about hospitals' side of the claim engine (README "Operator console"): their API keys (admin
// only), and their feed at a glance with the records it refused.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATOR_API, hospitalApiKeyIssued, hospitalApiKeyParams, hospitalCd } from '@auto-claim/contract';
import {
  OPS_HOSPITALS_API,
  feedRejectionsPage,
  feedRejectionsQuery,
  hospitalFeed as hospitalFeedAnswer,
  hospitalKeyRotateBody,
  hospitalKeyRotated,
  opsHospitalKey,
  opsHospitalKeyList,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../../../context.js';
import { notFound } from '../../../http/problem.js';
import { operatorRoute } from '../../../http/route-contract.js';
import { hospitalsByCode } from '../../reference/index.js';
import { hospitalFeed, pageRejections } from './hospital-feed.js';
import { hospitalKeys, issueHospitalKeyBy, revokeHospitalKey, rotateHospitalKey } from './hospital-keys.js';

export const hospitalConsoleRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    const hospitalParams = z.object({ hospitalCd });
    const knownHospital = async (code: string) => {
      const [exists] = await hospitalsByCode(ctx.db, [code]);
      if (!exists) throw notFound('병원을 찾을 수 없어요.', 'HOSPITAL_NOT_FOUND');
    };

    app.get(
      OPERATOR_API.hospitalApiKeys(':hospitalCd'),
      {
        config: operatorRoute('admin', 'HOSPITAL_NOT_FOUND'),
        schema: {
          operationId: 'listHospitalApiKeys',
          tags,
          summary: '병원 API 키 목록 (마지막 사용 시각, 폐기 여부; 키 자체는 보이지 않아요)',
          params: hospitalParams,
          response: { 200: opsHospitalKeyList },
        },
      },
      async (req) => {
        await knownHospital(req.params.hospitalCd);
        return { list: await hospitalKeys(ctx, req.params.hospitalCd) };
      },
    );

    app.post(
      OPERATOR_API.hospitalApiKeys(':hospitalCd'),
      {
        config: operatorRoute('admin', 'HOSPITAL_NOT_FOUND'),
        schema: {
          operationId: 'issueHospitalApiKey',
          tags,
          summary: '병원 API 키 발급 (키는 이 응답에서 한 번만 보여요)',
          params: hospitalParams,
          body: z.object({ label: z.string().trim().max(100).optional() }).optional(),
          response: { 201: hospitalApiKeyIssued },
        },
      },
      async (req, reply) => {
        await knownHospital(req.params.hospitalCd);
        const issued = await issueHospitalKeyBy(ctx, req.params.hospitalCd, req.body?.label ?? '', req);
        return reply.code(201).send({ hospitalCd: req.params.hospitalCd, ...issued });
      },
    );

    app.post(
      OPERATOR_API.hospitalApiKeyRevoke(':hospitalCd', ':keyId'),
      {
        config: operatorRoute('admin', 'HOSPITAL_NOT_FOUND', 'HOSPITAL_KEY_NOT_FOUND'),
        schema: {
          operationId: 'revokeHospitalApiKey',
          tags,
          summary: '병원 API 키 폐기 (바로 다음 요청부터 거절돼요)',
          params: hospitalParams.extend(hospitalApiKeyParams.shape),
          response: { 200: opsHospitalKey },
        },
      },
      async (req) => {
        await knownHospital(req.params.hospitalCd);
        const key = await revokeHospitalKey(ctx, req.params.hospitalCd, req.params.keyId, req);
        if (!key) throw notFound('이 병원의 API 키 중에 그 번호는 없어요.', 'HOSPITAL_KEY_NOT_FOUND');
        return key;
      },
    );

    app.post(
      OPS_HOSPITALS_API.keyRotate(':hospitalCd', ':keyId'),
      {
        config: operatorRoute('admin', 'HOSPITAL_NOT_FOUND', 'HOSPITAL_KEY_NOT_FOUND', 'HOSPITAL_KEY_NOT_LIVE'),
        schema: {
          operationId: 'rotateHospitalApiKey',
          tags,
          summary: '병원 API 키 교체 (새 키는 이 응답에서 한 번만 보여요; 옛 키는 겹쳐 쓸 시간 뒤에 거절돼요)',
          params: hospitalParams.extend(hospitalApiKeyParams.shape),
          body: hospitalKeyRotateBody,
          response: { 201: hospitalKeyRotated },
        },
      },
      async (req, reply) => {
        await knownHospital(req.params.hospitalCd);
        const rotated = await rotateHospitalKey(ctx, req.params.hospitalCd, req.params.keyId, req.body, req);
        if (!rotated) throw notFound('이 병원의 API 키 중에 그 번호는 없어요.', 'HOSPITAL_KEY_NOT_FOUND');
        return reply.code(201).send({ hospitalCd: req.params.hospitalCd, ...rotated });
      },
    );

    app.get(
      OPS_HOSPITALS_API.feed(':hospitalCd'),
      {
        config: operatorRoute('viewer', 'HOSPITAL_NOT_FOUND'),
        schema: {
          operationId: 'getHospitalFeed',
          tags,
          summary: '병원 기록 수신 현황 (마지막 수신 시각, 오늘 받은 기록, 오늘 거절한 기록)',
          params: hospitalParams,
          response: { 200: hospitalFeedAnswer },
        },
      },
      async (req) => {
        await knownHospital(req.params.hospitalCd);
        return hospitalFeed(ctx, req.params.hospitalCd);
      },
    );

    app.get(
      OPS_HOSPITALS_API.rejections(':hospitalCd'),
      {
        config: operatorRoute('operator', 'HOSPITAL_NOT_FOUND'),
        schema: {
          operationId: 'listFeedRejections',
          tags,
          summary: '거절한 진료 기록과 그 이유 (영수증 번호만, 환자 정보 없이; 90일 보관)',
          params: hospitalParams,
          querystring: feedRejectionsQuery,
          response: { 200: feedRejectionsPage },
        },
      },
      async (req) => {
        await knownHospital(req.params.hospitalCd);
        return pageRejections(ctx, req.params.hospitalCd, req.query);
      },
    );
  };
