// Above the SMS verification (/identity, /certInput): the sign-up's step line while enrolling; when the patient
// verifies only to open her history or send an ID copy (an 알림톡 link that did not open here: ui.afterVerify), what
// for, and that this is no new sign-up (never the sign-up's "1단계"); likewise a subscriber who comes back to her
// subscription from the landing ("이미 가입하셨나요?": /identity?for=mine).
import { useClaimStore } from '../../store/claim';
import { progressOf } from '../../wizard/steps';
import { StepProgress } from '../../wizard/WizardStep';

const FOR = {
  '/web/treat': '내 진료·청구 내역을 보려고',
  '/web/IDPhoto': '보험사가 요청한 신분증 사본을 보내려고',
  '/web/statement': '이번 달 자동청구 명세를 보려고',
  '/security/applyHistory': '내 자동청구를 보려고',
};

export function VerifyPurpose() {
  const afterVerify = useClaimStore((s) => s.ui.afterVerify);
  if (!afterVerify) return <StepProgress {...progressOf('jumin')} />;
  return (
    <p className="verify-purpose">
      {FOR[afterVerify]} 본인인증을 해요. 새로 가입하는 게 아니에요. 인증하면 바로 보여 드려요.
    </p>
  );
}
