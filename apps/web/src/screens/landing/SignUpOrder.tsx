// The steps of signing up (spec §2 "sign-up order").
// The same five steps the wizard's progress line names (wizard/steps.ts PHASES).
const STEPS = [
  ['본인 확인', '내 명의 휴대폰으로 문자 인증해요'],
  ['보험사 선택', '가입한 보험사를 골라요'],
  ['신분증', '신분증을 찍어 올려요'],
  ['받을 계좌', '보험금 받을 계좌를 적어요'],
  ['서명', '서명하면 이제 청구는 자동이에요'],
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
