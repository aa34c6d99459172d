// Shown on /web/treat and /web/IDPhoto when neither the 알림톡 link nor an earlier session says who this is: the
// patient verifies by SMS and comes straight back to the screen the link meant. Not the sign-up: the
// service terms were agreed when she subscribed, so the identity screen comes first, without the sign-up's steps.
import { useNavigate } from 'react-router';
import { APP_BASE } from '@auto-claim/contract';
import { useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';

export function NeedAuth({
  reason,
  back,
}: {
  reason: string | undefined;
  back: '/web/treat' | '/web/IDPhoto' | '/web/statement';
}) {
  const t = useT();
  const navigate = useNavigate();
  const start = () => {
    useClaimStore.getState().setUi({ afterVerify: back });
    navigate(`${APP_BASE}/identity`);
  };
  return (
    <section className="notice-screen" aria-labelledby="need-auth-title">
      <h2 id="need-auth-title" className="notice-screen__title">
        {t('needAuth.title', '본인인증이 필요해요')}
      </h2>
      <p className="notice-screen__text" role={reason ? 'alert' : undefined}>
        {reason ?? t('needAuth.text', '진료 내역은 본인만 볼 수 있어요. 휴대폰 본인인증을 하면 바로 보여 드려요.')}
      </p>
      <button type="button" className="btn btn--primary btn--block" onClick={start}>
        {t('needAuth.start', '휴대폰 본인인증 하기')}
      </button>
    </section>
  );
}

/** While the link is being checked. */
export function Checking() {
  const t = useT();
  return (
    <section className="notice-screen" aria-busy="true">
      <div className="spinner" aria-hidden="true" />
      <h2 className="notice-screen__title" role="status">
        {t('needAuth.checking', '본인 확인 중이에요')}
      </h2>
      <p className="notice-screen__text">
        {t('needAuth.checking.text', '알림톡 링크가 이 휴대폰에서 연 링크인지 확인하고 있어요. 잠시만 기다려 주세요.')}
      </p>
    </section>
  );
}
