// My subscription's details: the payout account, address and e-mail (a change made but not saved is shown, tagged
// 바뀜), the minimum amount and how she hears of her claims, each with its change link.
import type { SubscriptionSummary } from '@auto-claim/contract';
import type { ChangeGroup, Reg } from '../../../store/claim';
import { useT } from '../../../i18n/t';
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
  const t = useT();
  const changed = <span className="changed-tag">{t('mine.changed', '바뀜')}</span>;
  const none = t('mine.none', '없음');
  return (
    <SummaryCard
      title={t('mine.details', '내 정보')}
      rows={[
        {
          key: t('mine.account', '보험금 받을 계좌'),
          value: pending.account ? (
            <>
              {bankNm} {maskAccount(reg.bankAccount)}
              {changed}
            </>
          ) : (
            `${sub.bankNm} ${sub.bankAccountMasked}`
          ),
          action: { id: 'change-account', onClick: () => onChange('account') },
        },
        {
          key: t('mine.address', '주소'),
          value: pending.address ? (
            <>
              {reg.userPostNo && `(${reg.userPostNo}) `}
              {reg.userAddr} {reg.userAddrDetail}
              {changed}
            </>
          ) : (
            `(${sub.userPostNo}) ${sub.userAddr} ${sub.userAddrDetailMasked}`
          ),
          action: { id: 'change-address', onClick: () => onChange('address') },
        },
        {
          key: t('mine.email', '이메일'),
          value: pending.email ? (
            <>
              {reg.userEmail || none}
              {changed}
            </>
          ) : (
            sub.userEmailMasked || none
          ),
          action: { id: 'change-email', onClick: () => onChange('email') },
        },
        {
          key: t('mine.minAmt', '최소 청구 금액'),
          value: minAmtName(sub.minAmt),
          action: { id: 'change-minAmt', onClick: onMoney },
        },
        {
          key: t('mine.notice', '알림 받는 방법'),
          value: noticeName(sub.kakaoNotiCheck),
          action: { id: 'change-notice', onClick: onNotice },
        },
      ]}
    />
  );
}
