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
    telecomType: p.telecomType ?? '',
  };
}

/** The full RRN (13 digits) of a person whose back part is known. */
export const rrnOf = (p: SubscriptionPerson) =>
  p.birthday && p.userIdno2 ? p.birthday.slice(2) + p.userIdno2 : undefined;

/** The keyed hash records and subscriptions are matched by (13 digits, no hyphen). */
export const rrnHmacOf = (ctx: AppContext, rrn: string) => ctx.crypto.hmac('rrn', rrn);
