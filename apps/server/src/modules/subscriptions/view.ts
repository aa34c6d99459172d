// The patient's own subscription as they read it (spec §4): the masked summary (GET), and the confirmations that fill
// a form from what is live (confirm, hospitals/confirm).
import { helperOf } from './desk.js';
import {
  DEFAULT_HOSPITAL_CD,
  maskAccount,
  maskEmail,
  maskName,
  maskPhone,
  maskRrn,
  type SubscriptionConfirm,
  type SubscriptionSummary,
  type SubscriptionView,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import type { Patient } from '../../security/session.js';
import { bankNameOf, hospitalsByCode, insurersByCode } from '../reference/index.js';
import { guardianOf, personOf } from './person.js';
import * as repo from './repo.js';
import { kakaoConsented } from './lookups.js';
import type { SubscriptionRow } from './repo.js';

/** The hospitals a subscription covers, with their names, in name order. */
export async function liveHospitals(ctx: AppContext, insuApplyId: string) {
  const rows = await repo.liveHospitalRows(ctx.db, insuApplyId);
  const names = new Map(
    (
      await hospitalsByCode(
        ctx.db,
        rows.map((r) => r.hospitalCd),
      )
    ).map((h) => [h.hospitalCd, h.hospitalNm]),
  );
  return rows
    .map((r) => ({ ...r, hospitalNm: names.get(r.hospitalCd) ?? r.hospitalCd }))
    .sort((a, b) => (a.hospitalNm < b.hospitalNm ? -1 : a.hospitalNm > b.hospitalNm ? 1 : 0));
}

/** The insurers a subscription claims at, with their names, in the insurers' display order. */
export async function insurersOf(ctx: AppContext, insuApplyId: string) {
  const rows = await repo.insurerRows(ctx.db, insuApplyId);
  const known = await insurersByCode(
    ctx.db,
    rows.map((r) => r.insuCompCd),
  );
  return known.map((i) => {
    const row = rows.find((r) => r.insuCompCd === i.insuCompCd)!;
    return {
      insuCompCd: i.insuCompCd,
      insuCompNm: i.insuCompNm,
      idcardTypeCode: row.idcardTypeCode,
      policyGeneration: row.policyGeneration,
      policyGenerationBy: row.policyGenerationBy,
    };
  });
}

export type Known = {
  hospitals: Awaited<ReturnType<typeof liveHospitals>>;
  insurers: Awaited<ReturnType<typeof insurersOf>>;
  bankNm: string;
};

/** The masked summary of a row; `known`: its hospitals, insurers and bank as the caller already has them. */
export async function summaryOf(ctx: AppContext, row: SubscriptionRow, known?: Known): Promise<SubscriptionSummary> {
  const person = personOf(ctx, row.personEnc);
  const helper = await helperOf(ctx, row);
  const [hospitals, insurers, bankNm] = known
    ? [known.hospitals, known.insurers, known.bankNm]
    : await Promise.all([
        liveHospitals(ctx, row.insuApplyId),
        insurersOf(ctx, row.insuApplyId),
        bankNameOf(ctx.db, row.bankCd),
      ]);
  return {
    insuApplyId: row.insuApplyId,
    subsStatus: row.status,
    prcMode: row.prcMode,
    userNm: person.userNm,
    userIdnoMasked: maskRrn(person.birthday, person.userIdno2),
    userTelMasked: maskPhone(person.userTel),
    userEmailMasked: person.userEmail ? maskEmail(person.userEmail) : '',
    userPostNo: person.userPostNo,
    userAddr: person.userAddr,
    userAddrDetailMasked: person.userAddrDetail ? '***' : '',
    jobCd: row.jobCd ?? '',
    jobNm: person.jobNm,
    minAmt: row.minAmt,
    askUncovered: row.askUncovered,
    batchDay: row.batchDay,
    retroMonth: row.retroMonth,
    bankCd: row.bankCd ?? '',
    bankNm,
    bankAccountMasked: row.bankAccountLast4 ? `****${row.bankAccountLast4}` : '',
    bankAccountHolderMasked: person.bankAccountHolder ? maskName(person.bankAccountHolder) : '',
    bankAccountRel: row.bankAccountRel ?? '',
    ...(helper ? { helper } : {}),
    idcardType: row.idcardType ?? '',
    hasIdcardImg: row.idcardImgBlobId !== null || row.idcardImgEnc !== null,
    kakaoNotiCheck: kakaoConsented(row.optTerms),
    insurers: insurers.map((i) => ({
      ...i,
      idcardTypeCode: i.idcardTypeCode ?? '',
      policyGeneration: i.policyGeneration ?? null,
      policyGenerationBy: i.policyGenerationBy ?? null,
    })),
    hospitals: hospitals.map((h) => ({
      hospitalCd: h.hospitalCd,
      hospitalNm: h.hospitalNm,
      subscribedAt: new Date(h.subscribedAt).toISOString(),
    })),
    contractStartDate: row.contractStartDate,
    contractEndDate: row.contractEndDate,
    createdAt: new Date(row.createdAt).toISOString(),
    cancelledAt: row.cancelledAt ? new Date(row.cancelledAt).toISOString() : null,
    ...(row.guardianEnc && row.guardianRel
      ? {
          child: {
            guardianRel: row.guardianRel,
            guardianNm: guardianOf(ctx, row.guardianEnc).userNm,
            relationStatus: row.relationStatus ?? 'required',
            adultOn: row.adultOn ?? '',
          },
        }
      : {}),
  };
}

/** GET: 'subscribe' with the masked summary; 'cancel' with the last cancelled one; 'none' when there was never one. */
export async function view(ctx: AppContext, patient: Patient): Promise<SubscriptionView> {
  const row = await repo.findLatestByCiHmac(ctx.db, patient.ciHmac);
  if (!row) return { subscriptionStatus: 'none' };
  return { subscriptionStatus: row.status, subscription: await summaryOf(ctx, row) };
}

// ————————————————————————————————————————————— confirm —————————————————————————————————————————————

/**
 * POST …/subscriptions/confirm: is this person subscribed, and with what (spec: "answer fills reg")? No subscription
 * is an ordinary answer: 'none' and reg {}. userIdno (YYMMDD, or YYMMDD + the 7 back digits) must be this person's.
 */
export async function confirm(
  ctx: AppContext,
  patient: Patient,
  body: { hospitalCd?: string; userIdno: string },
): Promise<SubscriptionConfirm> {
  const hospitalNm = body.hospitalCd ? (await hospitalsByCode(ctx.db, [body.hospitalCd]))[0]?.hospitalNm : undefined;
  const yymmdd = patient.person.birthday.slice(2);
  if (body.userIdno.slice(0, 6) !== yymmdd) {
    throw new AppError('PERSON_MISMATCH', '본인인증한 사람의 주민등록번호가 아니에요.', [
      { field: 'userIdno', message: '생년월일이 본인인증한 정보와 달라요.' },
    ]);
  }
  const row = await repo.findLiveByCiHmac(ctx.db, patient.ciHmac);
  if (!row) return { subscriptionStatus: 'none', ...(hospitalNm ? { hospitalNm } : {}), reg: {} };
  const person = personOf(ctx, row.personEnc);
  if (body.userIdno.length === 13 && body.userIdno.slice(6) !== person.userIdno2) {
    throw new AppError('PERSON_MISMATCH', '가입할 때 입력한 주민등록번호와 달라요.', [
      { field: 'userIdno', message: '주민등록번호 뒷자리가 가입할 때와 달라요.' },
    ]);
  }
  const hospitals = await liveHospitals(ctx, row.insuApplyId);
  return {
    subscriptionStatus: 'subscribe',
    ...(hospitalNm ? { hospitalNm } : {}),
    reg: {
      insuApplyId: row.insuApplyId,
      subsStatus: row.status,
      insuCompCd: row.insuCompCd,
      multiSubscrib: hospitals.map((h) => h.hospitalCd),
      hospitalCd: hospitals.some((h) => h.hospitalCd === body.hospitalCd)
        ? body.hospitalCd!
        : (hospitals[0]?.hospitalCd ?? DEFAULT_HOSPITAL_CD),
      bankCd: row.bankCd ?? '',
      bankAccount: row.bankAccountLast4 ? maskAccount(row.bankAccountLast4) : '',
      userEmail: person.userEmail ? maskEmail(person.userEmail) : '',
      userPostNo: person.userPostNo,
      userAddr: person.userAddr,
      userAddrDetail: person.userAddrDetail ? '***' : '',
      jobCd: row.jobCd ?? '',
      jobNm: person.jobNm,
      minAmt: row.minAmt,
      contractStartDate: row.contractStartDate,
      contractEndDate: row.contractEndDate,
    },
  };
}

/** POST …/subscriptions/hospitals/confirm: the hospitals of the live subscription ([] without one). */
export async function hospitalsConfirm(ctx: AppContext, patient: Patient) {
  const row = await repo.findLiveByCiHmac(ctx.db, patient.ciHmac);
  if (!row) return { hospitals: [] };
  const hospitals = await liveHospitals(ctx, row.insuApplyId);
  return {
    hospitals: hospitals.map((h) => ({
      hospitalCd: h.hospitalCd,
      hospitalNm: h.hospitalNm,
      subscribedAt: new Date(h.subscribedAt).toISOString(),
      insuApplyId: h.insuApplyId,
    })),
  };
}
