// /excute (spec §2: no title, no back button): after verification, ask the server whether this person is already
// subscribed, fill the store from the answer, and route: a new patient into enrolment, a subscribed one to the summary.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { API, APP_BASE, type SubscriptionConfirm, type HospitalsConfirm } from '@auto-claim/contract';
import { api, ApiError } from '../../api/client';
import { useClaimStore } from '../../store/claim';

export default function Excute() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    const { reg, ui, setReg, setRepository } = useClaimStore.getState();
    if (!reg.userCi) {
      navigate(ui.prcMode === 'inner' ? `${APP_BASE}/` : `${APP_BASE}/${reg.hospitalCd}`, { replace: true });
      return;
    }
    const who = {
      userCi: reg.userCi,
      userNm: reg.userNm,
      birthday: reg.birthday,
      userIdno2: reg.userIdno2,
      userTel: reg.userTel,
      hospitalCd: reg.hospitalCd,
    };
    (async () => {
      try {
        // The service terms were agreed before anyone was verified: now they are recorded against this person.
        const agreed = [...reg.termsIds, ...reg.optTerms];
        if (agreed.length > 0) await api.post(API.termsAgree, { termsIds: agreed });
        const [sub, hospitals] = await Promise.all([
          api.post<SubscriptionConfirm>(API.subscriptionsConfirm, {
            userCi: reg.userCi,
            hospitalCd: reg.hospitalCd,
            userIdno: reg.birthday.slice(2) + reg.userIdno2,
          }),
          api.post<HospitalsConfirm>(API.subscriptionHospitalsConfirm, who),
        ]);
        if (sub.subscriptionStatus === 'subscribe') {
          setReg({ ...sub.reg, multiSubscrib: hospitals.hospitals.map((h) => h.hospitalCd) });
          if (sub.hospitalNm) setRepository({ hospitalNm: sub.hospitalNm });
          // Came by a 알림톡 link and verified by SMS instead: back to the treatment history (issue 5 §5).
          navigate(ui.kakaoNotiCheck ? `${APP_BASE}/web/treat` : `${APP_BASE}/security/applyHistory`, {
            replace: true,
          });
        } else {
          navigate(`${APP_BASE}/security/jumin`, { replace: true });
        }
      } catch (e) {
        setFailed(e instanceof ApiError ? e.detail : '가입 정보를 확인하지 못했어요. 잠시 후 다시 시도해 주세요.');
      }
    })();
  }, [navigate]);

  if (failed) {
    return (
      <section className="notice-screen" role="alert">
        <h2 className="notice-screen__title">가입 정보를 확인하지 못했어요</h2>
        <p className="notice-screen__text">{failed}</p>
        <button type="button" className="btn btn--primary btn--block" onClick={() => window.location.reload()}>
          다시 시도
        </button>
      </section>
    );
  }
  return (
    <section className="notice-screen" aria-busy="true">
      <div className="spinner" aria-hidden="true" />
      <h2 className="notice-screen__title" role="status">
        가입 정보를 확인하고 있어요
      </h2>
      <p className="notice-screen__text">잠시만 기다려 주세요.</p>
    </section>
  );
}
