// Subscribing (spec §3, §4; DESIGN §4-5): hospitals and insurers exist and take automatic claims, each insurer's
// consent is given, the ID photo and signature are real images (stored re-encoded and encrypted), the payout
// account's holder is checked with the bank, the RRN is the verified person's, and one person has at most one live
// subscription however often the button is tapped.
import { randomBytes } from 'node:crypto';
import {
  ADULT_AGE,
  CANCELLED_PURGE_DAYS,
  CHILD_PROBLEMS,
  MAX_CHILDREN_PER_GUARDIAN,
  adultOn,
  childCalled,
  contractDates,
  isMinor,
  kstToday,
  DEFAULT_HOSPITAL_CD,
  insurerIdcardType,
  insurerTakesIdcardType,
  IDCARD_TYPE_NM,
  SOURCE_LANG,
  type ChildReg,
  type FieldError,
  type PolicyGeneration,
  type SubscriptionReg,
  type SubscriptionView,
  withParticle,
} from '@auto-claim/contract';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import type { Patient } from '../../security/session.js';
import { checkHolder } from '../accounts/index.js';
import { recordAccess } from '../audit/index.js';
import { postcodeFor } from '../address/index.js';
import { findBank, findJob, insurersByCode, photoControlsOf } from '../reference/index.js';
import { requiredTerms } from '../terms/index.js';
import { assertSamePerson, checkHospitals, invalid, payoutHolderErrors, signatureOf } from './checks.js';
import { tellGuardianGrownUp } from './child-notices.js';
import { liveChildCount } from './children.js';
import { recordDispute } from './disputes.js';
import { DOCUMENTS_QUEUE } from './documents.js';
import { grantedHandoff, spendGrant } from './desk.js';
import { deleteDraft } from './drafts.js';
import { tellEnrolled } from './enrol-notice.js';
import { deleteFiles, putFile, type FileRef } from './files.js';
import { childKeyOf, encodeGuardian, encodePerson, rrnHmacOf, type GuardianPerson } from './person.js';
import { idPhotoOf } from './photo.js';
import * as repo from './repo.js';
import type { SubscriptionIdcard, SubscriptionPerson, SubscriptionRow } from './repo.js';
import { subscriptionsDb, type SubscriptionTable } from './tables.js';
import { summaryOf } from './view.js';
import { birthHmacOf, nameHmacOf, phoneHmacOf } from '../../security/person-lookup.js';

const unique = <T>(xs: T[]) => [...new Set(xs)];

/** Everything about a reg that is checked against the database and the bank, before anything is written. */
async function checkReg(
  ctx: AppContext,
  patient: Patient,
  reg: SubscriptionReg,
  hospitalCodes: { code: string; field: string }[],
  /** The insured person's name, and in the child case her guardian's (the verified person's). */
  names: { insuredNm: string; guardianNm?: string },
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
      if (
        rule.idPhotoUse &&
        (!rule.idPhotoTypes.includes(reg.idcardType) || !insurerTakesIdcardType(code, reg.idcardType))
      ) {
        errors.push({
          field: 'idcardType',
          message: `${withParticle(insurers.get(code)!.insuCompNm, '은/는')} ${withParticle(IDCARD_TYPE_NM[reg.idcardType], '을/를')} 받지 않아요. 다른 신분증으로 올려 주세요.`,
        });
      }
    }
  }

  const bank = await findBank(ctx.db, reg.bankCd);
  if (!bank) errors.push({ field: 'bankCd', message: '은행을 다시 골라 주세요.' });
  const job = reg.jobCd ? await findJob(ctx.db, reg.jobCd) : undefined;
  if (reg.jobCd && !job) errors.push({ field: 'jobCd', message: '직업을 다시 골라 주세요.' });
  errors.push(...payoutHolderErrors(reg.bankAccountRel, reg.bankAccountHolder, names));
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
  // The 7th digit was verified by SMS (its century, sex and whether she is a foreign resident: 5–8 is a
  // 외국인등록번호): the number must carry that digit, not another that fits the same birthday and sex (1 for 5).
  const regDigit = patient.person.regDigit;
  if (regDigit && rrn.charAt(6) !== regDigit) {
    throw new AppError('PERSON_MISMATCH', '본인인증한 분의 등록번호가 아니에요.', [
      {
        field: 'userIdno2',
        message: `뒷자리 첫 숫자는 본인인증 때 입력하신 숫자(${regDigit})와 같아야 해요. 신분증의 번호를 다시 확인해 주세요.`,
      },
    ]);
  }
  const rrnHmac = rrnHmacOf(ctx, rrn);
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

