// The bank-account holder check (DESIGN §1): asks the bank whose name an account is in (예금주 조회), so a payout
// never goes to an account the patient did not mean. The service decides what a mismatch means; a provider only asks.

export type HolderLookup = { found: true; holderNm: string } | { found: false };

export interface BankCheckProvider {
  readonly name: string;
  /** The holder's name as the bank has it. `askedHolderNm` is the name the patient gave (a real bank ignores it). */
  holderOf(q: { bankCd: string; bankAccount: string; askedHolderNm: string }): Promise<HolderLookup>;
}
