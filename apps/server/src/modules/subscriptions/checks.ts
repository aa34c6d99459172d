// The checks enrolment, the changes and the documents share (spec §3, §4; DESIGN §4): the person is the verified one,
// hospitals exist and take automatic claims, and a signature is a real image or the verified name typed.
import { sameName, SELF_REL, SIGN_TYPED_MISMATCH, type FieldError, withParticle } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { ErrorCode } from '../../http/errors.js';
import { AppError } from '../../http/problem.js';
import { checkSignature, typedSignaturePng } from '../../images/index.js';
import type { Patient } from '../../security/session.js';
import { hospitalsByCode } from '../reference/index.js';

export const invalid = (errors: FieldError[], code: ErrorCode = 'VALIDATION_FAILED') =>
  new AppError(code, errors.length === 1 ? errors[0]!.message : '입력한 내용을 확인해 주세요.', errors);
export const NOT_SUBSCRIBED = () =>
  new AppError('NOT_SUBSCRIBED', '가입된 자동청구가 없어요. 먼저 자동청구에 가입해 주세요.');

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

/** Hospitals must exist and take automatic claims; `fields` names where each code came from. */
export async function checkHospitals(ctx: AppContext, codes: { code: string; field: string }[]) {
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
      errors.push({ field, message: `${withParticle(h.hospitalNm, '은/는')} 아직 자동청구를 하지 않는 병원이에요.` });
  }
  if (errors.length) throw invalid(errors, 'HOSPITAL_NOT_AVAILABLE');
  return codes.map((c) => found.get(c.code)!);
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

/** bankAccountRel of an account that is the child's guardian's (부모): BANK_ACCOUNT_RELS' 3. */
export const PARENT_REL = '3';

/**
 * Whose the payout account is, against the holder's name (the bank then checks that name): the person's own account
 * bears her name. A child's account is hers (1, her name) or her guardian's (3, the guardian's name), nobody else's.
 */
export function payoutHolderErrors(
  rel: string,
  holder: string,
  names: { insuredNm: string; guardianNm?: string | undefined },
): FieldError[] {
  if (names.guardianNm === undefined) {
    return rel === SELF_REL && !sameName(holder, names.insuredNm)
      ? [{ field: 'bankAccountHolder', message: '본인 계좌라면 예금주가 본인 이름과 같아야 해요.' }]
      : [];
  }
  if (rel === SELF_REL) {
    return sameName(holder, names.insuredNm)
      ? []
      : [{ field: 'bankAccountHolder', message: '자녀 계좌라면 예금주가 자녀 이름과 같아야 해요.' }];
  }
  if (rel === PARENT_REL) {
    return sameName(holder, names.guardianNm)
      ? []
      : [{ field: 'bankAccountHolder', message: '보호자 계좌라면 예금주가 본인인증한 보호자 이름과 같아야 해요.' }];
  }
  return [{ field: 'bankAccountRel', message: '자녀 본인의 계좌나 보호자의 계좌만 보험금 받을 계좌로 쓸 수 있어요.' }];
}
