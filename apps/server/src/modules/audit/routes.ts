// The console's access log (README "Operator console"): the operators' record (who, when, from where, which patient
// and record, what, why; the address in full for one's own calls, another operator's only to its network) and the
// lines operators caused in patients' access logs, searchable and paged. Reading these pages is not itself written
// down (an export is: export.ts); patients show masked. Both export as CSV with their filter (operators and admins).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RELEASE_REASON_NM } from '@auto-claim/contract';
import {
  operatorActionNm,
  OPS_CLAIMS_API,
  OPS_EXPORT_API,
  opsExportBody,
  operatorActionsPage,
  operatorActionsQuery,
  patientAccessPage,
  patientAccessQuery,
  type OperatorActionRow,
  type PatientAccessRow,
  patientAccessSearchBody,
  PERSON_KEY_NM,
  type PersonKey,
  type PersonSearch,
} from '@auto-claim/contract/ops';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { operatorRoute } from '../../http/route-contract.js';
import { coarseAddress } from '../../http/client-address.js';
import { checkSignedCursor, cursorScope, signCursor } from '../../http/signed-cursor.js';
import { csvAnswer, csvDateTime, type CsvColumn } from '../../http/csv-export.js';
import { operatorAccessOf, operatorActionsOf } from './console.js';
import { EXPORT_DESCRIPTION, exportList, exportSentence } from './export.js';
import { accessActionNm } from './sentences.js';
import { byOperator } from './operator-record.js';

/** What the access log needs of other modules (the claims): a patient by claim or record, and masked names. */
export interface AuditLookups {
  patientCiHmacOf(by: { claimId?: number; recordId?: number }): Promise<string | null>;
  maskedPatientsOf(by: {
    claimIds: number[];
    recordIds: number[];
  }): Promise<{ claim: Map<number, string>; record: Map<number, string> }>;
  /** The patients (keyed CI hashes) a caller's words find (claims/console/person-search.ts). */
  personCiHmacsOf(p: PersonSearch): Promise<{ ciHmac: string; claimId: number | null }[]>;
  /**
   * Before a person search reads anything: its limit per operator and minute (429 past it), and the operators'
   * record, every page.
   */
  startPersonSearch(p: PersonSearch, o: { by: ReturnType<typeof byOperator> }): Promise<void>;
  /** Writes a person search down in each found patient's access log. */
  recordPersonSearch(
    p: PersonSearch,
    found: { ciHmac: string; claimId: number | null }[],
    o: { by: ReturnType<typeof byOperator> },
  ): Promise<void>;
}

/** The answer when the claim or record asked about is unknown. */
const NOTHING = { list: [], total: 0, capped: false, nextCursor: null };
const num = (v: string | number | null) => (v === null ? null : Number(v));
/** A release's reason category (the detail of reveals and downloads) in Korean; any other detail as it is. */
const detailNm = (d: string | null) =>
  d !== null && Object.hasOwn(RELEASE_REASON_NM, d) ? RELEASE_REASON_NM[d as keyof typeof RELEASE_REASON_NM] : d;

const OPERATOR_ACTION_COLUMNS: CsvColumn<OperatorActionRow>[] = [
  { header: '번호', value: (r) => r.id },
  { header: '일시', value: (r) => csvDateTime(r.at) },
  { header: '운영자', value: (r) => r.loginId },
  { header: '접속 주소', value: (r) => r.ip },
  { header: '작업', value: (r) => r.actionNm },
  { header: '청구 번호', value: (r) => r.claimId },
  { header: '진료 기록 번호', value: (r) => r.recordId },
  { header: '환자 (가림)', value: (r) => r.patient },
  { header: '대상', value: (r) => r.target },
  { header: '사유', value: (r) => r.reason },
  { header: '내용', value: (r) => r.detail },
];

const PATIENT_ACCESS_COLUMNS: CsvColumn<PatientAccessRow>[] = [
  { header: '번호', value: (r) => r.id },
  { header: '일시', value: (r) => csvDateTime(r.at) },
  { header: '운영자', value: (r) => r.actor.replace(/^operator:/, '') },
  { header: '내용', value: (r) => r.actionNm },
  { header: '청구 번호', value: (r) => r.claimId },
  { header: '진료 기록 번호', value: (r) => r.recordId },
  { header: '환자 (가림)', value: (r) => r.patient },
  { header: '상세', value: (r) => r.detail },
];

