// Road-address search (DESIGN §1), as a postcode service (도로명주소 검색) answers it. Manual entry is always possible.
import type { Address } from '@auto-claim/contract';

export interface AddressProvider {
  readonly name: string;
  /** Addresses matching every word of the keyword, at most `limit`. */
  search(keyword: string, limit: number): Promise<{ list: Address[]; total: number }>;
}
