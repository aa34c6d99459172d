// My subscription's details: the payout account, address and e-mail (a change made but not saved is shown, tagged
// 바뀜), the minimum amount and how she hears of her claims, each with its change link.
import type { SubscriptionSummary } from '@auto-claim/contract';
import type { ChangeGroup, Reg } from '../../../store/claim';
import { minAmtName } from './ChooseMoney';
import { noticeName } from './ChooseNotice';
import { maskAccount } from './format';
import { SummaryCard } from './SummaryList';

export function MyDetails({
  sub,
  reg,
  bankNm,
  pending,
  onChange,
  onMoney,
  onNotice,
}: {
  sub: SubscriptionSummary;
  reg: Reg;
  /** The bank of the account typed for a change. */
  bankNm: string;
  pending: Record<ChangeGroup, boolean>;
  onChange(group: ChangeGroup): void;
  onMoney(): void;
  onNotice(): void;
}) {
  return (
    <SummaryCard
      title="내 정보"
      rows={[
        {
          key: '보험금 받을 계좌',
          value: pending.account ? (
            <>
              {bankNm} {maskAccount(reg.bankAccount)}
              <span className="changed-tag">바뀜</span>
            </>
          ) : (
            `${sub.bankNm} ${sub.bankAccountMasked}`
          ),
          action: { id: 'change-account', onClick: () => onChange('account') },
        },
        {
          key: '주소',
          value: pending.address ? (
            <>
              {reg.userPostNo && `(${reg.userPostNo}) `}
              {reg.userAddr} {reg.userAddrDetail}
              <span className="changed-tag">바뀜</span>
            </>
          ) : (
            `(${sub.userPostNo}) ${sub.userAddr} ${sub.userAddrDetailMasked}`
          ),
          action: { id: 'change-address', onClick: () => onChange('address') },
        },
        {
          key: '이메일',
          value: pending.email ? (
            <>
              {reg.userEmail || '없음'}
              <span className="changed-tag">바뀜</span>
            </>
          ) : (
            sub.userEmailMasked || '없음'
          ),
          action: { id: 'change-email', onClick: () => onChange('email') },
        },
        {
          key: '최소 청구 금액',
          value: minAmtName(sub.minAmt),
          action: { id: 'change-minAmt', onClick: onMoney },
        },
        {
          key: '알림 받는 방법',
          value: noticeName(sub.kakaoNotiCheck),
          action: { id: 'change-notice', onClick: onNotice },
        },
      ]}
    />
  );
}
