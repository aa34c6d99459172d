// The identity provider (DESIGN §1): 휴대폰 본인확인 by SMS. As in the real protocol, the vendor makes the code, sends
// it through the person's telecom and checks it; it vouches for the person's CI. Our service keeps its own rules on
// top for every provider (life of a code, tries, resend gap, daily cap, binding to the request and the person).

export interface Person {
  custName: string;
  /** YYMMDD + the RRN's 7th digit. */
  korRegId: string;
  custHp: string;
  /** 1 SKT, 2 KT, 3 LG U+, 5/6/7 the 알뜰폰 of each. */
  telecomType: string;
}

/** One verification at the vendor: opaque to us, kept encrypted with the request it belongs to. */
export interface Started {
  verificationId: string;
}

/** What the vendor says of the verified person, to compare with what the patient typed. */
export interface VerifiedFacts {
  name?: string;
  /** YYYYMMDD */
  birthday?: string;
  sex?: 'M' | 'F';
  isForeigner?: boolean;
}

export type Confirmation =
  | { ok: true; ci: string; di?: string; verified: VerifiedFacts }
  /**
   * wrong_code: not the code sent, another try may be right (our service counts it);
   * expired: the vendor no longer takes a code for this verification; already_verified: it was used.
   */
  | { ok: false; reason: 'wrong_code' | 'expired' | 'already_verified' };

/**
 * A failure of the vendor itself, never of the code typed:
 * refused — the vendor or telecom will not verify this person with these details (name, birth date, carrier);
 * limited — the vendor's own limit for this person or service is reached;
 * ended — the verification cannot be resent any more (a fresh one may be started);
 * unavailable — outage, timeout, refused credentials or a malformed answer: retry later.
 * `reason` names the call and the vendor's error type or status for the log; never personal data.
 */
export class IdentityVendorError extends Error {
  constructor(
    readonly kind: 'refused' | 'limited' | 'ended' | 'unavailable',
    readonly reason: string,
  ) {
    super(`identity vendor ${kind}: ${reason}`);
    this.name = 'IdentityVendorError';
  }
  get retryable() {
    return this.kind === 'unavailable' || this.kind === 'limited';
  }
}

/** The kind of browser the patient asked from: KCP renders its verification for one or the other. */
export type ClientDevice = 'mobile' | 'desktop';

/**
 * A phone or a desktop browser, from the request: the `Sec-CH-UA-Mobile` client hint when the browser sends it (`?1` a
 * phone, `?0` not; Chromium browsers send it on every request), else the User-Agent (`Mobi`, as MDN advises, and the
 * phone and tablet platforms that leave it out: Android, iPhone, iPad, iPod). Neither: a phone, the app's own case.
 */
export function clientDeviceOf(headers: {
  'user-agent'?: string | string[];
  'sec-ch-ua-mobile'?: string | string[];
}): ClientDevice {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim();
  const hint = one(headers['sec-ch-ua-mobile']);
  if (hint === '?1') return 'mobile';
  if (hint === '?0') return 'desktop';
  const ua = one(headers['user-agent']);
  if (!ua) return 'mobile';
  return /Mobi|Android|iPhone|iPad|iPod/i.test(ua) ? 'mobile' : 'desktop';
}

export interface IdentityProvider {
  readonly name: string;
  /** Asks the vendor to send a code to the person's phone. `ipAddress` is the patient's, for the vendor's limits. */
  start(person: Person, request: { ipAddress: string; device?: ClientDevice }): Promise<Started>;
  /** Sends a new code for the same verification; answers the id to confirm against from now on. */
  resend(verificationId: string): Promise<Started>;
  /** Has the vendor check the code the person typed. */
  confirm(verificationId: string, otp: string): Promise<Confirmation>;
}