/** A search line's detail is the kinds of key it named ("name,birthDate"): in Korean ("이름·생년월일"). */
const searchedDetailNm = (action: string, d: string | null) =>
  action === 'operator_searched' && d
    ? d
        .split(',')
        .map((k) => (Object.hasOwn(PERSON_KEY_NM, k) ? PERSON_KEY_NM[k as PersonKey] : k))
        .join('·')
    : detailNm(d);

export const auditRoutes =
  (ctx: AppContext, lookups: AuditLookups): FastifyPluginAsyncZod =>
  async (app) => {
    const config = operatorRoute('operator');
    const exportConfig = operatorRoute('operator', 'OPERATOR_RELEASE_LIMITED');
    const tags = ['operator'];

    /** The patient filter as a CI hash: none asked (undefined), or null when the claim or record is unknown. */
    const patientFilter = async (q: { claimId?: number | undefined; recordId?: number | undefined }) => {
      if (q.claimId === undefined && q.recordId === undefined) return undefined;
      const by = q.claimId !== undefined ? { claimId: q.claimId } : { recordId: q.recordId! };
      return lookups.patientCiHmacOf(by);
    };
    const patientsOf = async (rows: { claimId: number | null; recordId: number | null }[]) => {
      const m = await lookups.maskedPatientsOf({
        claimIds: [...new Set(rows.flatMap((r) => (r.claimId === null ? [] : [r.claimId])))],
        recordIds: [...new Set(rows.flatMap((r) => (r.recordId === null ? [] : [r.recordId])))],
      });
      return (r: { claimId: number | null; recordId: number | null }) =>
        (r.claimId !== null ? m.claim.get(r.claimId) : undefined) ??
        (r.recordId !== null ? m.record.get(r.recordId) : undefined) ??
        null;
    };

    /** A page of the operators' record as the console shows it: one's own calls' address in full, others' coarse. */
    const operatorActionsPageOf = async (q: z.output<typeof operatorActionsQuery>, readerId: string | undefined) => {
      // One's own calls in full; another operator's address only as its network (docs/security.md).
      const addressFor = (loginId: string, ip: string) => (loginId === readerId ? ip : coarseAddress(ip));
      const ciHmac = await patientFilter(q);
      if (ciHmac === null) return NOTHING;
      const { rows, ...page } = await operatorActionsOf(ctx.db, q, ciHmac);
      const list = rows.map((r) => ({ ...r, claimId: num(r.claimId), recordId: num(r.recordId) }));
      const patient = await patientsOf(list);
      return {
        ...page,
        list: list.map((r): OperatorActionRow => ({
          id: String(r.id),
          at: new Date(r.at).toISOString(),
          loginId: r.loginId,
          ip: addressFor(r.loginId, ctx.crypto.decrypt(r.ipEnc)),
          action: r.action,
          actionNm: operatorActionNm(r.action),
          claimId: r.claimId,
          recordId: r.recordId,
          patient: patient(r),
          target: r.target,
          reason: r.reason,
          detail: r.action === 'list_exported' ? exportSentence(r.target, r.detail) : detailNm(r.detail),
        })),
      };
    };

    /** The access log's lines as the console lists them, patients masked. */
    const accessRows = async (rows: Awaited<ReturnType<typeof operatorAccessOf>>['rows']) => {
      const list = rows.map((r) => ({ ...r, claimId: num(r.claimId), recordId: num(r.recordId) }));
      const patient = await patientsOf(list);
      return list.map((r): PatientAccessRow => ({
        id: Number(r.id),
        at: new Date(r.at).toISOString(),
        actor: r.actor,
        action: r.action,
        actionNm: accessActionNm(r.action),
        claimId: r.claimId,
        recordId: r.recordId,
        patient: patient(r),
        detail: searchedDetailNm(r.action, r.detail),
      }));
    };

    /** A page of the lines operators caused in patients' access logs, patients masked. */
    const patientAccessPageOf = async (q: z.output<typeof patientAccessQuery>) => {
      const ciHmac = await patientFilter(q);
      if (ciHmac === null) return NOTHING;
      const { rows, ...page } = await operatorAccessOf(ctx.db, q, ciHmac);
      return { ...page, list: await accessRows(rows) };
    };

    app.get(
      OPS_CLAIMS_API.operatorActions,
      {
        config,
        schema: {
          operationId: 'searchOperatorActions',
          tags,
          summary: '운영자 작업 기록 검색 (누가, 언제, 어디서, 어느 환자, 무엇을, 왜)',
          description: '이 목록을 보는 것 자체는 기록하지 않아요. 환자는 가려서 보여요.',
          querystring: operatorActionsQuery,
          response: { 200: operatorActionsPage },
        },
      },
      async (req) => operatorActionsPageOf(req.query, req.operatorId),
    );

    // A POST: the caller's name, phone or birth date ride in the body, never in a URL (nor the server's request log).
    app.post(
      OPS_CLAIMS_API.patientAccessSearch,
      {
        config: operatorRoute('operator', 'OPERATOR_SEARCH_LIMITED'),
        schema: {
          operationId: 'searchPatientAccessByPerson',
          tags,
          summary:
            '전화한 분이 말하는 것으로 환자 열람 기록 찾기 (이름, 휴대폰 번호, 생년월일, 영수증 번호, 청구 번호를 하나 이상)',
          description:
            '값은 저장하지 않고 키를 건 해시로만 비교해요. 이 검색은 운영자 기록(무엇으로 찾았는지, 값은 빼고)과 찾은 환자의 ' +
            '열람 기록에 남아요.',
          body: patientAccessSearchBody,
          response: { 200: patientAccessPage },
        },
      },
      async (req) => {
        const { name, phone, birthDate, receiptNo, claimId, ...q } = req.body;
        const person = { name, phone, birthDate, receiptNo, claimId };
        const by = byOperator(ctx, req);
        // Its cursors are signed for this operator and filter: a hand-made one is refused before anything is read.
        const scope = cursorScope(by.loginId, req.body);
        if (q.cursor !== undefined) checkSignedCursor(ctx.crypto, scope, q.cursor);
        await lookups.startPersonSearch(person, { by });
        const cis = await lookups.personCiHmacsOf(person);
        await lookups.recordPersonSearch(person, cis, { by });
        const { rows, ...page } = await operatorAccessOf(
          ctx.db,
          { ...q, claimId: undefined },
          cis.map((c) => c.ciHmac),
        );
        return { ...page, list: await accessRows(rows), nextCursor: signCursor(ctx.crypto, scope, page.nextCursor) };
      },
    );

    app.get(
      OPS_CLAIMS_API.patientAccess,
      {
        config,
        schema: {
          operationId: 'searchPatientAccessByOperators',
          tags,
          summary: '환자 열람 기록 중 운영자가 남긴 줄 검색',
          description: '환자가 자기 열람 기록에서 읽는 줄과 같아요. 이 목록을 보는 것 자체는 기록하지 않아요.',
          querystring: patientAccessQuery,
          response: { 200: patientAccessPage },
        },
      },
      async (req) => patientAccessPageOf(req.query),
    );

    app.post(
      OPS_EXPORT_API.operatorActions,
      {
        config: exportConfig,
        schema: {
          operationId: 'exportOperatorActions',
          tags,
          summary: '운영자 작업 기록을 CSV로 내려받기',
          description: EXPORT_DESCRIPTION,
          body: opsExportBody.operatorActions,
          response: { 200: csvAnswer('운영자 작업 기록 CSV (첨부 파일)') },
        },
      },
      async (req, reply) =>
        exportList(ctx, req, reply, 'operatorActions', req.body, OPERATOR_ACTION_COLUMNS, (page) =>
          operatorActionsPageOf({ ...req.body, ...page }, req.operatorId),
        ),
    );

    app.post(
      OPS_EXPORT_API.patientAccess,
      {
        config: exportConfig,
        schema: {
          operationId: 'exportPatientAccess',
          tags,
          summary: '환자 열람 기록 중 운영자가 남긴 줄을 CSV로 내려받기',
          description: EXPORT_DESCRIPTION,
          body: opsExportBody.patientAccess,
          response: { 200: csvAnswer('환자 열람 기록 CSV (첨부 파일)') },
        },
      },
      async (req, reply) =>
        exportList(ctx, req, reply, 'patientAccess', req.body, PATIENT_ACCESS_COLUMNS, (page) =>
          patientAccessPageOf({ ...req.body, ...page }),
        ),
    );
  };
