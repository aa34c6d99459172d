// The /web/ variants of spec §2 reuse the wizard's screens in the web layout. They are not behind the /security/
// guard (a patient may arrive from a hospital app or a 알림톡 link), but they still act only for a verified patient:
// without one they say so and lead to verification instead of showing an empty form.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { landingPath } from '../../auth/rules';
import { useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';

export function WebVariant({ children }: { children: ReactNode }) {
  const t = useT();
  const verified = useClaimStore((s) => Boolean(s.reg.userCi));
  if (verified) return <>{children}</>;
  return (
    <section className="notice-screen" aria-labelledby="web-auth-title">
      <h2 id="web-auth-title" className="notice-screen__title">
        {t('needAuth.title', '본인인증이 필요해요')}
      </h2>
      <p className="notice-screen__text">
        {t('webVariant.text', '이 화면은 본인인증을 마친 뒤에 볼 수 있어요. 처음 화면에서 인증해 주세요.')}
      </p>
      <Link className="btn btn--primary btn--block" to={landingPath(useClaimStore.getState())}>
        {t('webVariant.start', '본인인증 하러 가기')}
      </Link>
    </section>
  );
}
