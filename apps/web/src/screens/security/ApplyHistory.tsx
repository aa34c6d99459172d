// /security/applyHistory: for a new enrolment, the summary of everything entered with the submit button (spec §4);
// for a subscribed patient (spec §4: subscriptionStatus === 'subscribe'), 'my subscription'.
import { useState } from 'react';
import { Link } from 'react-router';
import { useSubscriptionStatus, isSubscribed } from '../../api/subscriptions';
import { useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';
import { landingPath } from '../../auth/rules';
import { MySubscription } from './parts/MySubscription';
import { Summary } from './parts/Summary';
import './parts/enrol.css';

export default function ApplyHistory() {
  const t = useT();
  const userCi = useClaimStore((s) => s.reg.userCi);
  const status = useSubscriptionStatus(userCi);
  const [cancelled, setCancelled] = useState(false);

  if (cancelled) {
    return (
      <section className="done" aria-labelledby="cancelled-title">
        <h2 id="cancelled-title" className="done__title" tabIndex={-1} ref={(el) => el?.focus()}>
          {t('applyHistory.cancelled', '자동청구를 해지했어요')}
        </h2>
        <p className="done__text">
          {t(
            'applyHistory.cancelled.text',
            '앞으로 받는 진료는 자동으로 청구되지 않아요. 언제든 다시 가입할 수 있어요.',
          )}
        </p>
        <Link className="btn btn--primary btn--block" to={landingPath(useClaimStore.getState())}>
          {t('complete.home', '처음으로')}
        </Link>
      </section>
    );
  }
  if (status.isPending) {
    return (
      <section className="notice-screen" aria-busy="true">
        <div className="spinner" aria-hidden="true" />
        <h2 className="notice-screen__title" role="status">
          {t('applyHistory.checking', '가입 내용을 확인하고 있어요')}
        </h2>
      </section>
    );
  }
  if (isSubscribed(status.data) && status.data.subscription) {
    return (
      <MySubscription
        view={status.data}
        onCancelled={() => {
          useClaimStore.getState().reset();
          setCancelled(true);
        }}
      />
    );
  }
  return <Summary />;
}
