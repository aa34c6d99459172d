// Above the SMS verification (/identity, /certInput): the sign-up's step line while enrolling; when the patient
// verifies only to open her history or send an ID copy (an 알림톡 link that did not open here: ui.afterVerify), what
// for, and that this is no new sign-up (never the sign-up's "1단계"); likewise a subscriber who comes back to her
// subscription from the landing ("이미 가입하셨나요?": /identity?for=mine).
import { useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';
import { progressOf } from '../../wizard/steps';
import { StepProgress } from '../../wizard/WizardStep';

export function VerifyPurpose() {
  const t = useT();
  const afterVerify = useClaimStore((s) => s.ui.afterVerify);
  if (!afterVerify) return <StepProgress {...progressOf('jumin')} />;
  const purpose = {
    '/web/treat': t('verify.for.treat', '내 진료·청구 내역을 보려고 본인인증을 해요.'),
    '/web/IDPhoto': t('verify.for.idPhoto', '보험사가 요청한 신분증 사본을 보내려고 본인인증을 해요.'),
    '/web/statement': t('verify.for.statement', '이번 달 자동청구 명세를 보려고 본인인증을 해요.'),
    '/security/applyHistory': t('verify.for.mine', '내 자동청구를 보려고 본인인증을 해요.'),
  }[afterVerify];
  return (
    <p className="verify-purpose">
      {purpose} {t('verify.notNew', '새로 가입하는 게 아니에요. 인증하면 바로 보여 드려요.')}
    </p>
  );
}