const RRN_IN_USE = (heldByGuardian = false) =>
  new AppError(
    'RRN_IN_USE',
    heldByGuardian
      ? '보호자가 이 주민등록번호로 이미 자녀 자동청구에 가입해 두었어요. 한 사람은 한 번만 가입할 수 있어서, 운영자가 확인할 수 있게 접수해 두었어요.'
      : '이 주민등록번호로 이미 다른 분이 자동청구에 가입되어 있어요.',
    [
      {
        field: 'userIdno2',
        message: '다른 분이 이미 쓰고 있는 주민등록번호예요. 본인의 주민등록번호 뒷자리가 맞는지 확인해 주세요.',
      },
    ],
  );

const DESK_GRANT_SPENT = () =>
  invalid(
    [
      {
        field: 'deskGrant',
        message: '접수대에서 받은 연결은 이미 다른 가입에 쓰였어요. 접수대에 새 QR 코드를 부탁해 주세요.',
      },
    ],
    'DESK_GRANT_INVALID',
  );

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

/** Whom a subscription insures: the verified person herself (the spec's case), or a child she is the guardian of. */
interface Insured {
  /** The subscription's key: the CI's keyed hash, or the guardian-and-child key (childKeyOf). */
  ciHmac: string;
  userNm: string;
  birthday: string;
  sex: 'M' | 'F';
  userIdno2: string;
  rrnHmac: string;
  child?: ChildReg & { adultOn: string };
}

function insuredOf(ctx: AppContext, patient: Patient, reg: SubscriptionReg): Insured {
  const c = reg.child;
  if (!c) {
    return {
      ciHmac: patient.ciHmac,
      userNm: patient.person.userNm,
      birthday: reg.birthday,
      sex: reg.sex,
      userIdno2: reg.userIdno2,
      rrnHmac: rrnHmacOf(ctx, reg.birthday.slice(2) + reg.userIdno2),
    };
  }
  const errors: FieldError[] = [];
  if (!isMinor(c.birthday, ctx.clock.now())) {
    throw new AppError('CHILD_TOO_OLD', CHILD_PROBLEMS.CHILD_TOO_OLD, [
      { field: 'child.birthday', message: `만 ${ADULT_AGE}세가 되지 않은 자녀만 보호자가 가입할 수 있어요.` },
    ]);
  }
  const rrn = c.birthday.slice(2) + c.userIdno2;
  if (rrn === reg.birthday.slice(2) + reg.userIdno2) {
    errors.push({
      field: 'child.userIdno2',
      message: '보호자 본인의 주민등록번호예요. 자녀의 주민등록번호를 입력해 주세요.',
    });
  }
  if (errors.length) throw invalid(errors);
  return {
    ciHmac: childKeyOf(ctx, patient.ciHmac, rrn),
    userNm: c.userNm,
    birthday: c.birthday,
    sex: c.sex,
    userIdno2: c.userIdno2,
    rrnHmac: rrnHmacOf(ctx, rrn),
    child: { ...c, adultOn: adultOn(c.birthday) },
  };
}

/** The refusal of a child this guardian enrolled already (she knows her own children). */
const childAlreadyEnrolled = (child: { userNm: string }) =>
  new AppError(
    'CHILD_ALREADY_ENROLLED',
    `${childCalled(child.userNm)}는 이미 가입한 자녀예요. 자녀 목록에서 확인해 주세요.`,
    [{ field: 'child.userIdno2', message: '이미 자동청구에 가입된 자녀예요.' }],
  );

/**
 * The refusal of a child whose RRN another live subscription holds (docs/security.md, "Who is enrolled"): it names no
 * one and says nothing of the dispute it leaves for the operators, and it comes only after every other check passed
 * (images, account holder), so what a guardian learns by typing a stranger's resident number costs her a full,
 * verified enrolment and tells her no more than "not now".
 */
