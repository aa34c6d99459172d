// Changing a live subscription (spec §4): hospitals added and removed, the account, address, e-mail and minimum
// amount changed, and cancelling. Each first makes the documents as signed (documents.ts, makeDocuments), so their
// hashes describe the subscription as submitted, and answers the view as GET would.
import {
  ADULT_AGE,
  CANCELLED_PURGE_DAYS,
  childCalled,
  kstToday,
  KAKAO_NOTI_TERMS_ID,
  type AddHospitalBody,
  type AddHospitalsV2Body,
  type FieldError,
  type SubscriptionChangeBody,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import type { Patient } from '../../security/session.js';
import { checkHolder } from '../accounts/index.js';
import { postcodeFor } from '../address/index.js';
import { recordAccess } from '../audit/index.js';
import { recordAgreements } from '../terms/index.js';
import { findBank } from '../reference/index.js';
import { assertSamePerson, checkHospitals, invalid, NOT_SUBSCRIBED, payoutHolderErrors } from './checks.js';
import { makeDocuments } from './documents.js';
import { deleteFiles } from './files.js';
import { kakaoConsented } from './lookups.js';
import { encodePerson, guardianOf, personOf } from './person.js';
import * as repo from './repo.js';
import { liveHospitals, view } from './view.js';
import { phoneHmacOf } from '../../security/person-lookup.js';
import { ciHmacOf } from '../../security/session.js';

// ————————————————————————————————————————————— add / remove hospitals —————————————————————————————————————————————

/** POST v1 (one hospital with its agreeId) and v2 (a hospitals list) …/subscriptions/hospitals. */
export async function addHospitals(
  ctx: AppContext,
  patient: Patient,
  body: (AddHospitalBody | AddHospitalsV2Body) & { userTel: string },
  codes: { code: string; field: string }[],
) {
  assertSamePerson(patient, body);
  const row = await repo.findLiveByCiHmac(ctx.db, patient.ciHmac);
  if (!row || (body.insuApplyId && body.insuApplyId !== row.insuApplyId)) throw NOT_SUBSCRIBED();
  await makeDocuments(ctx, row.insuApplyId);
  // The body's person is the verified one: on a child's subscription, her guardian.
  const onFile = row.guardianEnc ? guardianOf(ctx, row.guardianEnc) : personOf(ctx, row.personEnc);
  if (body.userIdno2 && onFile.userIdno2 !== body.userIdno2) {
    throw new AppError('PERSON_MISMATCH', '가입할 때 입력한 주민등록번호와 달라요.', [
      { field: 'userIdno2', message: '주민등록번호 뒷자리가 가입할 때와 달라요.' },
    ]);
  }
  const seen = new Set<string>();
  const hospitals = await checkHospitals(
    ctx,
    codes.filter((c) => !seen.has(c.code) && seen.add(c.code)),
  );
  await repo.addHospitals(
    ctx.db,
    row.insuApplyId,
    hospitals.map((h) => ({ hospitalCd: h.hospitalCd, agreeId: body.agreeId || null })),
    ctx.clock.now(),
  );
  return view(ctx, patient);
}

/** DELETE …/subscriptions/hospitals: one hospital ends; the last one cannot (that is cancelling). */
export async function removeHospital(ctx: AppContext, patient: Patient, hospitalCd: string) {
  const row = await repo.findLiveByCiHmac(ctx.db, patient.ciHmac);
  if (!row) throw NOT_SUBSCRIBED();
  await makeDocuments(ctx, row.insuApplyId);
  const live = await liveHospitals(ctx, row.insuApplyId);
  if (!live.some((h) => h.hospitalCd === hospitalCd)) {
    throw new AppError('HOSPITAL_NOT_SUBSCRIBED', '자동청구하고 있는 병원이 아니에요.', [
      { field: 'hospitalCd', message: '자동청구하고 있는 병원이 아니에요.' },
    ]);
  }
  if (live.length === 1) {
    throw new AppError(
      'LAST_HOSPITAL',
      '마지막 남은 병원은 뺄 수 없어요. 자동청구를 그만두려면 자동청구 해지를 이용해 주세요.',
      [{ field: 'hospitalCd', message: '마지막 남은 병원이에요.' }],
    );
  }
  await repo.removeHospital(ctx.db, row.insuApplyId, hospitalCd, ctx.clock.now());
  return view(ctx, patient);
}

// ————————————————————————————————————————————— change / cancel —————————————————————————————————————————————

/**
 * PUT: account (checked with the bank), address, e-mail, minimum amount, and how she hears of her claims (the optional
 * 알림톡 consent: given, it is recorded as an agreement; either way her history says what she chose). `ipHmac`: the
 * caller's, for the agreement's evidence.
 */
export async function change(
  ctx: AppContext,
  patient: Patient,
  body: SubscriptionChangeBody & { bankAccount?: string },
  ipHmac = '',
) {
  const row = await repo.findLiveByCiHmac(ctx.db, patient.ciHmac);
  if (!row) throw NOT_SUBSCRIBED();
  const person = personOf(ctx, row.personEnc);
  const accountChange = body.bankCd !== undefined || body.bankAccount !== undefined;
  // From her 19th birthday a child's money is hers: her guardian no longer says where it goes (README "Children").
  if (accountChange && row.guardianEnc && row.adultOn && kstToday(ctx.clock.now()) >= row.adultOn) {
    const message = `${childCalled(person.userNm)}는 만 ${ADULT_AGE}세가 되어서 보호자가 보험금 받을 계좌를 바꿀 수 없어요. 이제 본인이 직접 본인인증을 하고 자동청구에 가입해 주세요.`;
    throw new AppError('CHILD_GROWN_UP', message, [{ field: 'bankAccount', message }]);
  }
  await makeDocuments(ctx, row.insuApplyId);
  const set: Parameters<typeof repo.updateSubscription>[2] = {};
  if (body.bankCd && body.bankAccount && body.bankAccountHolder && body.bankAccountRel) {
    const errors: FieldError[] = [];
    if (!(await findBank(ctx.db, body.bankCd))) errors.push({ field: 'bankCd', message: '은행을 다시 골라 주세요.' });
    // A child's account is hers or her guardian's (checks.ts); the insured person's name is the one on file.
    errors.push(
      ...payoutHolderErrors(body.bankAccountRel, body.bankAccountHolder, {
        insuredNm: row.guardianEnc ? person.userNm : patient.person.userNm,
        guardianNm: row.guardianEnc ? guardianOf(ctx, row.guardianEnc).userNm : undefined,
      }),
    );
    if (errors.length) throw invalid(errors);
    await checkHolder(ctx, patient, body as { bankCd: string; bankAccount: string; bankAccountHolder: string });
    Object.assign(set, {
      bankCd: body.bankCd,
      bankAccountEnc: ctx.crypto.encrypt(body.bankAccount),
      bankAccountLast4: body.bankAccount.slice(-4),
      bankAccountRel: body.bankAccountRel,
    });
    person.bankAccountHolder = body.bankAccountHolder.trim();
  }
  if (body.userAddr !== undefined) {
    person.userPostNo = body.userPostNo || (await postcodeFor(ctx, body.userAddr));
    person.userAddr = body.userAddr;
    person.userAddrDetail = body.userAddrDetail ?? '';
  } else if (body.userAddrDetail !== undefined) {
    person.userAddrDetail = body.userAddrDetail;
  }
  if (body.userEmail !== undefined) person.userEmail = body.userEmail;
  if (body.minAmt !== undefined) set.minAmt = body.minAmt;
  if (body.askUncovered !== undefined) set.askUncovered = body.askUncovered;
  if (body.batchDay !== undefined) set.batchDay = body.batchDay;
  const kakao = body.kakaoNotiCheck;
  const optTerms: unknown = typeof row.optTerms === 'string' ? JSON.parse(row.optTerms) : row.optTerms;
  const kakaoChanged = kakao !== undefined && kakao !== kakaoConsented(row.optTerms);
  if (kakaoChanged) {
    const rest = (Array.isArray(optTerms) ? (optTerms as string[]) : []).filter((id) => id !== KAKAO_NOTI_TERMS_ID);
    set.optTerms = kakao ? [...rest, KAKAO_NOTI_TERMS_ID] : rest;
    // The agreement is the verified person's (a guardian's, for her child's subscription).
    const agreedBy = row.guardianEnc ? ciHmacOf(ctx, patient.ci) : patient.ciHmac;
    if (kakao) await recordAgreements(ctx, [KAKAO_NOTI_TERMS_ID], { ciHmac: agreedBy, ipHmac });
  }
  set.personEnc = encodePerson(ctx, person);
  set.phoneHmac = person.userTel ? phoneHmacOf(ctx, person.userTel) : null;
  const now = ctx.clock.now();
  await repo.updateSubscription(ctx.db, row.insuApplyId, set, now);
  if (kakaoChanged) {
    await recordAccess(
      ctx.db,
      [
        {
          ciHmac: patient.ciHmac,
          action: 'notice_channel_changed',
          actor: row.guardianEnc ? 'guardian' : 'patient',
          detail: kakao ? 'kakao' : 'sms',
        },
      ],
      now,
    );
  }
  return view(ctx, patient);
}

/**
 * DELETE: cancels now (ID photo, signature and the documents drawn with it, ID numbers, account number deleted at
 * once); the row goes at purge.
 */
export async function cancel(ctx: AppContext, patient: Patient, ended?: (insuApplyId: string) => Promise<void>) {
  const row = await repo.findLiveByCiHmac(ctx.db, patient.ciHmac);
  if (!row) throw NOT_SUBSCRIBED();
  await makeDocuments(ctx, row.insuApplyId);
  const now = ctx.clock.now();
  const files = await repo.cancelSubscription(
    ctx.db,
    row.insuApplyId,
    now,
    new Date(now.getTime() + CANCELLED_PURGE_DAYS * 86_400_000),
  );
  await deleteFiles(ctx, files);
  await ended?.(row.insuApplyId);
  return view(ctx, patient);
}
