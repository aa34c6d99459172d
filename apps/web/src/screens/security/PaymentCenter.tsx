// /security/paymentCenter: where payouts come from. The insurer itself pays into the patient's account; this service
// never holds money. For questions about a payout: the insurer's call center.
import { maskAccount } from '@auto-claim/contract';
import { useInsurers } from '../../api/reference';
import { chosenInsurers, useClaimStore } from '../../store/claim';
import { InfoStep } from './parts/InfoStep';
import './wizard-1.css';

export default function PaymentCenter() {
  const reg = useClaimStore((s) => s.reg);
  const bankNm = useClaimStore((s) => s.ui.bankNm);
  const insurers = useInsurers();
  // Each chosen insurer pays its own claims.
  const chosen = chosenInsurers(reg).flatMap((cd) => insurers.data?.list.filter((i) => i.insuCompCd === cd) ?? []);
  const insuCompNm = chosen.map((i) => i.insuCompNm).join(', ') || '보험사';

  return (
    <InfoStep
      step="paymentCenter"
      title={`보험금은 ${insuCompNm}에서 직접 보내 드려요`}
      lead="자동청구 서비스는 서류를 대신 보내기만 하고, 보험금을 받거나 맡아 두지 않아요. 이용료도 없어요."
      action="확인했어요"
    >
      <dl className="wz-facts">
        <div>
          <dt>보내는 곳</dt>
          <dd>{insuCompNm}</dd>
        </div>
        <div>
          <dt>받는 계좌</dt>
          <dd>
            {reg.bankAccount ? `${bankNm} ${maskAccount(reg.bankAccount)}` : '앞에서 입력한 계좌'}
            {reg.bankAccountHolder && ` (예금주 ${reg.bankAccountHolder})`}
          </dd>
        </div>
        <div>
          <dt>받는 때</dt>
          <dd>{insuCompNm}에서 서류를 심사한 뒤에 보내요. 심사 결과도 보험사에서 알려 드려요.</dd>
        </div>
      </dl>

      <section className="wz-block" aria-labelledby="center-title">
        <h3 id="center-title" className="wz-subtitle">
          보험금이 궁금할 때
        </h3>
        <p>지급 여부나 금액은 {insuCompNm} 고객센터에 물어보세요.</p>
        {chosen.map((insurer) =>
          insurer.callCenter ? (
            <a
              key={insurer.insuCompCd}
              className="btn btn--secondary btn--block call-link"
              href={`tel:${insurer.callCenter.replace(/\D/g, '')}`}
            >
              {insurer.insuCompNm} 고객센터 {insurer.callCenter} 전화하기
            </a>
          ) : insurer.homepage ? (
            <a
              key={insurer.insuCompCd}
              className="btn btn--secondary btn--block call-link"
              href={insurer.homepage}
              target="_blank"
              rel="noreferrer"
            >
              {insurer.insuCompNm} 누리집 열기 (새 창)
            </a>
          ) : (
            <p key={insurer.insuCompCd} className="field__hint">
              {insurer.insuCompNm} 고객센터 번호는 보험증권이나 보험사 누리집에서 확인할 수 있어요.
            </p>
          ),
        )}
      </section>
    </InfoStep>
  );
}
