// /web/complete?type=child: a child's enrolment is done (README "A parent enrols her children"). Says plainly what
// happens next: claims start only after an operator has checked the relation document, the visits before that are
// claimed then, she is told either way, every message names the child, and at 19 the child claims for herself. The
// document that did not go up with the subscription is sent again here. "다른 자녀도 신청하기" starts the next child
// from what the parent already answered (parts/child.ts).
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ADULT_AGE, KAKAO_NOTI_TERMS_ID } from '@auto-claim/contract';
import { landingPath } from '../../auth/rules';
import { particle } from '../../i18n/josa';
import { refusal } from '../../i18n/refusals';
import { t as tNow, useT } from '../../i18n/t';
import { useClaimStore, type ChildDone } from '../../store/claim';
import { toast } from '../../ui';
import { stepPath } from '../../wizard/steps';
import { RELATION_STATUS, calledNm, startNextChild } from '../security/parts/child';
import { formatYmd } from '../security/parts/format';
import { RelationResend } from '../security/parts/RelationResend';
import '../security/parts/enrol.css';
import '../security/parts/child.css';

function Done({ child }: { child: ChildDone }) {
  const t = useT();
  const navigate = useNavigate();
  const kakao = useClaimStore((s) => s.reg.optTerms.includes(KAKAO_NOTI_TERMS_ID));
  const setChild = useClaimStore((s) => s.setChild);
  const name = calledNm(child.userNm);
  const failed = child.relationStatus === 'required';

  const update = (patch: Partial<ChildDone>) => {
    const { done } = useClaimStore.getState().child;
    setChild({ done: done.map((d) => (d.insuApplyId === child.insuApplyId ? { ...d, ...patch } : d)) });
  };

  return (
    <section className="done done--child" aria-labelledby="done-title">
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
      <h2 id="done-title" className="done__title">
        {t('child.done.title', '{name}의 자동청구 신청을 마쳤어요', { name })}
      </h2>
      <p className="done__text">
        <span className={`child-status child-status--${child.relationStatus}`}>
          {RELATION_STATUS[child.relationStatus]()}
        </span>
      </p>
      {failed ? (
        <div className="child-failed" role="alert">
          <h3 className="wz-subtitle">{t('child.done.failed', '가족관계 서류를 보내지 못했어요')}</h3>
          <p>
            {refusal(child.uploadError) || t('child.done.failed.short', '서류를 보내지 못했어요.')}{' '}
            {t(
              'child.done.failed.again',
              '아래에서 다시 보내 주세요. 서류를 확인하기 전에는 {name}의 진료비를 청구하지 않아요.',
              { name },
            )}
          </p>
        </div>
      ) : (
        <p className="done__lead">
          {t(
            'child.done.lead',
            '담당자가 가족관계 서류를 확인한 뒤부터 {name}의 진료비를 자동으로 청구해요. 확인하기 전에 받은 진료도 확인을 마치면 청구해요.',
            { name },
          )}
        </p>
      )}
      {failed && (
        <RelationResend
          insuApplyId={child.insuApplyId}
          start={child.relation}
          onSent={(sent) => {
            update({ relationStatus: sent.relation.status, uploadError: '' });
            toast(t('child.resend.done', '가족관계 서류를 보냈어요. 담당자가 확인할게요.'));
          }}
        />
      )}
      <ul className="explain">
        <li>
          {t(
            'child.done.told',
            '서류 확인을 마치거나 서류를 다시 올려야 하면 {channel, select, kakao {카카오 알림톡(받을 수 없으면 문자)로} other {문자로}} 알려 드려요.',
            { channel: kakao ? 'kakao' : 'sms' },
          )}
        </li>
        <li>
          {t(
            'child.done.messages',
            '{name}의 진료비를 청구할 때와 보험사가 접수, 서류 요청, 지급, 반려를 알려 올 때마다 보호자님 휴대폰으로 알려 드려요. 메시지마다 {name}의 이름이 나와요.',
            { name },
          )}
        </li>
        {child.adultOn && (
          <li>
            {t(
              'child.done.adult',
              '{date}에 만 {age}세가 되면 그날부터 받은 진료는 청구하지 않아요. 한 달 전과 그날 알려 드리고, 그때부터는 {name}{nameJosa} 직접 가입할 수 있어요.',
              { date: formatYmd(child.adultOn), age: ADULT_AGE, name, nameJosa: particle(name, '이/가') },
            )}
          </li>
        )}
        <li>{t('child.done.account', '보험금은 신청할 때 고른 계좌로 들어와요.')}</li>
      </ul>
      <div className="bottom-action stack">
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => {
            startNextChild();
            navigate(stepPath('childInfo'));
          }}
        >
          {t('child.done.next', '다른 자녀도 신청하기')}
        </button>
        <Link className="btn btn--secondary btn--block" to={landingPath(useClaimStore.getState())}>
          {t('child.done.home', '처음으로')}
        </Link>
      </div>
    </section>
  );
}

export function ChildComplete() {
  const navigate = useNavigate();
  const last = useClaimStore((s) => s.child.done.at(-1));
  // Nothing finished in this tab (a reload keeps no personal data, or a shared address): back to the start.
  useEffect(() => {
    if (last) return;
    toast(tNow('child.done.nothing', '이 화면에서 마친 신청이 없어요. 처음 화면에서 신청할 수 있어요.'));
    navigate(landingPath(useClaimStore.getState()), { replace: true });
  }, [last, navigate]);
  return last ? <Done child={last} /> : null;
}