const CHILD_NOT_ENROLLABLE = () =>
  new AppError(
    'CHILD_NOT_ENROLLABLE',
    '지금은 이 자녀를 자동청구에 가입할 수 없어요. 자녀의 이름과 주민등록번호를 다시 확인해 주세요. 맞게 입력했는데도 안 되면 고객센터로 문의해 주세요.',
    [{ field: 'child.userIdno2', message: '지금은 이 자녀를 가입할 수 없어요.' }],
  );

/**
 * The hospitals a reg names, each once with the field it came from: v1 (outer) its hospitalCd first, which it must
 * name; v2 (inner) its multiSubscrib, and hospitalCd unless it is the default.
 */
function hospitalsNamed(reg: SubscriptionReg, mode: 'inner' | 'outer') {
  const hospitalCodes =
    mode === 'outer'
      ? [
          { code: reg.hospitalCd, field: 'hospitalCd' },
          ...reg.multiSubscrib.map((code, i) => ({ code, field: `multiSubscrib.${i}` })),
        ]
      : [
          ...reg.multiSubscrib.map((code, i) => ({ code, field: `multiSubscrib.${i}` })),
          ...(reg.hospitalCd !== DEFAULT_HOSPITAL_CD ? [{ code: reg.hospitalCd, field: 'hospitalCd' }] : []),
        ];
  if (mode === 'outer' && reg.hospitalCd === DEFAULT_HOSPITAL_CD) {
    throw invalid([{ field: 'hospitalCd', message: '자동청구할 병원을 골라 주세요.' }]);
  }
  const seen = new Set<string>();
  return hospitalCodes.filter((h) => !seen.has(h.code) && seen.add(h.code));
}

type CheckedReg = Awaited<ReturnType<typeof checkReg>>;

/** The subscription's person: the insured's own name, birth date and RRN, with what the reg says of contact and job. */
async function personOf(
  ctx: AppContext,
  patient: Patient,
  reg: SubscriptionReg,
  insured: Insured,
  jobNm: string,
): Promise<SubscriptionPerson> {
  return {
    userNm: insured.userNm,
    birthday: insured.birthday,
    sex: insured.sex,
    userIdno2: insured.userIdno2,
    // A child's messages go to her guardian's phone.
    userTel: reg.userTel,
    userEmail: reg.userEmail ?? '',
    userPostNo: reg.userPostNo || (await postcodeFor(ctx, reg.userAddr)),
    userAddr: reg.userAddr,
    userAddrDetail: reg.userAddrDetail ?? '',
    jobNm,
    bankAccountHolder: reg.bankAccountHolder,
    ownTel: insured.child?.userTel ?? '',
    telecomType: patient.person.telecomType,
  };
}

/** The ID photo (the copy the OCR call kept, or the checked image stored now) and the signature, in the blob store. */
function storeImages(ctx: AppContext, checked: CheckedReg) {
  return Promise.all([
    !checked.idcardImg
      ? undefined
      : 'kept' in checked.idcardImg
        ? checked.idcardImg.kept
        : putFile(ctx, 'id-photo', checked.idcardImg.bytes),
    putFile(ctx, 'signature', checked.signImg),
  ]);
}

