// /security/whose, "누구의 진료인가요?": right after identity verification, whose visits this enrolment claims. 본인 is one
// tap and the self path goes on as before; 자녀 (under 19) leads to the child's details, her relation and its proof
// (README "A parent enrols her children"). Each answer is a button: nothing to tick, then confirm.
import { lazy, Suspense } from 'react';
import { ADULT_AGE } from '@auto-claim/contract';
import { useChildren } from '../../api/children';
import { t as tNow, useT } from '../../i18n/t';
import { useClaimStore, type Insured } from '../../store/claim';
import { useWizard } from '../../wizard/steps';
import { StepProgress } from '../../wizard/WizardStep';
import './parts/child.css';

// Only a parent who enrolled children before loads their list (and its document upload): the self path does not.
const MyChildren = lazy(() => import('./parts/MyChildren').then((m) => ({ default: m.MyChildren })));

const CHOICES: { insured: Exclude<Insured, ''>; title(): string; detail(): string; icon: 'self' | 'child' }[] = [
  {
    insured: 'self',
    title: () => tNow('whose.self', '본인'),
    detail: () => tNow('whose.self.detail', '내가 받은 진료를 내 보험으로 청구해요.'),
    icon: 'self',
  },
  {
    insured: 'child',
    title: () => tNow('whose.child', '자녀 (만 {age}세 미만)', { age: ADULT_AGE }),
    detail: () =>
      tNow(
        'whose.child.detail',
        '부모(법정대리인)로서 자녀의 진료를 자녀의 보험으로 청구해요. 가족관계증명서나 주민등록등본이 필요해요.',
      ),
    icon: 'child',
  },
];

function Icon({ kind }: { kind: 'self' | 'child' }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
      {kind === 'self' ? (
        <>
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M4.5 21c1-4.2 4-6.3 7.5-6.3s6.5 2.1 7.5 6.3" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </>
      ) : (
        <>
          <circle cx="8" cy="7" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M2.5 20c.8-3.6 3-5.4 5.5-5.4s4.7 1.8 5.5 5.4" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <circle cx="17" cy="11" r="2.4" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M13.8 20.5c.5-2.6 1.6-3.9 3.2-3.9s2.7 1.3 3.2 3.9"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
        </>
      )}
    </svg>
  );
}

export default function Whose() {
  const t = useT();
  const { next, progress } = useWizard('whose');
  const chosen = useClaimStore((s) => s.ui.insured);
  const children = useChildren(true);

  const choose = (insured: Exclude<Insured, ''>) => {
    // A fresh start: nothing is carried from a child enrolled before in this tab (wizard/nextChild.ts).
    useClaimStore.getState().setChild({ carry: null });
    useClaimStore.getState().setUi({ insured });
    next();
  };

  return (
    <div className="screen">
      <StepProgress {...progress} />
      <h2 className="screen__lead" id="whose-lead">
        {t('whose.lead', '누구의 진료비를 자동으로 청구할까요?')}
      </h2>
      <p className="screen__sub">
        {t('whose.sub', '본인과 자녀 모두 신청하려면, 하나를 마친 뒤 이어서 신청할 수 있어요.')}
      </p>
      <ul className="choice-list" aria-labelledby="whose-lead">
        {CHOICES.map((c) => (
          <li key={c.insured}>
            <button
              type="button"
              className="choice whose__choice"
              aria-pressed={chosen === c.insured}
              onClick={() => choose(c.insured)}
            >
              <span className="choice__icon">
                <Icon kind={c.icon} />
              </span>
              <span className="choice__text">
                <span className="choice__title">{c.title()}</span>
                <span className="choice__detail">{c.detail()}</span>
              </span>
              <span className="choice__chevron" aria-hidden="true">
                ›
              </span>
            </button>
          </li>
        ))}
      </ul>
      {/* A parent back for another child sees those she enrolled, and whether their documents were checked. */}
      {Boolean(children.data?.list.length) && (
        <Suspense fallback={null}>
          <MyChildren />
        </Suspense>
      )}
    </div>
  );
}
