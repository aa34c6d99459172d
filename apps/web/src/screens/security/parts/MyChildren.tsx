// The guardian's children on 'my subscription' and on "누구의 진료인가요?" (README "A parent enrols her children"):
// each child she enrolled, whether her relation document is being checked, confirmed or refused (with the operator's
// reason and a way to send it again), and, where asked, the way to enrol another child.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ADULT_AGE, APP_BASE, type ChildSubscription, type RelationStatus } from '@auto-claim/contract';
import { useChildren } from '../../../api/children';
import { t as tNow, useT } from '../../../i18n/t';
import { useClaimStore } from '../../../store/claim';
import { toast } from '../../../ui';
import { stepPath } from '../../../wizard/steps';
import { RelationResend } from './RelationResend';
import './enrol.css';
import './child.css';

/** The relation document's state, as the contract's RELATION_STATUS_NM says it. */
const RELATION_STATUS: Record<Exclude<RelationStatus, 'confirmed'>, () => string> = {
  required: () => tNow('relation.status.required', '서류를 보내 주세요'),
  pending: () => tNow('relation.status.pending', '서류 확인 중'),
  refused: () => tNow('relation.status.refused', '서류를 다시 올려 주세요'),
};

function ChildRow({ child }: { child: ChildSubscription }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const status =
    child.subsStatus === 'cancel'
      ? t('myChildren.cancelled', '해지했어요')
      : child.grownUp
        ? t('myChildren.grownUp', '만 {age}세가 되었어요', { age: ADULT_AGE })
        : // Once the document is confirmed, what the parent wants to know is that the claims go.
          child.relation.status === 'confirmed'
          ? t('myChildren.claiming', '청구하고 있어요')
          : RELATION_STATUS[child.relation.status]();
  const tone = child.subsStatus === 'cancel' || child.grownUp ? 'none' : child.relation.status;
  const resend = child.subsStatus === 'subscribe' && ['required', 'refused'].includes(child.relation.status);
  return (
    <li className="my-child">
      <p className="my-child__head">
        <strong>{child.userNm}</strong> <span className={`child-status child-status--${tone}`}>{status}</span>
      </p>
      {child.relation.status === 'refused' && child.relation.refuseReason && (
        <p className="child-state__reason">
          <strong>{t('child.relation.operator', '담당자 안내:')} </strong>
          {child.relation.refuseReason}
        </p>
      )}
      {resend &&
        (open ? (
          <RelationResend
            insuApplyId={child.insuApplyId}
            onSent={() => {
              setOpen(false);
              toast(t('child.resend.done', '가족관계 서류를 보냈어요. 담당자가 확인할게요.'));
            }}
          />
        ) : (
          <button type="button" className="btn btn--secondary btn--block" onClick={() => setOpen(true)}>
            {t('myChildren.resend', '{name}의 가족관계 서류 다시 올리기', { name: child.calledNm })}
          </button>
        ))}
    </li>
  );
}

/** `enrol`: offer "자녀 자동청구 신청하기" (from 'my subscription', where the wizard is not walked). */
export function MyChildren({ enrol = false }: { enrol?: boolean }) {
  const t = useT();
  const children = useChildren(true);
  const navigate = useNavigate();
  const list = children.data?.list ?? [];
  if (!enrol && list.length === 0) return null;
  const start = () => {
    const s = useClaimStore.getState();
    // A child is a subscription of her own: nothing of the parent's subscription is added to or changed.
    s.setReg({ insuApplyId: '', agreeIds: [], signImg: '', signTypedNm: '', jobCd: '', jobNm: '' });
    s.setUi({ insured: 'child' });
    s.setChild({
      person: { userNm: '', birthday: '', sex: '', userIdno2: '', guardianRel: '', userTel: '' },
      relation: { docType: '', issueDate: '', file: '', fileName: '' },
      carry: null,
    });
    navigate(stepPath('jumin'));
  };
  return (
    <section className="stack" aria-labelledby="my-children-title">
      <h3 id="my-children-title" className="summary-card__title">
        {t('myChildren.title', '자녀 자동청구')}
      </h3>
      {list.length > 0 ? (
        <>
          <ul className="my-children">
            {list.map((c) => (
              <ChildRow key={c.insuApplyId} child={c} />
            ))}
          </ul>
          <Link className="btn btn--secondary btn--block" to={`${APP_BASE}/web/treat`}>
            {t('myChildren.history', '자녀 진료 내역 보기')}
          </Link>
        </>
      ) : (
        <p className="screen__sub">
          {t('myChildren.none', '만 {age}세가 되지 않은 자녀의 진료비도 자동으로 청구할 수 있어요.', {
            age: ADULT_AGE,
          })}
        </p>
      )}
      {enrol && (
        <button type="button" className="btn btn--secondary btn--block" onClick={start}>
          {t('myChildren.enrol', '자녀 자동청구 신청하기')}
        </button>
      )}
    </section>
  );
}
