// The steps of signing up (spec §2 "sign-up order").
// The same five steps the wizard's progress line names (wizard/steps.ts PHASES). The time is the keystroke-level
// estimate of an older patient's walk (docs/performance.md, "An older patient's enrolment"), and that it costs nothing
// is said before the start button.
const STEPS = [
  ['본인 확인', '약관에 한 번에 동의하고, 내 명의 휴대폰으로 문자 인증해요'],
  ['보험사 선택', '가입한 보험사를 골라요'],
  ['신분증', '보험사가 원하면 신분증을 찍어 올려요'],
  ['계좌와 주소', '보험금 받을 계좌와 주소를 적어요'],
  ['서명', '위임장과 동의서를 보고 서명하면, 이제 청구는 자동이에요'],
] as const;

export function SignUpOrder() {
  return (
    <section className="landing-section" aria-labelledby="order-title">
      <h2 id="order-title" className="landing-section__title">
        가입은 5단계, 6분 안팎이에요
      </h2>
      <p className="landing-free">
        <strong>이용료는 무료예요.</strong> 가입할 때도, 청구할 때도 돈을 받지 않아요.
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