/** The subscription row as it is written: the checked reg, its person and images, the RRN's check, the guardian. */
function subscriptionRowOf(
  ctx: AppContext,
  {
    patient,
    reg,
    insured,
    checked,
    person,
    images: { photo, sign },
    rrn,
    keyHmac,
    insuApplyId,
    mode,
    now,
    desk,
  }: {
    desk: { handoffId: string } | undefined;
    patient: Patient;
    reg: SubscriptionReg;
    insured: Insured;
    checked: CheckedReg;
    person: SubscriptionPerson;
    images: { photo: FileRef | undefined; sign: FileRef };
    rrn: { rrnHmac: string; confirmed: boolean };
    keyHmac: string | null;
    insuApplyId: string;
    mode: 'inner' | 'outer';
    now: Date;
  },
): Insertable<SubscriptionTable> & SubscriptionRow {
  const dates = contractDates(now);
  const idcard: SubscriptionIdcard | null = reg.idcardType
    ? {
        idcardIssueDate: reg.idcardIssueDate ?? '',
        idcardIssueOrg: reg.idcardIssueOrg ?? '',
        regNo: reg.regNo ?? '',
        checkCd: reg.checkCd ?? '',
      }
    : null;
  const guardian: GuardianPerson | undefined = insured.child
    ? {
        userNm: patient.person.userNm,
        birthday: reg.birthday,
        sex: reg.sex,
        userIdno2: reg.userIdno2,
        userTel: reg.userTel,
      }
    : undefined;
  return {
    insuApplyId,
    ciHmac: insured.ciHmac,
    // A child's row keeps the CI of the guardian who verified and signed (the link of its messages opens her session).
    ciEnc: ctx.crypto.encrypt(patient.ci),
    status: 'subscribe',
    prcMode: mode,
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
    lang: reg.lang ?? SOURCE_LANG,
    // Who walked the screens with her (README "A helper beside her"): a desk handoff is the hospital's staff account.
    helperRel: desk ? 'hospital_staff' : reg.helperRel || null,
    deskHandoffId: desk?.handoffId ?? null,
    repeatWeek: reg.repeatWeek ? Number(reg.repeatWeek) : null,
    repeatDay: reg.repeatDay ? Number(reg.repeatDay) : null,
    // Her rules for what is sent start at her policy's defaults; she changes them in 내 자동청구.
    askUncovered: null,
    batchDay: null,
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
    guardianCiHmac: guardian ? patient.ciHmac : null,
    guardianCiEnc: guardian ? ctx.crypto.encrypt(patient.ci) : null,
    guardianEnc: guardian ? encodeGuardian(ctx, guardian) : null,
    guardianNameHmac: guardian ? nameHmacOf(ctx, guardian.userNm) : null,
    guardianBirthHmac: guardian ? birthHmacOf(ctx, guardian.birthday) : null,
    guardianRel: insured.child?.guardianRel ?? null,
    relationStatus: insured.child ? 'required' : null,
    adultOn: insured.child?.adultOn ?? null,
    ...dates,
    createdAt: now,
    updatedAt: now,
    cancelledAt: null,
    purgeAt: null,
  };
}

/**
 * POST v1 (outer: the hospital of hospitalCd) and v2 (inner: the hospitals of multiSubscrib). With an
 * Idempotency-Key a retry gets the first answer back; without one a second tap meets the live subscription (409).
 * Concurrent taps race to the unique index subscription_live_ci, and only one wins.
 *
 * With reg.child (README "Children: a guardian claims for a child") the insured person is that child, the verified
 * person her guardian: the same checks, the same documents signed by the guardian, and one live subscription per
 * insured RRN (subscription_live_rrn) whoever enrolled her: a second guardian, or the person herself, is refused and
 * leaves a dispute for the operators (disputes.ts). A person who turned 19 enrolling herself takes over: her
 * guardian's subscription of her ends (grown_up) as hers begins.
 */
