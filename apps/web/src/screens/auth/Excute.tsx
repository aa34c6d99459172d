// /excute (spec §2: no title, no back button): after verification, ask the server whether this person is already
// subscribed, fill the store from the answer, and route: a new patient into enrolment (or back into the one she began:
// her draft, wizard/draft.ts), a subscribed one to her subscription ('내 자동청구'), recognised: the terms she agreed
// when she subscribed stand, so nothing ticked on the way here (the optional marketing consent) is recorded again.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { API, APP_BASE } from '@auto-claim/contract';
import { api, ApiError } from '../../api/client';
import { confirmHospitals, confirmSubscription } from '../../api/subscriptions';
import { landingPath } from '../../auth/rules';
import { useClaimStore, withEnrolDefaults } from '../../store/claim';
import { alert } from '../../ui';
import { resumeDraft } from '../../wizard/draft';
import { stepPath } from '../../wizard/steps';
import { refusal } from '../../i18n/refusals';
import { t } from '../../i18n/t';

export default function Excute() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    const { reg, ui, setReg, setRepository, setUi } = useClaimStore.getState();
    if (!reg.userCi) {
      navigate(landingPath({ reg, ui }), { replace: true });
      return;
    }
    (async () => {
      try {
        // The resident number's back part is asked only after this (/security/jumin): the confirm goes with the six
        // digits of the birthday, or all thirteen when this patient already gave them in this tab.
        const [sub, hospitals] = await Promise.all([confirmSubscription(reg), confirmHospitals(reg)]);
        if (sub instanceof ApiError) throw sub;
        if (hospitals instanceof ApiError) throw hospitals;
        setRepository({ myPossibleHospitals: hospitals.hospitals });
        // Came by a 알림톡 link that did not open here and verified by SMS instead: back to the screen it meant (her
        // history is hers by CI, subscribed or not), never into the sign-up. Or came back for her subscription.
        const back = ui.afterVerify;
        if (back) setUi({ afterVerify: '' });
        if (sub.subscriptionStatus === 'subscribe') {
          // Recognised: her own terms and consents stand as she gave them (README "A subscriber who comes back").
          setReg({ ...sub.reg, multiSubscrib: hospitals.hospitals.map((h) => h.hospitalCd) });
          if (sub.hospitalNm) setRepository({ hospitalNm: sub.hospitalNm });
          navigate(`${APP_BASE}${back || '/security/applyHistory'}`, { replace: true });
          return;
        }
        // The terms were agreed before anyone was verified: now they are recorded against this person (the telecom
        // ones went with the SMS request).
        const agreed = [...reg.termsIds, ...reg.optTerms];
        if (agreed.length > 0) await api.post(API.termsAgree, { termsIds: agreed });
        if (back === '/security/applyHistory') {
          // Came back for a subscription she does not have: the sign-up, from its consent screen (verified already).
          await alert(
            t('excute.notSubscribed', '아직 자동청구에 가입하지 않으셨어요. 약관에 동의하고 가입을 시작해 주세요.'),
            { title: t('excute.notSubscribed.title', '가입 내역이 없어요') },
          );
          navigate(`${APP_BASE}/authAgreeInfo`, { replace: true });
        } else if (back) {
          navigate(`${APP_BASE}${back}`, { replace: true });
        } else {
          // A new enrolment: what the walk does not ask starts at its default, shown on the summary with "변경";
          // then its first screen (wizard/steps.ts), which also asks whose visits; or the one she began, where she was.
          setReg(withEnrolDefaults(useClaimStore.getState().reg));
          const resumed = await resumeDraft();
          if (resumed?.message) {
            await alert(resumed.message, { title: t('excute.resumed', '하던 신청을 이어서 할게요') });
          }
          navigate(stepPath(resumed?.step ?? 'jumin'), { replace: true });
        }
      } catch (e) {
        setFailed(
          e instanceof ApiError
            ? refusal(e.detail)
            : t('excute.failed.detail', '가입 정보를 확인하지 못했어요. 잠시 후 다시 시도해 주세요.'),
        );
      }
    })();
  }, [navigate]);

  if (failed) {
    return (
      <section className="notice-screen" role="alert">
        <h2 className="notice-screen__title">{t('excute.failed', '가입 정보를 확인하지 못했어요')}</h2>
        <p className="notice-screen__text">{failed}</p>
        <button type="button" className="btn btn--primary btn--block" onClick={() => window.location.reload()}>
          {t('routeError.retry', '다시 시도')}
        </button>
      </section>
    );
  }
  return (
    <section className="notice-screen" aria-busy="true">
      <div className="spinner" aria-hidden="true" />
      <h2 className="notice-screen__title" role="status">
        {t('excute.checking', '가입 정보를 확인하고 있어요')}
      </h2>
      <p className="notice-screen__text">{t('excute.wait', '잠시만 기다려 주세요.')}</p>
    </section>
  );
}
