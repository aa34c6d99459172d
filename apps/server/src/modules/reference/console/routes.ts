// The console's hospitals and insurers (README "Operator console"), HTTP only: list, add and edit hospitals
// (hospitals.ts); each insurer's delivery channel, fax number, API base URL, photo settings and on/off
// (insurers.ts, insurer-settings.ts), and a test delivery through its channel (test-delivery.ts). Where claims go
// changes only when a second admin approves (destination-change.ts; docs/security.md, "Insiders: claim destinations").
// The patient's calls answer these tables from memory (cache.ts): an edit here drops what is held, in this process
// before the answer leaves (app.ts) and in every other through the tables' NOTIFY, so it shows on the next call.
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OPS_HOSPITALS_API,
  OPS_INSURERS_API,
  TEST_DELIVERIES_PER_WINDOW,
  TEST_DELIVERY_WINDOW_MINUTES,
  changeIdParams,
  destinationChangeList,
  hospitalCreateBody,
  hospitalUpdateBody,
  hospitalsPage,
  hospitalsPageQuery,
  insurerUpdateBody,
  insurersPage,
  insurersPageQuery,
  opsHospital,
  opsInsurer,
  testDeliveryResult,
} from '@auto-claim/contract/ops';
import { hospitalCd, insuCompCd } from '@auto-claim/contract';
import type { AppContext } from '../../../context.js';
import { operatorRoute } from '../../../http/route-contract.js';
import { decideChange, pendingChanges } from './destination-change.js';
import { createHospital, oneHospital, pageHospitals, updateHospital } from './hospitals.js';
import { updateInsurer } from './insurer-settings.js';
import { oneInsurer, pageOpsInsurers } from './insurers.js';
import { testDelivery } from './test-delivery.js';