export async function subscribe(
  ctx: AppContext,
  patient: Patient,
  reg: SubscriptionReg,
  opts: { mode: 'inner' | 'outer'; idempotencyKey?: string; ended?: (insuApplyId: string) => Promise<void> },
): Promise<SubscribeResult> {
  assertSamePerson(patient, reg);
  const insured = insuredOf(ctx, patient, reg);
  const keyHmac = opts.idempotencyKey ? ctx.crypto.hmac('idempotency', opts.idempotencyKey) : null;

  const replay = async () => {
    const row = keyHmac ? await repo.findByIdempotencyKey(ctx.db, insured.ciHmac, keyHmac) : undefined;
    return row
      ? { created: false, view: { subscriptionStatus: row.status, subscription: await summaryOf(ctx, row) } }
      : undefined;
  };
  const alreadySubscribed = () =>
    insured.child
      ? childAlreadyEnrolled(insured)
      : new AppError(
          'ALREADY_SUBSCRIBED',
          '이미 자동청구에 가입되어 있어요. 병원을 더하려면 병원 추가를 이용해 주세요.',
        );

  const earlier = await replay();
  if (earlier) return earlier;
  if (await repo.findLiveByCiHmac(ctx.db, insured.ciHmac)) {
    // A concurrent tap with the same key may have committed between the two reads: it gets that answer.
    const winner = await replay();
    if (winner) return winner;
    throw alreadySubscribed();
  }
  if (insured.child && (await liveChildCount(ctx.db, patient.ciHmac)) >= MAX_CHILDREN_PER_GUARDIAN) {
    throw new AppError('CHILDREN_LIMIT', CHILD_PROBLEMS.CHILDREN_LIMIT);
  }
  // Another live subscription holding the insured person: a takeover (she turned 19), or refused below, last.
  const holding = await holderOf(ctx, insured);

  const named = hospitalsNamed(reg, opts.mode);
  // The desk's grant before the costly checks: a refused one changes nothing.
  const desk = reg.deskGrant
    ? await grantedHandoff(
        ctx,
        reg.deskGrant,
        named.map((h) => h.code),
      )
    : undefined;
  const checked = await checkReg(ctx, patient, reg, named, {
    insuredNm: insured.userNm,
    ...(insured.child ? { guardianNm: patient.person.userNm } : {}),
  });
  // A child has no CI of her own to check her RRN against: her guardian's relation document, once an operator
  // confirms it, confirms it too (children.ts, setRelationStatus).
  const rrn = insured.child
    ? { rrnHmac: insured.rrnHmac, confirmed: false }
    : await checkRrn(ctx, patient, reg.birthday.slice(2) + reg.userIdno2);
  if (holding?.held) await refuseHeld(ctx, patient, reg, insured, holding.held);
  const takeover = holding?.takeover;

  const now = ctx.clock.now();
  const person = await personOf(ctx, patient, reg, insured, checked.jobNm);
  const insuApplyId = newApplyId(now);
  const idcardType = reg.idcardType || null;
  // The files go to the blob store first; the row names them (files.ts). Deleted again below if the row is not written.
  const [photo, sign] = await storeImages(ctx, checked);
  const values = subscriptionRowOf(ctx, {
    patient,
    reg,
    insured,
    checked,
    person,
    images: { photo, sign },
    rrn,
    keyHmac,
    insuApplyId,
    mode: opts.mode,
    now,
    desk,
  });
  const insurerRows = checked.insurers.map((i) => ({
    insuCompCd: i.insuCompCd,
    agreeIds: reg.agreeIds.filter((a) => a.includes(i.insuCompCd)),
    idcardTypeCode: idcardType ? insurerIdcardType(i.insuCompCd, idcardType) : null,
    // One answer to "언제 가입하셨어요?" for every insurer she chose; each may be changed on 내 자동청구.
    policyGeneration: reg.policyGeneration || null,
  }));
  let endedFiles: string[] = [];
  try {
    await subscriptionsDb(ctx.db)
      .transaction()
      .execute(async (trx) => {
        if (takeover) {
          endedFiles = await repo.cancelIn(
            trx,
            takeover.insuApplyId,
            now,
            new Date(now.getTime() + CANCELLED_PURGE_DAYS * 86_400_000),
            'grown_up',
          );
        }
        // The grant is spent first: a concurrent enrolment with the same one finds it used and is refused.
        if (desk && !(await spendGrant(trx, desk.handoffId, insuApplyId, now))) throw DESK_GRANT_SPENT();
        await repo.insertSubscription(
          trx,
          values,
          checked.hospitals.map((h) => ({ hospitalCd: h.hospitalCd, agreeId: null })),
          insurerRows,
        );
        if (values.helperRel) {
          await recordAccess(
            trx,
            [
              {
                ciHmac: insured.ciHmac,
                action: 'enrolment_helped',
                // The desk's staff account, or a family member or carer (her relation in detail).
                actor: desk ? `hospital:${desk.hospitalCd}` : 'helper',
                detail: desk ? `hospital_staff:${desk.operatorLoginId}` : values.helperRel,
              },
            ],
            now,
          );
        }
        // In the same transaction: the job exists exactly when the subscription does, and survives a crash.
        await ctx.jobs.send(DOCUMENTS_QUEUE, { insuApplyId }, { db: trx });
        // What she typed is now the subscription: her enrolment draft goes with it (drafts.ts).
        await deleteDraft(trx, patient.ciHmac);
      });
  } catch (e) {
    // A copy the OCR call kept is left to the orphan sweep: a concurrent twin of this call may have named it.
    await deleteFiles(ctx, [checked.idcardImg && 'kept' in checked.idcardImg ? null : photo?.blobId, sign.blobId]);
    if (!isUniqueViolation(e)) throw e;
    if (isRrnTaken(e)) {
      // Another enrolment of the same person committed first: refused (and a dispute) as if it had come before.
      const held = (await holderOf(ctx, insured))?.held;
      if (held) await refuseHeld(ctx, patient, reg, insured, held);
      throw insured.child ? CHILD_NOT_ENROLLABLE() : RRN_IN_USE();
    }
    // Lost the race to a concurrent tap: the same key gets that answer, any other request the conflict.
    const winner = await replay();
    if (winner) return winner;
    throw alreadySubscribed();
  }
  if (takeover) {
    await deleteFiles(ctx, endedFiles);
    await opts.ended?.(takeover.insuApplyId);
    await tellGuardianGrownUp(ctx, takeover.insuApplyId);
  }
  await tellEnrolled(ctx, {
    insuApplyId,
    userTel: reg.userTel,
    optTerms: reg.optTerms,
    hospitals: checked.hospitals.map((h) => h.hospitalNm),
    insurers: checked.insurersInOrder.map((i) => i.insuCompNm),
    ...(insured.child ? { childNm: insured.userNm } : {}),
    lang: values.lang ?? SOURCE_LANG,
  });
  return enrolledAnswer(ctx, values, checked, insurerRows, now);
}

