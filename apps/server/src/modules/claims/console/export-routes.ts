// The claim engine's lists exported as CSV (README "Operator console", "Exports"): the claim search, the claims' dead
// letters, the patient messages that failed every retry and the held records, each with the filter the list's screen
// holds. The rows are the list's own, read by its own function page by page (so masked fields stay masked and a
// filter the list learns is exported too). Operators and admins only: the rows are about patients (docs/security.md).
// Each export is written to the operators' record when the reply closes, with its filter, the rows sent and how it
// ended.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLAIM_STATUS_NM, DELIVERY_CHANNEL_NM, DELIVERY_STATE_NM, HELD_REASON_NM } from '@auto-claim/contract';
import {
  OPS_EXPORT_API,
  opsExportBody,
  type DeadLetterRow,
  type NotificationDeadLetterRow,
  type OpsClaimRow,
} from '@auto-claim/contract/ops';
import type { OperatorHeldRecord } from '@auto-claim/contract';
import type { AppContext } from '../../../context.js';
import { csvAnswer, csvDate, csvDateTime, type CsvColumn } from '../../../http/csv-export.js';
import { operatorRoute } from '../../../http/route-contract.js';
import { EXPORT_DESCRIPTION as description, exportList } from '../../audit/index.js';
import { claimsDb } from '../tables.js';
import { failedNotificationPage } from '../jobs.js';
import { searchClaims } from './claim-list.js';
import { deadLetterPage } from './dead-letters.js';
import { heldRecords } from './held.js';

const CLAIM_COLUMNS: CsvColumn<OpsClaimRow>[] = [
  { header: '청구 번호', value: (r) => r.claimId },
  { header: '진료 기록 번호', value: (r) => r.recordId },
  { header: '병원 코드', value: (r) => r.hospitalCd },
  { header: '병원', value: (r) => r.hospitalNm },
  { header: '보험사 코드', value: (r) => r.insuCompCd },
  { header: '보험사', value: (r) => r.insuCompNm },
  { header: '환자 (가림)', value: (r) => r.patient.name },
  { header: '휴대폰 (가림)', value: (r) => r.patient.phone },
  { header: '진료일', value: (r) => csvDate(r.visitDate) },
  { header: '청구일시', value: (r) => csvDateTime(r.createdAt) },
  { header: '청구 금액 (원)', value: (r) => r.amount },
  { header: '지급액 (원)', value: (r) => r.paidAmount },
  { header: '상태', value: (r) => CLAIM_STATUS_NM[r.status] },
  { header: '전송 방법', value: (r) => (r.delivery ? DELIVERY_CHANNEL_NM[r.delivery.channel] : null) },
  { header: '전송 상태', value: (r) => (r.delivery ? DELIVERY_STATE_NM[r.delivery.status] : null) },
  { header: '전송 시도 횟수', value: (r) => r.delivery?.attempts },
];

const DEAD_LETTER_COLUMNS: CsvColumn<DeadLetterRow>[] = [
  { header: '청구 번호', value: (r) => r.claimId },
  { header: '보험사 코드', value: (r) => r.insuCompCd },
  { header: '보험사', value: (r) => r.insuCompNm },
  { header: '병원 코드', value: (r) => r.hospitalCd },
  { header: '환자 (가림)', value: (r) => r.patient.name },
  { header: '휴대폰 (가림)', value: (r) => r.patient.phone },
  { header: '전송 방법', value: (r) => DELIVERY_CHANNEL_NM[r.channel] },
  { header: '시도 횟수', value: (r) => r.attempts },
  { header: '마지막 오류', value: (r) => r.lastError },
  { header: '실패 일시', value: (r) => csvDateTime(r.failedAt) },
  { header: '처리 완료 일시', value: (r) => csvDateTime(r.handled?.at) },
  { header: '처리한 운영자', value: (r) => r.handled?.by },
  { header: '처리 메모', value: (r) => r.handled?.note },
];