export const referenceOpsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    const hospitalParams = z.object({ hospitalCd });
    const insurerParams = z.object({ insuCompCd });

    app.get(
      OPS_HOSPITALS_API.list,
      {
        config: operatorRoute('viewer'),
        schema: {
          operationId: 'opsListHospitals',
          tags,
          summary: '병원 목록 (이름·코드 검색, 쪽 나눔, 정렬)',
          querystring: hospitalsPageQuery,
          response: { 200: hospitalsPage },
        },
      },
      (req) => pageHospitals(ctx.db, req.query),
    );

    app.post(
      OPS_HOSPITALS_API.list,
      {
        config: operatorRoute('admin', 'HOSPITAL_EXISTS'),
        schema: {
          operationId: 'opsCreateHospital',
          tags,
          summary: '병원 추가',
          body: hospitalCreateBody,
          response: { 201: opsHospital },
        },
      },
      async (req, reply) => reply.code(201).send(await createHospital(ctx, req, req.body)),
    );

    app.get(
      OPS_HOSPITALS_API.one(':hospitalCd'),
      {
        config: operatorRoute('viewer', 'HOSPITAL_NOT_FOUND'),
        schema: {
          operationId: 'opsGetHospital',
          tags,
          summary: '병원 한 곳',
          params: hospitalParams,
          response: { 200: opsHospital },
        },
      },
      (req) => oneHospital(ctx, req.params.hospitalCd),
    );

    app.put(
      OPS_HOSPITALS_API.one(':hospitalCd'),
      {
        config: operatorRoute('admin', 'HOSPITAL_NOT_FOUND'),
        schema: {
          operationId: 'opsUpdateHospital',
          tags,
          summary: '병원 정보 고치기 (환자 화면에 바로 보여요)',
          params: hospitalParams,
          body: hospitalUpdateBody,
          response: { 200: opsHospital },
        },
      },
      (req) => updateHospital(ctx, req, req.params.hospitalCd, req.body),
    );

    app.get(
      OPS_INSURERS_API.list,
      {
        config: operatorRoute('viewer'),
        schema: {
          operationId: 'opsListInsurers',
          tags,
          summary: '보험사 목록 (전송 방식, 팩스, API, 사진 설정, 사용 여부)',
          querystring: insurersPageQuery,
          response: { 200: insurersPage },
        },
      },
      (req) => pageOpsInsurers(ctx, req.query),
    );

    app.get(
      OPS_INSURERS_API.one(':insuCompCd'),
      {
        config: operatorRoute('viewer', 'INSURER_CODE_NOT_FOUND'),
        schema: {
          operationId: 'opsGetInsurer',
          tags,
          summary: '보험사 한 곳',
          params: insurerParams,
          response: { 200: opsInsurer },
        },
      },
      (req) => oneInsurer(ctx, req.params.insuCompCd),
    );

    app.put(
      OPS_INSURERS_API.one(':insuCompCd'),
      {
        config: operatorRoute('admin', 'INSURER_CODE_NOT_FOUND', 'DESTINATION_NOT_ALLOWED'),
        schema: {
          operationId: 'opsUpdateInsurer',
          tags,
          summary:
            '보험사 설정 고치기 (사진 설정, 사용 여부는 바로; 전송 방식, 팩스, API 주소는 다른 관리자가 승인하면 바뀌어요)',
          params: insurerParams,
          body: insurerUpdateBody,
          response: { 200: opsInsurer },
        },
      },
      (req) => updateInsurer(ctx, req, req.params.insuCompCd, req.body),
    );

    app.get(
      OPS_INSURERS_API.pendingChanges,
      {
        config: operatorRoute('viewer'),
        schema: {
          operationId: 'opsListInsurerChanges',
          tags,
          summary: '승인을 기다리는 보험사 전송 주소 변경',
          response: { 200: destinationChangeList },
        },
      },
      () => pendingChanges(ctx),
    );

    for (const [decision, path, operationId, summary] of [
      [
        'approved',
        OPS_INSURERS_API.approve(':changeId'),
        'opsApproveInsurerChange',
        '보험사 전송 주소 변경 승인 (요청한 관리자 말고 다른 관리자)',
      ],
      ['rejected', OPS_INSURERS_API.reject(':changeId'), 'opsRejectInsurerChange', '보험사 전송 주소 변경 거절'],
    ] as const) {
      app.post(
        path,
        {
          config: operatorRoute(
            'admin',
            'CHANGE_NOT_FOUND',
            ...(decision === 'approved'
              ? (['SAME_ADMIN', 'APPROVER_NOT_INDEPENDENT', 'CHANGE_EXPIRED', 'DESTINATION_NOT_ALLOWED'] as const)
              : []),
          ),
          schema: { operationId, tags, summary, params: changeIdParams, response: { 200: opsInsurer } },
        },
        (req) => decideChange(ctx, req, req.params.changeId, decision),
      );
    }

    // Per operator, beside the route's per-address limit: a test delivery calls out, so it is no probe to repeat.
    // Counted after validation (preHandler), so that only a delivery that would go out spends it.
    const testLimit = app.createRateLimit({
      max: TEST_DELIVERIES_PER_WINDOW,
      timeWindow: TEST_DELIVERY_WINDOW_MINUTES * 60_000,
      keyGenerator: (req) => `test-delivery:${req.operatorId ?? req.ip}`,
    });
    const perOperator: preHandlerAsyncHookHandler = async (req, reply) => {
      const limit = await testLimit(req);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', limit.ttlInSeconds);
        // The problem handler answers it as every limit: 429 RATE_LIMITED.
        throw Object.assign(new Error('test deliveries of this operator over the limit'), { statusCode: 429 });
      }
    };

    app.post(
      OPS_INSURERS_API.testDelivery(':insuCompCd'),
      {
        config: {
          ...operatorRoute('admin', 'INSURER_CODE_NOT_FOUND'),
          // Per address too, for several operators at one address (four of them at the operator's limit).
          rateLimit: { max: 4 * TEST_DELIVERIES_PER_WINDOW, timeWindow: TEST_DELIVERY_WINDOW_MINUTES * 60_000 },
        },
        preHandler: perOperator,
        schema: {
          operationId: 'opsTestInsurerDelivery',
          tags,
          summary: '시험 전송 (환자 정보 없는 시험 문서를 설정된 방식으로 보내요)',
          params: insurerParams,
          response: { 200: testDeliveryResult },
        },
      },
      (req) => testDelivery(ctx, req, req.params.insuCompCd),
    );
  };
