// The steps of signing up (spec §2 "sign-up order").
// The same five steps the wizard's progress line names (wizard/steps.ts PHASES). The time is the keystroke-level
// estimate of an older patient's walk (docs/performance.md, "An older patient's enrolment"), and that it costs nothing
// is said before the start button.
import { useT } from '../../i18n/t';

export function SignUpOrder() {
  const t = useT();
  const STEPS = [
    [
      t('landing.order.identity.title', '본인 확인'),
      t('landing.order.identity.text', '약관에 한 번에 동의하고, 내 명의 휴대폰으로 문자 인증해요'),
    ],
    [t('landing.order.insurer.title', '보험사 선택'), t('landing.order.insurer.text', '가입한 보험사를 골라요')],
    [t('landing.order.idcard.title', '신분증'), t('landing.order.idcard.text', '보험사가 원하면 신분증을 찍어 올려요')],
    [
      t('landing.order.account.title', '계좌와 주소'),
      t('landing.order.account.text', '보험금 받을 계좌와 주소를 적어요'),
    ],
    [
      t('landing.order.sign.title', '서명'),
      t('landing.order.sign.text', '위임장과 동의서를 보고 서명하면, 이제 청구는 자동이에요'),
    ],
  ] as const;
  return (
    <section className="landing-section" aria-labelledby="order-title">
      <h2 id="order-title" className="landing-section__title">
        {t('landing.order.title', '가입은 {steps}단계, {minutes}분 안팎이에요', { steps: 5, minutes: 6 })}
      </h2>
      <p className="landing-free">
        <strong>{t('landing.order.free', '이용료는 무료예요.')}</strong>{' '}
        {t('landing.order.freeText', '가입할 때도, 청구할 때도 돈을 받지 않아요.')}
      </p>
      <ol className="steps">
        {STEPS.map(([title, text]) => (
          <li key={title} className="step">
            <strong className="step__title">{title}</strong>
            <span className="step__text">{text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
