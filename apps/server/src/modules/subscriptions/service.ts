// The rules of subscribing (spec §3, §4; DESIGN §4-5): the person is the verified one, hospitals and insurers exist
// and take automatic claims, each insurer's consent is given, the ID photo and signature are real images (stored
// re-encoded and encrypted), the payout account's holder is checked with the bank, and one person has at most one
// live subscription however often the button is tapped.
import { createHash, randomBytes } from 'node:crypto';
import {
  CANCELLED_PURGE_DAYS,
  contractDates,
  kstToday,
  legalFormData,
  DEFAULT_HOSPITAL_CD,
  MAX_PHOTO_BYTES,
  SELF_REL,
  insurerIdcardType,
  maskAccount,
  maskEmail,
  maskName,
  maskPhone,
  maskRrn,
  sameName,
  SIGN_TYPED_MISMATCH,
  type AddHospitalBody,
  type AddHospitalsV2Body,
  type FieldError,
  type SubscriptionChangeBody,
  type SubscriptionConfirm,
  type SubscriptionReg,
  type SubscriptionSummary,
  type SubscriptionView,
} from '@auto-claim/contract';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { SubscriptionTable } from '../../db/schema.js';
import { legalFormPdf, type ClaimDocumentData } from '../../documents/index.js';
import type { ErrorCode } from '../../http/errors.js';
import { AppError } from '../../http/problem.js';
import { checkImage, checkSignature, reencodePhoto, typedSignaturePng } from '../../images/index.js';
import type { Patient } from '../../security/session.js';
import { checkHolder } from '../accounts/index.js';
import { postcodeFor } from '../address/index.js';
import { findBank, findJob, hospitalsByCode, insurersByCode, photoControlsOf, bankNameOf } from '../reference/index.js';
import { requiredTerms } from '../terms/index.js';
import { storedSignature } from './lookups.js';
import { encodePerson, personOf, rrnHmacOf } from './person.js';
import * as repo from './repo.js';
import type { SubscriptionIdcard, SubscriptionPerson, SubscriptionRow } from './repo.js';
import { own } from '../../db/handle.js';
import type { SubscriptionsTables } from './tables.js';

// ————————————————————————————————————————————— errors —————————————————————————————————————————————

const invalid = (errors: FieldError[], code: ErrorCode = 'VALIDATION_FAILED') =>
  new AppError(code, errors.length === 1 ? errors[0]!.message : '입력한 내용을 확인해 주세요.', errors);
const NOT_SUBSCRIBED = () => new AppError('NOT_SUBSCRIBED', '가입된 자동청구가 없어요. 먼저 자동청구에 가입해 주세요.');

/** The name, birthday, sex and phone in a body must be the verified person's (DESIGN §4). */
export function assertSamePerson(
  patient: Patient,
  body: { userNm: string; birthday: string; sex?: 'M' | 'F'; userTel: string },
) {
  const p = patient.person;
  const errors: FieldError[] = [];
  const differs = (field: string, what: string) =>
    errors.push({ field, message: `${what}이 본인인증한 정보와 달라요. 본인인증한 그대로 입력해 주세요.` });
  if (!sameName(body.userNm, p.userNm)) differs('userNm', '이름');
  if (body.birthday !== p.birthday) differs('birthday', '생년월일');
  if (body.sex !== undefined && body.sex !== p.sex) differs('sex', '성별');
  if (body.userTel !== p.userTel) differs('userTel', '휴대폰 번호');
  if (errors.length) {
    throw new AppError('PERSON_MISMATCH', '본인인증한 사람의 정보로만 신청할 수 있어요.', errors);
  }
}

// ————————————————————————————————————————————— the view —————————————————————————————————————————————

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
  return known.map((i) => ({
    insuCompCd: i.insuCompCd,
    insuCompNm: i.insuCompNm,
    idcardTypeCode: rows.find((r) => r.insuCompCd === i.insuCompCd)!.idcardTypeCode,
  }));
}

