// "이미 가입하셨나요?": a subscriber who comes back (README "A subscriber who comes back") goes straight to the SMS
// verification and then to her subscription ('내 자동청구'), never through the sign-up's consent screen again. A real
// link (/identity?for=mine, which Identity reads), so it works from the first paint, before the app takes it over.
import { Link } from 'react-router';
import { APP_BASE } from '@auto-claim/contract';
import { useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';

export function Returning() {
  const t = useT();
  return (
    <p className="landing-returning">
      {t('landing.returning.question', '이미 가입하셨나요?')}{' '}
      <Link
        className="landing-returning__link"
        to={`${APP_BASE}/identity?for=mine`}
        onClick={() => {
          const s = useClaimStore.getState();
          s.reset();
          s.setUi({ afterVerify: '/security/applyHistory' });
        }}
      >
        {t('landing.returning.link', '본인인증하고 내 자동청구 보기')}
      </Link>
    </p>
  );
}
