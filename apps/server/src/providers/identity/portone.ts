// 휴대폰 본인확인 (SMS) through PortOne V2's identity-verification API, with the official @portone/server-sdk
// (IdentityVerificationClient). Every call carries `Authorization: PortOne <API secret>` and our storeId:
//   POST /identity-verifications/{id}/send     { storeId, channelKey, customer: { name, phoneNumber, identityNumber
//                                               (the RRN's first 7 digits), ipAddress }, operator, method: 'SMS',
//                                               bypass: { kcpV2: { media_type } } }
//   POST /identity-verifications/{id}/resend?storeId=…
//   POST /identity-verifications/{id}/confirm  { storeId, otp } → { identityVerification: { status: 'VERIFIED',
//                                               verifiedCustomer: { name, birthDate, gender, isForeigner, ci, di } } }
//   GET  /identity-verifications/{id}?storeId=… (check() only)
// Errors come as { type, message } (PG_PROVIDER adds pgCode and pgMessage). We choose the id (random, never shown to
// the browser) within KCP's rule for it: letters and digits only, at most 40 (PortOne's KCP 본인인증 guide). The SDK takes neither a fetch nor an AbortSignal, so a call we stop waiting for is abandoned, not
// aborted; the patient gets an answer within the timeout either way. docs/providers/portone-identity.md says more.
import { randomUUID } from 'node:crypto';
import {
  IdentityVerificationClient,
  IdentityVerificationError,
  type IdentityVerificationOperator,
  type IdentityVerificationVerifiedCustomer,
} from '@portone/server-sdk/identityVerification';
import type { Checkable, ProviderCheck } from '../check.js';
import {
  IdentityVendorError,
  type ClientDevice,
  type Confirmation,
  type IdentityProvider,
  type VerifiedFacts,
} from './types.js';

export interface PortOneIdentityOptions {
  /** The V2 API secret issued in PortOne's console (결제연동 → 연동 정보). */
  apiSecret: string;
  storeId: string;
  /** The identity-verification channel set up for SMS: PortOne sends by API only through 다날 or KCP. */
  channelKey: string;
  /** https://api.portone.io by default; tests and staging point it at a double. */
  baseUrl: string;
  timeoutMs?: number;
  /** Told what failed (call, vendor error type, pgCode, status), never who. */
  onFailure?: (reason: string) => void;
}

/** Our telecom codes (spec: 1 SKT, 2 KT, 3 LG U+, 5/6/7 the 알뜰폰 on each) as PortOne names the operators. */
export const PORTONE_OPERATOR: Record<string, IdentityVerificationOperator> = {
  '1': 'SKT',
  '2': 'KT',
  '3': 'LGU',
  '5': 'SKT_MVNO',
  '6': 'KT_MVNO',
  '7': 'LGU_MVNO',
};

/**
 * KCP's 특수 파라미터 for an API send (PortOne's KCP 본인인증 guide: `bypass.kcpV2.media_type`, required; MC01 PC,
 * MC02 MOBILE), from the browser the patient asked from (`clientDeviceOf`: a phone unless the request says desktop).
 * Other PGs read only their own key of `bypass`.
 */
export const portoneBypass = (device: ClientDevice = 'mobile') =>
  ({ kcpV2: { media_type: device === 'desktop' ? 'MC01' : 'MC02' } }) as const;

/** A verification id KCP accepts: letters and digits, at most 40 (36 here). */
export const portoneVerificationId = (prefix: 'aciv' | 'acchk') => `${prefix}${randomUUID().replace(/-/g, '')}`;

/** The vendor's error type, when the SDK could read one from a JSON error body. */
function vendorError(e: unknown): { type: string; pgCode?: string } | undefined {
  if (!(e instanceof IdentityVerificationError)) return undefined;
  const data = e.data as { type?: unknown; pgCode?: unknown };
  if (typeof data.type !== 'string') return undefined;
  return { type: data.type, pgCode: typeof data.pgCode === 'string' ? data.pgCode : undefined };
}

function facts(c: IdentityVerificationVerifiedCustomer): VerifiedFacts {
  const birthday = c.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(c.birthDate) ? c.birthDate.replace(/-/g, '') : undefined;
  const sex = c.gender === 'MALE' ? 'M' : c.gender === 'FEMALE' ? 'F' : undefined;
  return { name: c.name, birthday, sex, isForeigner: c.isForeigner };
}

