// The identity provider (DESIGN §1): who sends the SMS code and who vouches for the person's CI.
// Our service keeps the rules (life of a code, tries, resend limits); a provider only delivers and attests.

export interface Person {
  custName: string;
  /** YYMMDD + the RRN's 7th digit. */
  korRegId: string;
  custHp: string;
  telecomType: string;
}

export interface IdentityProvider {
  readonly name: string;
  /** Deliver the verification code to the person's phone through their telecom. */
  sendCode(person: Person, code: string): Promise<void>;
  /** The person's CI (연계정보): stable for the same person across every service. */
  ciOf(person: Person): Promise<string>;
}
