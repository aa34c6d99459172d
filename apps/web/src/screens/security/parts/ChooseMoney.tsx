// The choose-money modal of spec §2: a bottom sheet of minimum claim amounts, each explained.
// One tap chooses and closes; buttons rather than radios so arrow keys never choose by accident.
import { MIN_AMT_CHOICES } from '@auto-claim/contract';
import { SlideBottom } from '../../../ui/SlideBottom';
import { particle } from '../../../i18n/josa';
import { t, useT } from '../../../i18n/t';
import { formatWon } from './format';

export interface MoneyOption {
  value: number;
  title: string;
  detail: string;
}

const atLeast = (amount: number) => t('money.atLeast', '{amount} 이상', { amount: formatWon(amount) });
const DETAILS: Record<(typeof MIN_AMT_CHOICES)[number], () => Omit<MoneyOption, 'value'>> = {
  0: () => ({
    title: t('money.all', '모든 진료비'),
    detail: t('money.all.detail', '금액과 관계없이 진료를 받을 때마다 청구해요.'),
  }),
  10_000: () => ({ title: atLeast(10_000), detail: t('money.10000.detail', '동네 의원 진료도 대부분 청구해요.') }),
  30_000: () => ({
    title: atLeast(30_000),
    detail: t('money.30000.detail', '{term}{termJosa} 빼고도 받을 보험금이 있을 때가 많아요.', {
      term: t('term.deductible', '공제금액'),
      termJosa: particle(t('term.deductible', '공제금액'), '을/를'),
    }),
  }),
  50_000: () => ({
    title: atLeast(50_000),
    detail: t('money.50000.detail', '검사나 시술처럼 진료비가 큰 날만 청구해요.'),
  }),
  100_000: () => ({ title: atLeast(100_000), detail: t('money.100000.detail', '입원이나 큰 진료만 청구해요.') }),
};
/** The amounts the server accepts (MIN_AMT_CHOICES), each explained, in her language. */
export const minAmtOptions = (): MoneyOption[] => MIN_AMT_CHOICES.map((value) => ({ value, ...DETAILS[value]() }));

export const minAmtName = (value: number) => minAmtOptions().find((o) => o.value === value)?.title ?? atLeast(value);

export function ChooseMoney({
  open,
  value,
  onChoose,
  onClose,
}: {
  open: boolean;
  value: number | null;
  onChoose(option: MoneyOption): void;
  onClose(): void;
}) {
  const tr = useT();
  return (
    <SlideBottom open={open} onClose={onClose} title={tr('money.title', '청구할 최소 진료비')}>
      <p className="screen__sub sheet-lead">
        {tr('money.lead', '진료비가 고른 금액 이상일 때만 보험사에 자동으로 청구해요.')}
      </p>
      <ul className="options">
        {minAmtOptions().map((o) => (
          <li key={o.value} className="option">
            <button
              type="button"
              className="option__card option__card--button"
              aria-pressed={value === o.value}
              onClick={() => onChoose(o)}
            >
              <span className="option__mark" aria-hidden="true" />
              <span className="option__text">
                <span className="option__title">{o.title}</span>
                <span className="option__detail">{o.detail}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </SlideBottom>
  );
}
