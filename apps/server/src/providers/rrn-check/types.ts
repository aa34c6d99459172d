// The resident-number check (docs/providers/rrn-check.md): does the RRN a patient typed belong to the person the SMS
// verification vouched for? Either a real-name check of name + RRN (실명확인) or the CI the vendor derives from the
// RRN compared with the verified CI. The subscription service decides what an answer means; a provider only asks.

export interface RrnQuestion {
  /** The verified person's name. */
  name: string;
  /** 13 digits, no hyphen. */
  rrn: string;
  /** The CI the identity vendor gave for the verified person. */
  ci: string;
}

/**
 * confirmed: the RRN is this person's; mismatch: it is someone else's (or no one's); unchecked: nobody was asked
 * (no vendor is configured, RRN_CHECK_PROVIDER=none); unavailable: the vendor could not answer now.
 * Both of the last two leave the subscription's RRN unconfirmed: records matched only by it are held.
 */
export type RrnVerdict = 'confirmed' | 'mismatch' | 'unchecked' | 'unavailable';

export interface RrnCheckProvider {
  readonly name: string;
  verify(q: RrnQuestion): Promise<RrnVerdict>;
}
