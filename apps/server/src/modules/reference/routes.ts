// Reference calls of spec §7: banks, insurers, fax numbers, jobs, ui-controls, codes, hospitals. (The terms, served
// through the same cache, are the terms module's.)
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  bankList,
  codeList,
  codesQuery,
  faxNumberList,
  faxNumbersQuery,
  hospital,
  hospitalCommonList,
  hospitalCommonsQuery,
  hospitalList,
  hospitalNm,
  hospitalParams,
  hospitalsQuery,
  insurancesQuery,
  insurerPage,
  jobCodesQuery,
  jobList,
  uiControlList,
  uiControlsQuery,
  type Code,
} from '@auto-claim/contract';
import type { Handle } from '../../db/handle.js';

import { notFound } from '../../http/problem.js';
import { PUBLIC_REFERENCE as PUBLIC, keyOf, sent, type ReferenceCache } from './cache.js';
import * as repo from './repo.js';

const toHospital = ({ thumbnailPath, iosPackage, ...h }: Awaited<ReturnType<typeof repo.findHospital>> & object) => ({
  ...h,
  hospitalThumbnail: thumbnailPath,
  iOSPackage: iosPackage,
});

/** One hospital as GET /v1/claims/hospitals/{hospitalCd} answers it, or undefined: the landing's HTML inlines it. */
export async function publicHospital(db: Handle, hospitalCd: string) {
  const row = await repo.findHospital(db, hospitalCd);
  return row ? toHospital(row) : undefined;
}

const HOSPITAL_NOT_FOUND = '병원 정보를 찾을 수 없어요. 주소를 다시 확인해 주세요.';