export function portoneIdentity(opts: PortOneIdentityOptions): IdentityProvider & Checkable {
  const client = IdentityVerificationClient({ secret: opts.apiSecret, baseUrl: opts.baseUrl, storeId: opts.storeId });
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const storeId = opts.storeId;

  /** Runs one SDK call within the timeout; anything that is not the vendor's own JSON error becomes `unavailable`. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new IdentityVendorError('unavailable', `${what}: timeout`)), timeoutMs);
    });
    try {
      return await Promise.race([run(), timeout]);
    } catch (e) {
      if (e instanceof IdentityVendorError || vendorError(e)) throw e;
      // Not JSON, not an object, no type, or no answer at all.
      throw new IdentityVendorError(
        'unavailable',
        `${what}: ${e instanceof SyntaxError ? 'malformed answer' : 'no usable answer'}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }
  const fail = (e: IdentityVendorError) => {
    opts.onFailure?.(`${e.kind}: ${e.reason}`);
    return e;
  };
  /** The vendor's JSON error as our kind, or unavailable for what we cannot place. */
  const classify = (what: string, e: unknown, kinds: Record<string, IdentityVendorError['kind']>) => {
    if (e instanceof IdentityVendorError) return fail(e);
    const v = vendorError(e)!;
    const reason = `${what}: ${v.type}${v.pgCode ? ` pgCode ${v.pgCode}` : ''}`;
    return fail(new IdentityVendorError(kinds[v.type] ?? 'unavailable', reason));
  };

  return {
    name: 'portone',

    async start(person, request) {
      const operator = PORTONE_OPERATOR[person.telecomType];
      if (!operator) throw fail(new IdentityVendorError('refused', `send: no operator for telecomType`));
      const identityVerificationId = portoneVerificationId('aciv');
      try {
        await call('send', () =>
          client.sendIdentityVerification({
            identityVerificationId,
            storeId,
            channelKey: opts.channelKey,
            customer: {
              name: person.custName.trim(),
              phoneNumber: person.custHp,
              identityNumber: person.korRegId,
              ipAddress: request.ipAddress,
            },
            operator,
            method: 'SMS',
            bypass: portoneBypass(request.device),
          }),
        );
      } catch (e) {
        throw classify('send', e, {
          // The telecom (through the PG) would not send to this person with these details.
          PG_PROVIDER: 'refused',
          // INVALID_REQUEST is not the patient's: every detail they typed was checked before we call, so it is our
          // request or channel (a missing KCP bypass, an id KCP refuses); it falls to `unavailable` and the log.
          MAX_TRANSACTION_COUNT_REACHED: 'limited',
        });
      }
      return { verificationId: identityVerificationId };
    },

    async resend(verificationId) {
      try {
        await call('resend', () =>
          client.resendIdentityVerification({ identityVerificationId: verificationId, storeId }),
        );
      } catch (e) {
        throw classify('resend', e, {
          IDENTITY_VERIFICATION_NOT_FOUND: 'ended',
          IDENTITY_VERIFICATION_NOT_SENT: 'ended',
          IDENTITY_VERIFICATION_ALREADY_VERIFIED: 'ended',
          PG_PROVIDER: 'ended',
        });
      }
      return { verificationId };
    },

    async confirm(verificationId, otp): Promise<Confirmation> {
      let answer: unknown;
      try {
        answer = await call('confirm', () =>
          client.confirmIdentityVerification({ identityVerificationId: verificationId, storeId, otp }),
        );
      } catch (e) {
        const v = vendorError(e);
        // The PG refuses a code that is not the one it sent (or no longer takes it): our tries count it.
        if (v?.type === 'PG_PROVIDER') {
          opts.onFailure?.(`wrong code: confirm: PG_PROVIDER${v.pgCode ? ` pgCode ${v.pgCode}` : ''}`);
          return { ok: false, reason: 'wrong_code' };
        }
        if (v?.type === 'IDENTITY_VERIFICATION_ALREADY_VERIFIED') return { ok: false, reason: 'already_verified' };
        if (v?.type === 'IDENTITY_VERIFICATION_NOT_FOUND' || v?.type === 'IDENTITY_VERIFICATION_NOT_SENT') {
          return { ok: false, reason: 'expired' };
        }
        throw classify('confirm', e, {});
      }
      const verification = (answer as { identityVerification?: { status?: unknown; verifiedCustomer?: unknown } })
        ?.identityVerification;
      const customer = verification?.verifiedCustomer as IdentityVerificationVerifiedCustomer | undefined;
      if (verification?.status !== 'VERIFIED' || typeof customer?.ci !== 'string' || customer.ci.length === 0) {
        // A channel contracted without CI also lands here: operators see it in the log.
        throw fail(new IdentityVendorError('unavailable', 'confirm: answer without a verified CI'));
      }
      return { ok: true, ci: customer.ci, di: customer.di, verified: facts(customer) };
    },

    async check(): Promise<ProviderCheck[]> {
      const result = (ok: boolean, detail: string): ProviderCheck[] => [
        { kind: 'identity', vendor: 'portone', ok, detail },
      ];
      // An id that cannot exist: NotFound means the secret and the store were accepted, and nothing was sent.
      const probe = portoneVerificationId('acchk');
      try {
        await call('get', () => client.getIdentityVerification({ identityVerificationId: probe, storeId }));
        return result(true, 'PORTONE_API_SECRET accepted for PORTONE_STORE_ID');
      } catch (e) {
        const type = vendorError(e)?.type;
        if (type === 'IDENTITY_VERIFICATION_NOT_FOUND') {
          return result(
            true,
            'PORTONE_API_SECRET accepted for PORTONE_STORE_ID (PORTONE_CHANNEL_KEY is checked by the first real send)',
          );
        }
        if (type === 'UNAUTHORIZED') {
          return result(false, 'PORTONE_API_SECRET refused (UNAUTHORIZED): use a V2 API secret from the console');
        }
        if (type === 'FORBIDDEN') return result(false, 'PORTONE_API_SECRET may not use PORTONE_STORE_ID (FORBIDDEN)');
        if (type) return result(false, `PortOne answered ${type}: check PORTONE_STORE_ID`);
        const reason = e instanceof IdentityVendorError ? e.reason : 'no usable answer';
        return result(false, `PortOne not reachable at PORTONE_API_BASE (${reason})`);
      }
    },
  };
}
