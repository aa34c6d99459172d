// Road-address search for the address screen (ours, contract addressQuery/addressList), and the postcode of an
// address the patient typed (addressPostcodeBody/addressPostcode); typing an address by hand is always possible, so
// neither call ever blocks the patient.
import { API, type Address, type AddressPostcode } from '@auto-claim/contract';
import { api } from './client';

export const searchAddresses = (keyword: string, signal?: AbortSignal) =>
  api.get<{ list: Address[]; total: number }>(API.addresses, { keyword }, signal);

/** POST, so the address stays out of the URL (and the server's logs). */
export const postcodeOf = (userAddr: string) => api.post<AddressPostcode>(API.addressPostcode, { userAddr });
