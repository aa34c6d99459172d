// Subscribing (spec §3, §4; DESIGN §4-5): hospitals and insurers exist and take automatic claims, each insurer's
// consent is given, the ID photo and signature are real images (stored re-encoded and encrypted), the payout
// account's holder is checked with the bank, the RRN is the verified person's, and one person has at most one live
// subscription however often the button is tapped.
import { randomBytes } from 'node:crypto';
import {
  contractDates,
  kstToday,
  DEFAULT_HOSPITAL_CD,
  SELF_REL,
  insurerIdcardType,
  sameName,
  type FieldError,
  type SubscriptionReg,
  type SubscriptionView,
} from '@auto-claim/contract';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { SubscriptionTable } from '../../db/schema.js';
import { AppError } from '../../http/problem.js';
import type { Patient } from '../../security/session.js';
import { checkHolder } from '../accounts/index.js';
import { postcodeFor } from '../address/index.js';
import { findBank, findJob, insurersByCode, photoControlsOf } from '../reference/index.js';
import { requiredTerms } from '../terms/index.js';
import { assertSamePerson, checkHospitals, invalid, signatureOf } from './checks.js';
import { DOCUMENTS_QUEUE } from './documents.js';
import { deleteFiles, putFile } from './files.js';
import { encodePerson, rrnHmacOf } from './person.js';
import { idPhotoOf } from './photo.js';
import { own } from '../../db/handle.js';
import * as repo from './repo.js';
import type { SubscriptionIdcard, SubscriptionPerson, SubscriptionRow } from './repo.js';
import type { SubscriptionsTables } from './tables.js';
import { summaryOf } from './view.js';
import { phoneHmacOf } from '../../security/person-lookup.js';

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
  const idcardImg = reg.idcardImg ? await idPhotoOf(ctx, patient, reg.idcardImg) : null;
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
  if (await repo.findLiveByCiHmac(ctx.db, patient.ciHmac)) {
    // A concurrent tap with the same key may have committed between the two reads: it gets that answer.
    const winner = await replay();
    if (winner) return winner;
    throw alreadySubscribed();
  }

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
    telecomType: patient.person.telecomType,
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
  // The files go to the blob store first; the row names them (files.ts). Deleted again below if the row is not written.
  const [photo, sign] = await Promise.all([
    !checked.idcardImg
      ? undefined
      : 'kept' in checked.idcardImg
        ? checked.idcardImg.kept
        : putFile(ctx, 'id-photo', checked.idcardImg.bytes),
    putFile(ctx, 'signature', checked.signImg),
  ]);
  const values: Insertable<SubscriptionTable> & SubscriptionRow = {
    insuApplyId,
    ciHmac: patient.ciHmac,
    ciEnc: ctx.crypto.encrypt(patient.ci),
    status: 'subscribe',
    prcMode: opts.mode,
    personEnc: encodePerson(ctx, person),
    phoneHmac: person.userTel ? phoneHmacOf(ctx, person.userTel) : null,
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
    idcardImgEnc: null,
    signImgEnc: null,
    idcardImgBlobId: photo?.blobId ?? null,
    idcardImgSha256: photo?.sha256 ?? null,
    idcardImgKeyId: photo?.keyId ?? null,
    signImgBlobId: sign.blobId,
    signImgSha256: sign.sha256,
    signImgKeyId: sign.keyId,
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
    // A copy the OCR call kept is left to the orphan sweep: a concurrent twin of this call may have named it.
    await deleteFiles(ctx, [checked.idcardImg && 'kept' in checked.idcardImg ? null : photo?.blobId, sign.blobId]);
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
