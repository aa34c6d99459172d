// POST /ui/insu/v1/claims/users/accounts: the bank's word on whose account it is (spec §7 "bank account check").
// POST rather than GET keeps the account number out of URLs (DESIGN §5).
import { API, type AccountCheck, type AccountCheckBody } from '@auto-claim/contract';
import { api } from './client';

export const checkAccount = (body: AccountCheckBody) => api.post<AccountCheck>(API.userAccounts, body);
