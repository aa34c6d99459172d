// /web/complete: '자동청구 완료' after a subscription, or '신분증 제출' when type=idSubmit (spec §2: the route table
// gives the title by the same query). Says she finished only when the server says she is subscribed: opened by
// someone who never enrolled (a bookmark, a shared address), it sends her to the start and says why.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { APP_BASE, KAKAO_NOTI_TERMS_ID } from '@auto-claim/contract';
import { fetchSubscriptionStatus, isSubscribed } from '../../api/subscriptions';
import { fillFromSession, probeSession } from '../../auth/session';
import { landingPath } from '../../auth/rules';
import { useClaimStore } from '../../store/claim';
import { t as tNow, useT } from '../../i18n/t';
import { toast } from '../../ui';
import { ChildComplete } from './ChildComplete';
import '../security/parts/enrol.css';

/** Is this browser's patient subscribed? Asked of the server (a session first, so nobody meets a logout alert). */
function useSubscribed(ask: boolean): boolean | undefined {
  const [subscribed, setSubscribed] = useState<boolean>();
  useEffect(() => {
    if (!ask) return;
    let live = true;
    void (async () => {
      if (!useClaimStore.getState().reg.userCi) {
        const s = await probeSession();
        if (!s || !fillFromSession(s)) {
          if (live) setSubscribed(false);
          return;
        }
      }
      const status = await fetchSubscriptionStatus();
      if (live) setSubscribed(isSubscribed(status));
    })();
    return () => {
      live = false;
    };
  }, [ask]);
  return subscribed;
}

/** A child's enrolment has its own finish (README "A parent enrols her children"); the rest is the spec's. */
export default function Complete() {
  const [params] = useSearchParams();
  return params.get('type') === 'child' ? <ChildComplete /> : <SubscriptionComplete />;
}

function SubscriptionComplete() {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const idSubmit = params.get('type') === 'idSubmit';
  const hospitalNm = useClaimStore((s) => s.repository.hospitalNm);
  const verified = useClaimStore((s) => Boolean(s.reg.userCi));
  const subscribed = useSubscribed(!idSubmit);
  // What she chose at the optional 알림톡 consent (the spec's kakaoNotiCheck) decides how she hears of her claims.
  const kakao = useClaimStore((s) => s.reg.optTerms.includes(KAKAO_NOTI_TERMS_ID));

  useEffect(() => {
    if (subscribed !== false) return;
    toast(tNow('complete.none', '자동청구 가입 내역이 없어요. 처음 화면에서 신청할 수 있어요.'));
    navigate(landingPath(useClaimStore.getState()), { replace: true });
  }, [subscribed, navigate]);

  if (!idSubmit && !subscribed) {
    return (
      <section className="notice-screen" aria-busy="true">
        <div className="spinner" aria-hidden="true" />
        <h2 className="notice-screen__title" role="status">
          {t('complete.checking', '가입 내역을 확인하고 있어요')}
        </h2>
      </section>
    );
  }

  return (
    <section className="done" aria-labelledby="done-title">
      <div className="done__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40">
          <path
            d="M5 12.5l4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      {idSubmit ? (
        <>
          <h2 id="done-title" className="done__title">
            {t('complete.idSubmit', '신분증을 제출했어요')}
          </h2>
          <p className="done__text">
            {t(
              'complete.idSubmit.text',
              '보험사가 확인한 뒤 보험금 청구를 이어서 진행해요. 결과는 가입할 때 고른 방법(카카오 알림톡이나 문자)으로 알려 드려요.',
            )}
          </p>
        </>
      ) : (
        <>
          <h2 id="done-title" className="done__title">
            {t('complete.title', '자동청구 신청을 마쳤어요')}
          </h2>
          <p className="done__text">
            {hospitalNm
              ? t('complete.from', '이제 {hospitalNm}에서 진료를 받으면 보험금이 자동으로 청구돼요.', { hospitalNm })
              : t('complete.fromAny', '이제 병원에서 진료를 받으면 보험금이 자동으로 청구돼요.')}{' '}
            {kakao
              ? t(
                  'complete.kakao',
                  '청구할 때와 보험사가 접수, 서류 요청, 지급, 반려를 알려 올 때마다 카카오 알림톡으로 알려 드려요. 알림톡을 받을 수 없으면 문자로 보내요.',
                )
              : t(
                  'complete.sms',
                  '청구할 때와 보험사가 접수, 서류 요청, 지급, 반려를 알려 올 때마다 문자로 알려 드려요.',
                )}
          </p>
          <ul className="explain">
            <li>{t('complete.how.papers', '진료비를 내면 병원이 서류를 보내고, 보험사에 자동으로 청구돼요.')}</li>
            <li>
              {t('complete.how.payout', '보험금은 보험사 심사 후 등록한 계좌로 들어와요. 지급하면 금액을 알려 드려요.')}
            </li>
            <li>
              {t(
                'complete.how.hours',
                '보험사의 심사 결과는 오전 8시부터 오후 9시 사이에 알려 드려요. 밤에 온 결과는 다음 날 아침 8시에 보내요.',
              )}
            </li>
            <li>
              {t(
                'complete.how.change',
                '계좌, 주소, 청구 금액, 알림 받는 방법은 ‘내 자동청구’에서 언제든 바꿀 수 있어요.',
              )}
            </li>
          </ul>
        </>
      )}
      <div className="bottom-action stack">
        {verified && !idSubmit && (
          <Link className="btn btn--primary btn--block" to={`${APP_BASE}/security/applyHistory`}>
            {t('complete.mine', '내 자동청구 보기')}
          </Link>
        )}
        <Link
          className={`btn btn--block ${verified && !idSubmit ? 'btn--secondary' : 'btn--primary'}`}
          to={landingPath(useClaimStore.getState())}
        >
          {t('complete.home', '처음으로')}
        </Link>
      </div>
    </section>
  );
}
