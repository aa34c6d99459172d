// Road-address search for the address screen (ours, contract addressQuery/addressList); typing an address by hand is
// always possible, so a failed search never blocks the patient.
import { API, type Address } from '@auto-claim/contract';
import { api } from './client';

export const searchAddresses = (keyword: string, signal?: AbortSignal) =>
  api.get<{ list: Address[]; total: number }>(API.addresses, { keyword }, signal);