/** The answer from what was just written: the same as GET's, without reading it all back. */
async function enrolledAnswer(
  ctx: AppContext,
  values: SubscriptionRow,
  checked: CheckedReg,
  insurerRows: { insuCompCd: string; idcardTypeCode: string | null; policyGeneration: PolicyGeneration | null }[],
  now: Date,
): Promise<SubscribeResult> {
  const insuApplyId = values.insuApplyId;
  const byCode = new Map(insurerRows.map((i) => [i.insuCompCd, i]));
  const summary = await summaryOf(ctx, values, {
    hospitals: checked.hospitals
      .map((h) => ({ hospitalCd: h.hospitalCd, hospitalNm: h.hospitalNm, subscribedAt: now, insuApplyId }))
      .sort((a, b) => (a.hospitalNm < b.hospitalNm ? -1 : a.hospitalNm > b.hospitalNm ? 1 : 0)),
    insurers: checked.insurersInOrder.map((i) => ({
      insuCompCd: i.insuCompCd,
      insuCompNm: i.insuCompNm,
      idcardTypeCode: byCode.get(i.insuCompCd)?.idcardTypeCode ?? null,
      policyGeneration: byCode.get(i.insuCompCd)?.policyGeneration ?? null,
      policyGenerationBy: byCode.get(i.insuCompCd)?.policyGeneration ? ('patient' as const) : null,
    })),
    bankNm: checked.bankNm,
  });
  return { created: true, view: { subscriptionStatus: 'subscribe', subscription: summary } };
}

/**
 * Another live subscription holding the insured person's RRN (one per RRN): `held`, to be refused with a dispute left
 * for the operators (refuseHeld), unless it is her guardian's subscription of her and she, verified herself, has
 * turned 19: then `takeover`, to be ended as hers is written.
 */
async function holderOf(ctx: AppContext, insured: Insured) {
  const holder = await repo.findLiveByRrnHmac(ctx.db, insured.rrnHmac);
  if (!holder || holder.ciHmac === insured.ciHmac) return undefined;
  const today = kstToday(ctx.clock.now());
  const grownUp = !insured.child && holder.guardianCiHmac !== null && !!holder.adultOn && today >= holder.adultOn;
  if (grownUp) return { takeover: { insuApplyId: holder.insuApplyId } };
  return { held: holder };
}

/** Leaves the dispute for the operators and refuses: a child in words that name no one, the person herself plainly. */
async function refuseHeld(
  ctx: AppContext,
  patient: Patient,
  reg: SubscriptionReg,
  insured: Insured,
  holder: { insuApplyId: string; guardianCiHmac: string | null },
): Promise<never> {
  await recordDispute(ctx, {
    rrnHmac: insured.rrnHmac,
    holderInsuApplyId: holder.insuApplyId,
    claimantCiHmac: patient.ciHmac,
    claimant: {
      kind: insured.child ? 'child' : 'self',
      insuredNm: insured.userNm,
      guardianNm: insured.child ? patient.person.userNm : null,
      guardianRel: insured.child?.guardianRel ?? null,
      userTel: reg.userTel,
    },
  });
  throw insured.child ? CHILD_NOT_ENROLLABLE() : RRN_IN_USE(holder.guardianCiHmac !== null);
}
