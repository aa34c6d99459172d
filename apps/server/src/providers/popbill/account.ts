// The Popbill member the 알림톡, fax and 예금주 조회 kinds share (docs/providers/popbill.md): its variables, read once
// here, and the account they make when any of those kinds chooses Popbill.
import { z } from 'zod';
import { unsetOr, type Need } from '../env.js';
import { POPBILL_API_BASE, POPBILL_AUTH_BASE, type PopbillAccount } from './client.js';

/** A Korean phone or fax number, kept as digits (hyphens allowed in the variable). */
export const phoneDigits = z
  .string()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => /^\d{8,12}$/.test(v), 'must be a phone number, 8-12 digits');

export const popbillEnv = z.object({
  POPBILL_LINK_ID: unsetOr(z.string().min(1).max(100)),
  POPBILL_SECRET_KEY: unsetOr(z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be the base64 secret LinkHub issued')),
  /** The member's 사업자번호. */
  POPBILL_CORP_NUM: unsetOr(
    z
      .string()
      .transform((v) => v.replace(/-/g, ''))
      .refine((v) => /^\d{10}$/.test(v), 'must be a 사업자번호, 10 digits'),
  ),
  POPBILL_USER_ID: unsetOr(z.string().min(1).max(50)),
  /** true: Popbill's test bed (POPBILL_TEST); false: the live service. Required with any Popbill kind. */
  POPBILL_IS_TEST: unsetOr(z.enum(['true', 'false'])),
  POPBILL_API_BASE: unsetOr(z.url()),
  POPBILL_AUTH_BASE: unsetOr(z.url()),
  /** The member's registered 발신번호: 알림톡/SMS come from it, and faxes unless POPBILL_FAX_SENDER_NUMBER says. */
  POPBILL_SENDER_NUMBER: unsetOr(phoneDigits),
});

/** The member's account and 발신번호, for the kinds that chose Popbill. */
export interface PopbillMember {
  account: PopbillAccount;
  senderNumber: string | undefined;
}

/** The member, when `wanted` (some kind chose Popbill); undefined otherwise. */
export function popbillMember(e: z.output<typeof popbillEnv>, wanted: boolean, need: Need): PopbillMember | undefined {
  if (!wanted) return undefined;
  // In the order loadConfig names them when unset.
  const linkId = need(e.POPBILL_LINK_ID, 'POPBILL_LINK_ID');
  const secretKey = need(e.POPBILL_SECRET_KEY, 'POPBILL_SECRET_KEY');
  const corpNum = need(e.POPBILL_CORP_NUM, 'POPBILL_CORP_NUM (the member’s 사업자번호)');
  const isTest = need(e.POPBILL_IS_TEST, 'POPBILL_IS_TEST (true: Popbill’s test bed, false: live)') === 'true';
  return {
    account: {
      linkId,
      secretKey,
      corpNum,
      userId: e.POPBILL_USER_ID,
      isTest,
      apiBase: e.POPBILL_API_BASE ?? POPBILL_API_BASE[isTest ? 'test' : 'live'],
      authBase: e.POPBILL_AUTH_BASE ?? POPBILL_AUTH_BASE,
    },
    senderNumber: e.POPBILL_SENDER_NUMBER,
  };
}

/** The member a kind that chose Popbill is handed: config.ts reads it whenever any kind chooses Popbill. */
export function chosenMember(member: PopbillMember | undefined): PopbillMember {
  if (!member) throw new Error('config.ts reads the Popbill member whenever a kind chooses Popbill');
  return member;
}
