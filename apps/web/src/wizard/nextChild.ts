// "다른 자녀도 신청하기" (README "A parent enrols her children"): a parent's next child starts from the answers the
// child before carried (the claim store's child.carry, put back into reg): the parent's own, which do not change from
// one child to the next. The wizard passes those steps when they are answered; the child's own (who she is, her
// insurer and its consent, her relation document, her job) and the signature are asked again, and the summary shows
// everything with its change link.
import type { ClaimState } from '../store/claim';

/** bankAccountRel of a payout account in the guardian's name (부모); '1' is the child's own (contract reg.child). */
export const GUARDIAN_ACCOUNT_REL = '3';

/** Whether the step `id` is passed for this parent's next child: answered already, by her, for the child before. */
export function carriedToNextChild(id: string, s: ClaimState): boolean {
  if (s.ui.insured !== 'child' || !s.child.carry) return false;
  const { reg } = s;
  switch (id) {
    case 'whose':
    case 'document':
    case 'paymentCenter':
    case 'email':
      return true;
    case 'jumin':
      return /^\d{7}$/.test(reg.userIdno2);
    case 'possibleHospital':
      return reg.multiSubscrib.length > 0;
    case 'idPhotoInfo':
    case 'photo':
      return Boolean(reg.idcardImg && reg.idcardType);
    // Her own account serves every child; a child's own account is that child's alone.
    case 'paymentAccount':
      return reg.bankAccountRel === GUARDIAN_ACCOUNT_REL && Boolean(reg.bankAccount);
    case 'expenses':
      return reg.minAmt !== null;
    case 'retro':
      return reg.retroMonth !== null;
    case 'adress':
      return Boolean(reg.userAddr);
    default:
      return false;
  }
}