export const referenceRoutes =
  (db: Handle, cache: ReferenceCache): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['reference'];
    // Every answer here comes from memory while the data has not changed (cache.ts).

    app.get(
      API.banks,
      {
        config: PUBLIC,
        schema: { operationId: 'listBanks', tags, summary: '은행 목록 (KFTC 코드)', response: { 200: bankList } },
      },
      (req, reply) =>
        sent(
          cache.send(req, reply, keyOf(req), async () => {
            const list = await repo.listBanks(db);
            return { list, total: list.length };
          }),
        ),
    );

    app.get(
      API.insurances,
      {
        config: PUBLIC,
        schema: {
          operationId: 'listInsurers',
          tags,
          summary: '보험사 목록',
          querystring: insurancesQuery,
          response: { 200: insurerPage },
        },
      },
      (req, reply) =>
        sent(
          cache.send(req, reply, keyOf(req), async () => {
            const { page, pageSize, insuKind } = req.query;
            const { rows, total } = await repo.pageInsurers(db, { page, pageSize, insuKind });
            return { list: rows, total, page, pageSize };
          }),
        ),
    );

    app.get(
      API.faxNumbers,
      {
        config: PUBLIC,
        schema: {
          operationId: 'listInsurerFaxNumbers',
          tags,
          summary: '보험사 청구 팩스번호',
          querystring: faxNumbersQuery,
          response: { 200: faxNumberList },
        },
      },
      (req, reply) =>
        sent(
          cache.send(req, reply, keyOf(req), async () => {
            const list = await repo.listFaxNumbers(db, req.query.insuCompCd);
            return { list, total: list.length };
          }),
        ),
    );

    app.get(
      API.jobCodes,
      {
        config: PUBLIC,
        schema: {
          operationId: 'listJobCodes',
          tags,
          summary: '직업 분류',
          querystring: jobCodesQuery,
          response: { 200: jobList },
        },
      },
      (req, reply) =>
        sent(
          cache.send(req, reply, keyOf(req), async () => {
            const list = await repo.listJobs(db, req.query);
            return { list, total: list.length };
          }),
        ),
    );

    app.get(
      API.uiControls,
      {
        config: PUBLIC,
        schema: {
          operationId: 'listUiControls',
          tags,
          summary: '보험사 화면 설정 (신분증 사진)',
          querystring: uiControlsQuery,
          response: { 200: uiControlList },
        },
      },
      (req, reply) =>
        sent(
          cache.send(req, reply, keyOf(req), async () => {
            const list = await repo.listUiControls(db, req.query.compCd, req.query.compType);
            return { list, total: list.length };
          }),
        ),
    );

    app.get(
      API.codes,
      {
        config: PUBLIC,
        schema: {
          operationId: 'listCodes',
          tags,
          summary: '공통 코드',
          querystring: codesQuery,
          response: { 200: codeList },
        },
      },
      (req, reply) =>
        sent(
          cache.send(req, reply, keyOf(req), async () => {
            const { codeCls } = req.query;
            let list: Code[];
            if (codeCls === 'job_cd') {
              list = (await repo.listJobs(db, {})).map((j) => ({
                codeCls,
                code: j.jobCd,
                codeNm: j.jobNm,
                upperCode: j.parentCd,
                level: j.level,
              }));
            } else if (codeCls === 'bank_cd') {
              list = (await repo.listBanks(db)).map((b) => ({
                codeCls,
                code: b.bankCd,
                codeNm: b.bankNm,
                upperCode: null,
                level: 1,
              }));
            } else {
              list = (await repo.listTelecoms(db)).map((t) => ({
                codeCls,
                code: t.telecomType,
                codeNm: t.telecomNm,
                upperCode: null,
                level: 1,
              }));
            }
            return { list, total: list.length };
          }),
        ),
    );

    app.get(
      API.hospitals,
      {
        config: PUBLIC,
        schema: {
          operationId: 'listHospitals',
          tags,
          summary: '병원 목록 (이름순)',
          querystring: hospitalsQuery,
          response: { 200: hospitalList },
        },
      },
      (req, reply) =>
        sent(
          cache.send(req, reply, keyOf(req), async () => {
            const rows = await repo.listHospitals(db, { autoClaimOnly: req.query.autoClaimYn === 'Y' });
            return { list: rows.map(toHospital), total: rows.length };
          }),
        ),
    );

    app.get(
      '/ui/insu/v1/claims/hospitals/:hospitalCd',
      {
        config: { ...PUBLIC, problems: ['HOSPITAL_NOT_FOUND'] },
        schema: {
          operationId: 'getHospital',
          tags,
          summary: '병원 정보',
          params: hospitalParams,
          response: { 200: hospital },
        },
      },
      (req, reply) =>
        sent(
          cache.send(req, reply, keyOf(req), async () => {
            const row = await repo.findHospital(db, req.params.hospitalCd);
            if (!row) throw notFound(HOSPITAL_NOT_FOUND, 'HOSPITAL_NOT_FOUND');
            return toHospital(row);
          }),
        ),
    );

    app.get(
      '/api/insu/rest/findHospitalNm/:hospitalCd',
      {
        config: { ...PUBLIC, problems: ['HOSPITAL_NOT_FOUND'] },
        schema: {
          operationId: 'getHospitalName',
          tags,
          summary: '병원 이름',
          params: hospitalParams,
          response: { 200: hospitalNm },
        },
      },
      (req, reply) =>
        sent(
          cache.send(req, reply, keyOf(req), async () => {
            const row = await repo.findHospital(db, req.params.hospitalCd);
            if (!row) throw notFound(HOSPITAL_NOT_FOUND, 'HOSPITAL_NOT_FOUND');
            return { hospitalCd: row.hospitalCd, hospitalNm: row.hospitalNm };
          }),
        ),
    );

    app.get(
      API.hospitalCommons,
      {
        config: PUBLIC,
        schema: {
          operationId: 'listHospitalNames',
          tags,
          summary: '병원 이름 목록 (simple projection)',
          querystring: hospitalCommonsQuery,
          response: { 200: hospitalCommonList },
        },
      },
      (req, reply) =>
        sent(
          cache.send(req, reply, keyOf(req), async () => {
            const { page, size } = req.query;
            const { rows, total } = await repo.pageHospitalNames(db, { page, size });
            return { list: rows, total, page, size };
          }),
        ),
    );
  };
