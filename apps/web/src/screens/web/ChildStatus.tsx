// Above a child's history on /web/treat (README "A parent enrols her children"): whether her claims wait for the
// relation document (being checked, or refused with the operator's reason and a way to send it again), whether she
// has turned 19 (nothing new is claimed; she can enrol herself), or her subscription ended.
import { useState } from 'react';
import { ADULT_AGE, type ChildSubscription } from '@auto-claim/contract';
import { askStepUp } from '../../api/client';
import { particle } from '../../i18n/josa';
import { t as tNow, useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';
import { formatYmd } from '../security/parts/format';
import { toast } from '../../ui';
import { RelationResend } from '../security/parts/RelationResend';
import '../security/parts/child.css';

/** Sending the document again needs an SMS-verified session: a link's session verifies once more first. */
function Resend({ child }: { child: ChildSubscription }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <RelationResend
        insuApplyId={child.insuApplyId}
        onSent={() => {
          setOpen(false);
          toast(t('child.resend.done', '가족관계 서류를 보냈어요. 담당자가 확인할게요.'));
        }}
      />
    );
  }
  return (
    <button
      type="button"
      className="btn btn--primary btn--block"
      onClick={async () => {
        const verified = Boolean(useClaimStore.getState().reg.userCi);
        if (
          verified ||
          (await askStepUp(tNow('stepUp.why.relation', '가족관계 서류를 올리려면 본인인증을 한 번 더 해 주세요.')))
        )
          setOpen(true);
      }}
    >
      {t('child.resend', '가족관계 서류 다시 올리기')}
    </button>
  );
}

export function ChildStatus({ child }: { child: ChildSubscription }) {
  const t = useT();
  const name = child.calledNm;
  const nameJosa = particle(name, '이/가');
  if (child.subsStatus === 'cancel') {
    return (
      <section className="tr-request child-state" aria-labelledby="child-state-title">
        <h2 id="child-state-title" className="tr-request__title">
          {child.endReason === 'grown_up'
            ? t('child.ended.grownUp', '{name}{nameJosa} 직접 가입해서 보호자 자동청구를 마쳤어요', { name, nameJosa })
            : t('child.ended', '{name}의 자동청구를 해지했어요', { name })}
        </h2>
        <p>{t('child.ended.text', '앞으로 받는 진료는 청구하지 않아요. 지난 청구의 진행은 아래에서 볼 수 있어요.')}</p>
      </section>
    );
  }
  if (child.grownUp) {
    return (
      <section className="tr-request child-state" aria-labelledby="child-state-title">
        <h2 id="child-state-title" className="tr-request__title">
          {t('child.grownUp', '{name}{nameJosa} 만 {age}세가 되었어요', { name, nameJosa, age: ADULT_AGE })}
        </h2>
        <p>
          {/* A link session reads no birth date (masked until SMS step-up): the day is said in words. */}
          {child.adultOn
            ? t('child.grownUp.from', '{day}부터 받은 진료는 보호자가 청구하지 않아요.', {
                day: formatYmd(child.adultOn),
              })
            : t('child.grownUp.fromBirthday', '만 {age}세 생일부터 받은 진료는 보호자가 청구하지 않아요.', {
                age: ADULT_AGE,
              })}{' '}
          {t(
            'child.grownUp.text',
            '그 전 진료는 계속 청구해요. {name}{nameJosa} 직접 본인인증을 하고 자동청구에 가입할 수 있어요.',
            { name, nameJosa },
          )}
        </p>
      </section>
    );
  }
  const { status, refuseReason } = child.relation;
  if (status === 'confirmed') return null;
  return (
    <section
      className={`tr-request child-state child-state--${status}`}
      aria-labelledby="child-state-title"
      role={status === 'refused' ? 'alert' : undefined}
    >
      <h2 id="child-state-title" className="tr-request__title">
        {status === 'pending'
          ? t('child.relation.pending', '가족관계 서류를 확인하고 있어요')
          : status === 'refused'
            ? t('child.relation.refused', '가족관계 서류를 다시 올려 주세요')
            : t('child.relation.missing', '가족관계 서류를 올려 주세요')}
      </h2>
      {status === 'refused' && refuseReason && (
        <p className="child-state__reason">
          <strong>{t('child.relation.operator', '담당자 안내:')} </strong>
          {refuseReason}
        </p>
      )}
      <p>
        {status === 'pending'
          ? t(
              'child.relation.pending.text',
              '담당자가 확인을 마치면 {name}의 진료비를 청구해요. 그 전에 병원에서 온 진료도 그때 청구하고, 확인하면 알려 드려요.',
              { name },
            )
          : t(
              'child.relation.missing.text',
              '서류를 확인하기 전에는 {name}의 진료비를 청구하지 않아요. 3개월 안에 발급한 가족관계증명서나 주민등록등본을 올려 주세요.',
              { name },
            )}
      </p>
      {status !== 'pending' && <Resend child={child} />}
    </section>
  );
}
