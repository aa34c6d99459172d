// The one codec of the patient's details as a subscription keeps them (encrypted JSON in subscription.person_enc,
// DESIGN §5). Every reader, in this module or through index.ts, decodes with personOf: one shape, with defaults for
// fields older rows (or the test factories) do not carry.
import type { AppContext } from '../../context.js';

export interface SubscriptionPerson {
  userNm: string;
  /** YYYYMMDD */
  birthday: string;
  sex: 'M' | 'F';
  /** The RRN's back part, 7 digits. */
  userIdno2: string;
  userTel: string;
  userEmail: string;
  userPostNo: string;
  userAddr: string;
  userAddrDetail: string;
  jobNm: string;
  bankAccountHolder: string;
  /** A child's own phone, when her guardian gave it (userTel is then the guardian's): told when she turns 19. */
  ownTel: string;
  /**
   * The carrier of the SMS verification she subscribed with (NICE code; '' before it was kept): a step-up from an
   * 알림톡 link offers it again instead of asking (README "Identity and sessions", step-up).
   */
  telecomType: string;
}

export const encodePerson = (ctx: AppContext, p: SubscriptionPerson) => ctx.crypto.encryptJson(p);

export function personOf(ctx: AppContext, personEnc: string): SubscriptionPerson {
  const p = ctx.crypto.decryptJson<Partial<SubscriptionPerson>>(personEnc);
  return {
    userNm: p.userNm ?? '',
    birthday: p.birthday ?? '',
    sex: p.sex === 'F' ? 'F' : 'M',
    userIdno2: p.userIdno2 ?? '',
    userTel: p.userTel ?? '',
    userEmail: p.userEmail ?? '',
    userPostNo: p.userPostNo ?? '',
    userAddr: p.userAddr ?? '',
    userAddrDetail: p.userAddrDetail ?? '',
    jobNm: p.jobNm ?? '',
    bankAccountHolder: p.bankAccountHolder ?? '',
    ownTel: p.ownTel ?? '',
    telecomType: p.telecomType ?? '',
  };
}

/** The full RRN (13 digits) of a person whose back part is known. */
export const rrnOf = (p: SubscriptionPerson) =>
  p.birthday && p.userIdno2 ? p.birthday.slice(2) + p.userIdno2 : undefined;

/** The keyed hash records and subscriptions are matched by (13 digits, no hyphen). */
export const rrnHmacOf = (ctx: AppContext, rrn: string) => ctx.crypto.hmac('rrn', rrn);

/**
 * The verified guardian of a child's subscription (subscription.guardian_enc, DESIGN §5): the person who enrolled the
 * child, whose name the documents write as 법정대리인 and whose phone the child's messages go to.
 */
export interface GuardianPerson {
  userNm: string;
  /** YYYYMMDD */
  birthday: string;
  sex: 'M' | 'F';
  /** Her own RRN's back part, as she typed it at enrolment (the 위임장 names her by it); '' when not given. */
  userIdno2: string;
  userTel: string;
}

export const encodeGuardian = (ctx: AppContext, g: GuardianPerson) => ctx.crypto.encryptJson(g);

export function guardianOf(ctx: AppContext, guardianEnc: string): GuardianPerson {
  const g = ctx.crypto.decryptJson<Partial<GuardianPerson>>(guardianEnc);
  return {
    userNm: g.userNm ?? '',
    birthday: g.birthday ?? '',
    sex: g.sex === 'F' ? 'F' : 'M',
    userIdno2: g.userIdno2 ?? '',
    userTel: g.userTel ?? '',
  };
}

/**
 * The key a child's subscription takes in place of a CI (subscription.ci_hmac, and with it her claims and her access
 * log): one per guardian and child, so two guardians never share a child's history, and the same guardian enrolling
 * the child again finds her earlier one. A CI's keyed hash has another purpose, so the two never meet.
 */
export const childKeyOf = (ctx: AppContext, guardianCiHmac: string, childRrn: string) =>
  ctx.crypto.hmac('child', `${guardianCiHmac}|${childRrn}`);
