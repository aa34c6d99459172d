// The steps of signing up (spec §2 "sign-up order").
const STEPS = [
  ['본인인증', '내 명의 휴대폰으로 문자 인증해요'],
  ['약관 동의', '청구에 필요한 약관에 동의해요'],
  ['보험사·계좌 선택', '가입한 보험사와 보험금 받을 계좌를 골라요'],
  ['신분증·서명', '신분증을 찍고 화면에 서명해요'],
  ['가입 완료', '이제 진료만 받으면 청구는 자동이에요'],
] as const;

export function SignUpOrder() {
  return (
    <section className="landing-section" aria-labelledby="order-title">
      <h2 id="order-title" className="landing-section__title">
        가입은 5단계, 3분이면 끝나요
      </h2>
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