const NOTIFICATION_DEAD_LETTER_COLUMNS: CsvColumn<NotificationDeadLetterRow>[] = [
  { header: '작업 번호', value: (r) => r.jobId },
  { header: '진료 기록 번호', value: (r) => r.recordId },
  { header: '시도 횟수', value: (r) => r.attempts },
  { header: '마지막 오류', value: (r) => r.lastError },
  { header: '실패 일시', value: (r) => csvDateTime(r.failedAt) },
  { header: '처리 완료 일시', value: (r) => csvDateTime(r.handled?.at) },
  { header: '처리한 운영자', value: (r) => r.handled?.by },
  { header: '처리 메모', value: (r) => r.handled?.note },
];

const HELD_COLUMNS: CsvColumn<OperatorHeldRecord>[] = [
  { header: '진료 기록 번호', value: (r) => r.recordId },
  { header: '병원 코드', value: (r) => r.hospitalCd },
  { header: '영수증 번호', value: (r) => r.receiptNo },
  { header: '진료일', value: (r) => csvDate(r.visitDate) },
  { header: '기록의 이름 (가림)', value: (r) => r.patientName },
  { header: '보류 사유', value: (r) => HELD_REASON_NM[r.reason] ?? r.reason },
  { header: '가입 번호', value: (r) => r.insuApplyId },
  { header: '가입자와 연결 가능', value: (r) => (r.releasable ? '예' : '아니요') },
  { header: '받은 일시', value: (r) => csvDateTime(r.receivedAt) },
  { header: '결정 일시', value: (r) => csvDateTime(r.decidedAt) },
];

export const claimExportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];

    app.post(
      OPS_EXPORT_API.claims,
      {
        config: operatorRoute('operator', 'OPERATOR_RELEASE_LIMITED'),
        schema: {
          operationId: 'exportClaims',
          tags,
          summary: '청구 목록을 CSV로 내려받기',
          description,
          body: opsExportBody.claims,
          response: { 200: csvAnswer('청구 목록 CSV (첨부 파일)') },
        },
      },
      async (req, reply) =>
        exportList(ctx, req, reply, 'claims', req.body, CLAIM_COLUMNS, async (page) =>
          searchClaims(ctx, { ...req.body, ...page }),
        ),
    );

    app.post(
      OPS_EXPORT_API.deadLetters,
      {
        config: operatorRoute('operator', 'OPERATOR_RELEASE_LIMITED'),
        schema: {
          operationId: 'exportDeadLetters',
          tags,
          summary: '보내지 못한 청구 목록을 CSV로 내려받기',
          description,
          body: opsExportBody.deadLetters,
          response: { 200: csvAnswer('보내지 못한 청구 CSV (첨부 파일)') },
        },
      },
      async (req, reply) =>
        exportList(ctx, req, reply, 'deadLetters', req.body, DEAD_LETTER_COLUMNS, async (page) =>
          deadLetterPage(ctx, { ...req.body, ...page }),
        ),
    );

    app.post(
      OPS_EXPORT_API.notificationDeadLetters,
      {
        config: operatorRoute('operator', 'OPERATOR_RELEASE_LIMITED'),
        schema: {
          operationId: 'exportNotificationDeadLetters',
          tags,
          summary: '보내지 못한 알림톡·문자 목록을 CSV로 내려받기',
          description,
          body: opsExportBody.notificationDeadLetters,
          response: { 200: csvAnswer('보내지 못한 알림톡·문자 CSV (첨부 파일)') },
        },
      },
      // In the list's order, as its screen shows it; its page number and size are the screen's, not the file's.
      async (req, reply) =>
        exportList(ctx, req, reply, 'notificationDeadLetters', req.body, NOTIFICATION_DEAD_LETTER_COLUMNS, (page) =>
          failedNotificationPage(claimsDb(ctx), { handled: req.body.handled, order: req.body.order, ...page }),
        ),
    );

    app.post(
      OPS_EXPORT_API.heldRecords,
      {
        config: operatorRoute('operator', 'OPERATOR_RELEASE_LIMITED'),
        schema: {
          operationId: 'exportHeldRecords',
          tags,
          summary: '확인이 필요한 기록 목록을 CSV로 내려받기',
          description,
          body: opsExportBody.heldRecords,
          response: { 200: csvAnswer('확인이 필요한 기록 CSV (첨부 파일)') },
        },
      },
      async (req, reply) =>
        exportList(ctx, req, reply, 'heldRecords', req.body, HELD_COLUMNS, async (page) =>
          heldRecords(ctx, { ...req.body, ...page }),
        ),
    );
  };
