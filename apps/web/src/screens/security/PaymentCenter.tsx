// /security/paymentCenter: where payouts come from. The insurer itself pays into the patient's account; this service
// never holds money. For questions about a payout: the insurer's call center.
import { maskAccount } from '@auto-claim/contract';
import { useInsurers } from '../../api/reference';
import { useT } from '../../i18n/t';
import { chosenInsurers, useClaimStore } from '../../store/claim';
import { InfoStep } from './parts/InfoStep';
import './wizard-1.css';

export default function PaymentCenter() {
  const t = useT();
  const reg = useClaimStore((s) => s.reg);
  const bankNm = useClaimStore((s) => s.ui.bankNm);
  const insurers = useInsurers();
  // Each chosen insurer pays its own claims.
  const chosen = chosenInsurers(reg).flatMap((cd) => insurers.data?.list.filter((i) => i.insuCompCd === cd) ?? []);
  const insuCompNm = chosen.map((i) => i.insuCompNm).join(', ') || t('account.payer', '보험사');

  return (
    <InfoStep
      step="paymentCenter"
      title={t('center.title', '보험금은 {insurer}에서 직접 보내 드려요', { insurer: insuCompNm })}
      lead={t(
        'center.lead',
        '자동청구 서비스는 서류를 대신 보내기만 하고, 보험금을 받거나 맡아 두지 않아요. 이용료도 없어요.',
      )}
      action={t('center.ok', '확인했어요')}
    >
      <dl className="wz-facts">
        <div>
          <dt>{t('center.from', '보내는 곳')}</dt>
          <dd>{insuCompNm}</dd>
        </div>
        <div>
          <dt>{t('center.account', '받는 계좌')}</dt>
          <dd>
            {reg.bankAccount
              ? `${bankNm} ${maskAccount(reg.bankAccount)}`
              : t('center.account.entered', '앞에서 입력한 계좌')}
            {reg.bankAccountHolder && ` ${t('center.holder', '(예금주 {holder})', { holder: reg.bankAccountHolder })}`}
          </dd>
        </div>
        <div>
          <dt>{t('center.when', '받는 때')}</dt>
          <dd>
            {t('center.when.text', '{insurer}에서 서류를 심사한 뒤에 보내요. 심사 결과도 보험사에서 알려 드려요.', {
              insurer: insuCompNm,
            })}
          </dd>
        </div>
      </dl>

      <section className="wz-block" aria-labelledby="center-title">
        <h3 id="center-title" className="wz-subtitle">
          {t('center.questions', '보험금이 궁금할 때')}
        </h3>
        <p>{t('center.ask', '지급 여부나 금액은 {insurer} 고객센터에 물어보세요.', { insurer: insuCompNm })}</p>
        {chosen.map((insurer) =>
          insurer.callCenter ? (
            <a
              key={insurer.insuCompCd}
              className="btn btn--secondary btn--block call-link"
              href={`tel:${insurer.callCenter.replace(/\D/g, '')}`}
            >
              {t('center.call', '{insurer} 고객센터 {phone} 전화하기', {
                insurer: insurer.insuCompNm,
                phone: insurer.callCenter,
              })}
            </a>
          ) : insurer.homepage ? (
            <a
              key={insurer.insuCompCd}
              className="btn btn--secondary btn--block call-link"
              href={insurer.homepage}
              target="_blank"
              rel="noreferrer"
            >
              {t('center.homepage', '{insurer} 누리집 열기 (새 창)', { insurer: insurer.insuCompNm })}
            </a>
          ) : (
            <p key={insurer.insuCompCd} className="field__hint">
              {t('center.noPhone', '{insurer} 고객센터 번호는 보험증권이나 보험사 누리집에서 확인할 수 있어요.', {
                insurer: insurer.insuCompNm,
              })}
            </p>
          ),
        )}
      </section>
    </InfoStep>
  );
}