type Known = {
  hospitals: Awaited<ReturnType<typeof liveHospitals>>;
  insurers: Awaited<ReturnType<typeof insurersOf>>;
  bankNm: string;
};

/** The masked summary of a row; `known`: its hospitals, insurers and bank as the caller already has them. */
async function summaryOf(ctx: AppContext, row: SubscriptionRow, known?: Known): Promise<SubscriptionSummary> {
  const person = personOf(ctx, row.personEnc);
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
    retroMonth: row.retroMonth,
    bankCd: row.bankCd ?? '',
    bankNm,
    bankAccountMasked: row.bankAccountLast4 ? `****${row.bankAccountLast4}` : '',
    bankAccountHolderMasked: person.bankAccountHolder ? maskName(person.bankAccountHolder) : '',
    bankAccountRel: row.bankAccountRel ?? '',
    idcardType: row.idcardType ?? '',
    hasIdcardImg: row.idcardImgEnc !== null,
    insurers: insurers.map((i) => ({ ...i, idcardTypeCode: i.idcardTypeCode ?? '' })),
    hospitals: hospitals.map((h) => ({
      hospitalCd: h.hospitalCd,
      hospitalNm: h.hospitalNm,
      subscribedAt: new Date(h.subscribedAt).toISOString(),
    })),
    contractStartDate: row.contractStartDate,
    contractEndDate: row.contractEndDate,
    createdAt: new Date(row.createdAt).toISOString(),
    cancelledAt: row.cancelledAt ? new Date(row.cancelledAt).toISOString() : null,
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

// ————————————————————————————————————————————— subscribe —————————————————————————————————————————————

/** Hospitals must exist and take automatic claims; `fields` names where each code came from. */
async function checkHospitals(ctx: AppContext, codes: { code: string; field: string }[]) {
  const found = new Map(
    (
      await hospitalsByCode(
        ctx.db,
        codes.map((c) => c.code),
      )
    ).map((h) => [h.hospitalCd, h]),
  );
  const errors: FieldError[] = [];
  for (const { code, field } of codes) {
    const h = found.get(code);
    if (!h) errors.push({ field, message: '병원 정보를 찾을 수 없어요. 병원을 다시 골라 주세요.' });
    else if (!h.autoClaimEnabled)
      errors.push({ field, message: `${h.hospitalNm}은(는) 아직 자동청구를 하지 않는 병원이에요.` });
  }
  if (errors.length) throw invalid(errors, 'HOSPITAL_NOT_AVAILABLE');
  return codes.map((c) => found.get(c.code)!);
}

const unique = <T>(xs: T[]) => [...new Set(xs)];

const ID_TYPE_NM: Record<string, string> = { ic: '주민등록증', dl: '운전면허증', pp: '여권' };

/** Everything about a reg that is checked against the database and the bank, before anything is written. */
async function checkReg(
  ctx: AppContext,
  patient: Patient,
  reg: SubscriptionReg,
  hospitalCodes: { code: string; field: string }[],
) {
  const hospitals = await checkHospitals(ctx, hospitalCodes);

  const insurerCodes = unique([reg.insuCompCd, ...(reg.insuCompCds ?? [])]);
  const insurers = new Map((await insurersByCode(ctx.db, insurerCodes)).map((i) => [i.insuCompCd, i]));
  const errors: FieldError[] = [];
  insurerCodes.forEach((code, i) => {
    const ins = insurers.get(code);
    if (!ins || !ins.active) {
      errors.push({
        field: i === 0 ? 'insuCompCd' : `insuCompCds.${i - 1}`,
        message: '보험사 정보를 찾을 수 없어요. 보험사를 다시 골라 주세요.',
      });
    }
  });
  if (errors.length) throw invalid(errors, 'INSURER_NOT_FOUND');

  // Required terms: SERVICE and LMHC_SUBS in termsIds (or agreeIds), each insurer's INSU_CLAIM consent in agreeIds.
  const agreed = new Set([...reg.termsIds, ...reg.agreeIds]);
  for (const t of await requiredTerms(ctx.db, kstToday(ctx.clock.now()), ['SERVICE', 'LMHC_SUBS', 'INSU_CLAIM'])) {
    if (t.termsGroup === 'INSU_CLAIM') {
      if (t.insuCompCd && insurerCodes.includes(t.insuCompCd) && !reg.agreeIds.includes(t.termsId)) {
        errors.push({
          field: 'agreeIds',
          message: `${insurers.get(t.insuCompCd)!.insuCompNm} 보험금 청구 동의가 필요해요.`,
        });
      }
    } else if (!agreed.has(t.termsId)) {
      errors.push({ field: 'termsIds', message: `필수 약관에 동의해 주세요: ${t.title}` });
    }
  }

  // The ID photo: required when an insurer takes one, of a type every such insurer accepts.
  const rules = await photoControlsOf(ctx.db, insurerCodes);
  const photoNeeded = [...rules.values()].some((r) => r.idPhotoUse);
  if (photoNeeded && !reg.idcardImg) {
    errors.push({ field: 'idcardImg', message: '신분증 사진을 올려 주세요.' });
  }
  if (reg.idcardImg && reg.idcardType) {
    for (const [code, rule] of rules) {
      if (rule.idPhotoUse && !rule.idPhotoTypes.includes(reg.idcardType)) {
        errors.push({
          field: 'idcardType',
          message: `${insurers.get(code)!.insuCompNm}은(는) ${ID_TYPE_NM[reg.idcardType]}을(를) 받지 않아요. 다른 신분증으로 올려 주세요.`,
        });
      }
    }
  }

  const bank = await findBank(ctx.db, reg.bankCd);
  if (!bank) errors.push({ field: 'bankCd', message: '은행을 다시 골라 주세요.' });
  const job = reg.jobCd ? await findJob(ctx.db, reg.jobCd) : undefined;
  if (reg.jobCd && !job) errors.push({ field: 'jobCd', message: '직업을 다시 골라 주세요.' });
  if (reg.bankAccountRel === SELF_REL && !sameName(reg.bankAccountHolder, patient.person.userNm)) {
    errors.push({ field: 'bankAccountHolder', message: '본인 계좌라면 예금주가 본인 이름과 같아야 해요.' });
  }
  if (errors.length) throw invalid(errors);

  // Images last: they cost the most.
  const idcardImg = reg.idcardImg
    ? await reencodePhoto(
        await checkImage(reg.idcardImg, {
          field: 'idcardImg',
          what: '신분증 사진',
          maxBytes: MAX_PHOTO_BYTES,
          allow: ['jpeg', 'png'],
        }),
        'idcardImg',
      )
    : null;
  const signature = (await signatureOf(patient, reg))!;

  // The bank, after everything local has passed.
  await checkHolder(ctx, patient, {
    bankCd: reg.bankCd,
    bankAccount: reg.bankAccount,
    bankAccountHolder: reg.bankAccountHolder,
  });

  return {
    hospitals,
    insurers: insurerCodes.map((c) => insurers.get(c)!),
    /** In the insurers' display order (insurersOf's). */
    insurersInOrder: [...insurers.values()],
    bankNm: bank!.bankNm,
    jobNm: job?.jobNm ?? reg.jobNm ?? '',
    idcardImg,
    signImg: signature.png,
    signMethod: signature.method,
  };
}

/**
 * The signature as the documents show it and how it was made (README "Accessibility and older patients"): typed, when
 * signTypedNm is the verified person's name (drawn here in the documents' font), else the drawn pad checked; none
 * when neither was sent (a document previewed before signing).
 */
export async function signatureOf(
  patient: Patient,
  body: { signImg?: string; signTypedNm?: string },
): Promise<{ png: Buffer; method: 'drawn' | 'typed' } | undefined> {
  if (body.signTypedNm) {
    if (!sameName(body.signTypedNm, patient.person.userNm)) {
      throw invalid([{ field: 'signTypedNm', message: SIGN_TYPED_MISMATCH }]);
    }
    return { png: await typedSignaturePng(patient.person.userNm), method: 'typed' };
  }
  if (!body.signImg) return undefined;
  return { png: await checkSignature(body.signImg, 'signImg'), method: 'drawn' };
}

/**
 * The RRN typed is bound to the verified person (docs/providers/rrn-check.md): no other person's live subscription has
 * it, and the vendor does not say it is someone else's. Answers whether the vendor confirmed it; an unchecked or
 * unanswered RRN subscribes unconfirmed, and records matched only by it are then held for the patient.
 */
async function checkRrn(
  ctx: AppContext,
  patient: Patient,
  rrn: string,
): Promise<{ rrnHmac: string; confirmed: boolean }> {
  const rrnHmac = rrnHmacOf(ctx, rrn);
  const holder = await repo.findLiveByRrnHmac(ctx.db, rrnHmac);
  if (holder && holder.ciHmac !== patient.ciHmac) throw RRN_IN_USE();
  let verdict;
  try {
    verdict = await ctx.providers.rrnCheck.verify({ name: patient.person.userNm.trim(), rrn, ci: patient.ci });
  } catch (err) {
    ctx.log.warn({ vendor: ctx.providers.rrnCheck.name, reason: (err as Error).name }, 'RRN check not answered');
    verdict = 'unavailable' as const;
  }
  if (verdict === 'mismatch') {
    throw new AppError('RRN_MISMATCH', '주민등록번호가 본인인증한 분의 것이 아니에요.', [
      {
        field: 'userIdno2',
        message: '본인인증한 분의 주민등록번호가 아니에요. 주민등록번호 뒷자리를 다시 확인해 주세요.',
      },
    ]);
  }
  return { rrnHmac, confirmed: verdict === 'confirmed' };
}

const RRN_IN_USE = () =>
  new AppError('RRN_IN_USE', '이 주민등록번호로 이미 다른 분이 자동청구에 가입되어 있어요.', [
    {
      field: 'userIdno2',
      message: '다른 분이 이미 쓰고 있는 주민등록번호예요. 본인의 주민등록번호 뒷자리가 맞는지 확인해 주세요.',
    },
  ]);

const newApplyId = (now: Date) => `AC${kstToday(now)}${randomBytes(5).toString('hex').toUpperCase()}`;
const sha256hex = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';
/** The unique index that keeps one RRN to one live subscription (0011_record_identity). */
const isRrnTaken = (e: unknown) =>
  (e as { constraint?: string })?.constraint === 'subscription_live_rrn' ||
  String((e as Error)?.message).includes('subscription_live_rrn');

export interface SubscribeResult {
  created: boolean;
  view: SubscriptionView;
}

/**
 * POST v1 (outer: the hospital of hospitalCd) and v2 (inner: the hospitals of multiSubscrib). With an
 * Idempotency-Key a retry gets the first answer back; without one a second tap meets the live subscription (409).
 * Concurrent taps race to the unique index subscription_live_ci, and only one wins.
 */
export async function subscribe(
  ctx: AppContext,
  patient: Patient,
  reg: SubscriptionReg,
  opts: { mode: 'inner' | 'outer'; idempotencyKey?: string },
): Promise<SubscribeResult> {
  assertSamePerson(patient, reg);
  const keyHmac = opts.idempotencyKey ? ctx.crypto.hmac('idempotency', opts.idempotencyKey) : null;

  const replay = async () => {
    const row = keyHmac ? await repo.findByIdempotencyKey(ctx.db, patient.ciHmac, keyHmac) : undefined;
    return row
      ? { created: false, view: { subscriptionStatus: row.status, subscription: await summaryOf(ctx, row) } }
      : undefined;
  };
  const alreadySubscribed = () =>
    new AppError('ALREADY_SUBSCRIBED', '이미 자동청구에 가입되어 있어요. 병원을 더하려면 병원 추가를 이용해 주세요.');

  const earlier = await replay();
  if (earlier) return earlier;
  if (await repo.findLiveByCiHmac(ctx.db, patient.ciHmac)) throw alreadySubscribed();

  const hospitalCodes =
    opts.mode === 'outer'
      ? [
          { code: reg.hospitalCd, field: 'hospitalCd' },
          ...reg.multiSubscrib.map((code, i) => ({ code, field: `multiSubscrib.${i}` })),
        ]
      : [
          ...reg.multiSubscrib.map((code, i) => ({ code, field: `multiSubscrib.${i}` })),
          ...(reg.hospitalCd !== DEFAULT_HOSPITAL_CD ? [{ code: reg.hospitalCd, field: 'hospitalCd' }] : []),
        ];
  if (opts.mode === 'outer' && reg.hospitalCd === DEFAULT_HOSPITAL_CD) {
    throw invalid([{ field: 'hospitalCd', message: '자동청구할 병원을 골라 주세요.' }]);
  }
  const seen = new Set<string>();
  const distinct = hospitalCodes.filter((h) => !seen.has(h.code) && seen.add(h.code));
  const checked = await checkReg(ctx, patient, reg, distinct);
  const rrn = await checkRrn(ctx, patient, reg.birthday.slice(2) + reg.userIdno2);

  const now = ctx.clock.now();
  const dates = contractDates(now);
  const person: SubscriptionPerson = {
    userNm: patient.person.userNm,
    birthday: reg.birthday,
    sex: reg.sex,
    userIdno2: reg.userIdno2,
    userTel: reg.userTel,
    userEmail: reg.userEmail ?? '',
    userPostNo: reg.userPostNo || (await postcodeFor(ctx, reg.userAddr)),
    userAddr: reg.userAddr,
    userAddrDetail: reg.userAddrDetail ?? '',
    jobNm: checked.jobNm,
    bankAccountHolder: reg.bankAccountHolder,
  };
  const idcard: SubscriptionIdcard | null = reg.idcardType
    ? {
        idcardIssueDate: reg.idcardIssueDate ?? '',
        idcardIssueOrg: reg.idcardIssueOrg ?? '',
        regNo: reg.regNo ?? '',
        checkCd: reg.checkCd ?? '',
      }
    : null;
  const insuApplyId = newApplyId(now);
  const idcardType = reg.idcardType || null;
  const values: Insertable<SubscriptionTable> & SubscriptionRow = {
    insuApplyId,
    ciHmac: patient.ciHmac,
    ciEnc: ctx.crypto.encrypt(patient.ci),
    status: 'subscribe',
    prcMode: opts.mode,
    personEnc: encodePerson(ctx, person),
    insuCompCd: checked.insurers[0]!.insuCompCd,
    bankCd: reg.bankCd,
    bankAccountEnc: ctx.crypto.encrypt(reg.bankAccount),
    bankAccountLast4: reg.bankAccount.slice(-4),
    bankAccountRel: reg.bankAccountRel,
    minAmt: reg.minAmt,
    retroMonth: reg.retroMonth,
    jobCd: reg.jobCd || null,
    idcardType: reg.idcardType || null,
    idcardEnc: idcard ? ctx.crypto.encryptJson(idcard) : null,
    idcardImgEnc: checked.idcardImg ? ctx.crypto.encrypt(checked.idcardImg.toString('base64')) : null,
    signImgEnc: ctx.crypto.encrypt(checked.signImg.toString('base64')),
    signMethod: checked.signMethod,
    termsIds: JSON.stringify(reg.termsIds) as unknown as string[],
    optTerms: JSON.stringify(reg.optTerms) as unknown as string[],
    goodsSubsId: reg.goodsSubsId || null,
    repeatWeek: reg.repeatWeek ? Number(reg.repeatWeek) : null,
    repeatDay: reg.repeatDay ? Number(reg.repeatDay) : null,
    applyChannel: reg.applyChannel || null,
    applyOrg: reg.applyOrg || null,
    postCenter: reg.postCenter || null,
    // Made after the commit by the documents job (makeDocuments), from what this row stores.
    commissionSha256: null,
    consentSha256: null,
    idempotencyKeyHmac: keyHmac,
    rrnHmac: rrn.rrnHmac,
    rrnConfirmedAt: rrn.confirmed ? now : null,
    rrnCheckVendor: rrn.confirmed ? ctx.providers.rrnCheck.name : null,
    ...dates,
    createdAt: now,
    updatedAt: now,
    cancelledAt: null,
    purgeAt: null,
  };
  const insurerRows = checked.insurers.map((i) => ({
    insuCompCd: i.insuCompCd,
    agreeIds: reg.agreeIds.filter((a) => a.includes(i.insuCompCd)),
    idcardTypeCode: idcardType ? insurerIdcardType(i.insuCompCd, idcardType) : null,
  }));
  try {
    await own<SubscriptionsTables>(ctx.db)
      .transaction()
      .execute(async (trx) => {
        await repo.insertSubscription(
          trx,
          values,
          checked.hospitals.map((h) => ({ hospitalCd: h.hospitalCd, agreeId: null })),
          insurerRows,
        );
        // In the same transaction: the job exists exactly when the subscription does, and survives a crash.
        await ctx.jobs.send(DOCUMENTS_QUEUE, { insuApplyId }, { db: trx });
      });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    if (isRrnTaken(e)) throw RRN_IN_USE();
    // Lost the race to a concurrent tap: the same key gets that answer, any other request the conflict.
    const winner = await replay();
    if (winner) return winner;
    throw alreadySubscribed();
  }
  // The answer from what was just written: the same as GET's, without reading it all back.
  const byCode = new Map(insurerRows.map((i) => [i.insuCompCd, i.idcardTypeCode]));
  const summary = await summaryOf(ctx, values, {
    hospitals: checked.hospitals
      .map((h) => ({ hospitalCd: h.hospitalCd, hospitalNm: h.hospitalNm, subscribedAt: now, insuApplyId }))
      .sort((a, b) => (a.hospitalNm < b.hospitalNm ? -1 : a.hospitalNm > b.hospitalNm ? 1 : 0)),
    insurers: checked.insurersInOrder.map((i) => ({
      insuCompCd: i.insuCompCd,
      insuCompNm: i.insuCompNm,
      idcardTypeCode: byCode.get(i.insuCompCd) ?? null,
    })),
    bankNm: checked.bankNm,
  });
  return { created: true, view: { subscriptionStatus: 'subscribe', subscription: summary } };
}

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
  if (body.userIdno2 && personOf(ctx, row.personEnc).userIdno2 !== body.userIdno2) {
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

/** PUT: account (checked with the bank), address, e-mail, minimum amount. */
export async function change(
  ctx: AppContext,
  patient: Patient,
  body: SubscriptionChangeBody & { bankAccount?: string },
) {
  const row = await repo.findLiveByCiHmac(ctx.db, patient.ciHmac);
  if (!row) throw NOT_SUBSCRIBED();
  await makeDocuments(ctx, row.insuApplyId);
  const person = personOf(ctx, row.personEnc);
  const set: Parameters<typeof repo.updateSubscription>[2] = {};
  if (body.bankCd && body.bankAccount && body.bankAccountHolder && body.bankAccountRel) {
    const errors: FieldError[] = [];
    if (!(await findBank(ctx.db, body.bankCd))) errors.push({ field: 'bankCd', message: '은행을 다시 골라 주세요.' });
    if (body.bankAccountRel === SELF_REL && !sameName(body.bankAccountHolder, patient.person.userNm)) {
      errors.push({ field: 'bankAccountHolder', message: '본인 계좌라면 예금주가 본인 이름과 같아야 해요.' });
    }
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
  set.personEnc = encodePerson(ctx, person);
  await repo.updateSubscription(ctx.db, row.insuApplyId, set, ctx.clock.now());
  return view(ctx, patient);
}

/** DELETE: cancels now (ID photo, signature, ID numbers, account number deleted at once); the row goes at purge. */
export async function cancel(ctx: AppContext, patient: Patient) {
  const row = await repo.findLiveByCiHmac(ctx.db, patient.ciHmac);
  if (!row) throw NOT_SUBSCRIBED();
  await makeDocuments(ctx, row.insuApplyId);
  const now = ctx.clock.now();
  await own<SubscriptionsTables>(ctx.db)
    .transaction()
    .execute((trx) =>
      repo.cancelSubscription(trx, row.insuApplyId, now, new Date(now.getTime() + CANCELLED_PURGE_DAYS * 86_400_000)),
    );
  return view(ctx, patient);
}

// ————————————————————————————————————————————— documents —————————————————————————————————————————————

/** The data a power of attorney / consent shows, from a person's stored or typed details. */
export function documentData(
  d: Parameters<typeof legalFormData>[0] & { signPng?: Uint8Array; signTyped?: boolean },
): ClaimDocumentData {
  return { ...legalFormData(d), signPng: d.signPng, ...(d.signTyped ? { signTyped: true } : {}) };
}

/** pg-boss queue of the signed 위임장 and 동의서 (README, Subscriptions): `{ insuApplyId }`, nothing personal. */
export const DOCUMENTS_QUEUE = 'subscriptions.documents';

type DocumentRow = Pick<
  SubscriptionRow,
  'insuApplyId' | 'personEnc' | 'retroMonth' | 'contractStartDate' | 'contractEndDate' | 'signImgEnc' | 'signMethod'
>;

/** What the documents of a stored subscription show: its person, live hospitals, insurers, dates and signature. */
export async function storedDocumentData(ctx: AppContext, row: DocumentRow): Promise<ClaimDocumentData> {
  const [hospitals, insurers, signPng] = await Promise.all([
    liveHospitals(ctx, row.insuApplyId),
    insurersOf(ctx, row.insuApplyId),
    storedSignature(ctx, row.signImgEnc),
  ]);
  return documentData({
    person: personOf(ctx, row.personEnc),
    hospitals,
    insurers,
    retroMonth: row.retroMonth,
    contractStartDate: row.contractStartDate,
    contractEndDate: row.contractEndDate,
    signPng,
    signTyped: row.signMethod === 'typed',
  });
}

/**
 * Makes the 위임장 and 동의서 a subscription was signed with and keeps their SHA-256, once: the documents job, the
 * engine's minute tick (a job lost before its commit), and, on demand, anything that reads them or is about to change
 * what they show (a document download, a change of address or account, hospitals added or removed, cancelling), so
 * the hashes always describe the subscription as submitted. Idempotent: the bytes are deterministic for the same row
 * (documents/pdf.ts), and only the first writer's hashes are kept. Answers the bytes when it made them, undefined when
 * they were made before (or the subscription is gone, or its signature was deleted).
 */
export async function makeDocuments(
  ctx: AppContext,
  insuApplyId: string,
): Promise<{ commission: Uint8Array; agree: Uint8Array } | undefined> {
  const row = await own<SubscriptionsTables>(ctx.db)
    .selectFrom('subscription')
    .select([
      'insuApplyId',
      'personEnc',
      'retroMonth',
      'contractStartDate',
      'contractEndDate',
      'signImgEnc',
      'signMethod',
      'commissionSha256',
    ])
    .where('insuApplyId', '=', insuApplyId)
    .executeTakeFirst();
  if (!row || row.commissionSha256 !== null || row.signImgEnc === null) return undefined;
  const data = await storedDocumentData(ctx, row);
  const [commission, agree] = await Promise.all([
    legalFormPdf(ctx.pdf, 'commission', data),
    legalFormPdf(ctx.pdf, 'agree', data),
  ]);
  await repo.recordDocumentHashes(ctx.db, insuApplyId, sha256hex(commission), sha256hex(agree));
  return { commission, agree };
}

/** Live subscriptions whose documents are not made yet (the minute tick's safety net), oldest first. */
export const pendingDocuments = (ctx: AppContext, limit = 50) => repo.pendingDocumentIds(ctx.db, limit);
