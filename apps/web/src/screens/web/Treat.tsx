// /web/treat (spec §2 "auto-claim treatment history"; README "Claim engine"): each visit the hospital sent, what was
// claimed to which insurer, its status and amount; visits that were not claimed automatically, with why, and a way
// to claim them (confirm, then the status shows); an insurer's request for an ID copy; and the access log: every
// release of the patient's records and every delivery. Opened from the 알림톡 link or after SMS verification.
// Visits a hospital sent under the patient's resident number only, before that number was confirmed to be theirs,
// come first and alone ("내 진료가 맞나요?"): when and where only, claimed once the patient says they are theirs
// (docs/hospital-integration.md, "Matching"). A guardian sees each child's history apart, in a tab named after her,
// beside her own when she has one (README "A parent enrols her children"); a child's tab says first whether her
// relation document is still being checked, which holds her claims.
import { useState, type KeyboardEvent } from 'react';
import { useChildren } from '../../api/children';
import { useTreats } from '../../api/treats';
import { useT } from '../../i18n/t';
import { Checking, NeedAuth } from './NeedAuth';
import { useLinkSession } from './useLinkSession';
import { TreatHistory } from './TreatHistory';
import './treat.css';

export default function Treat() {
  const session = useLinkSession('treat');
  if (session.state === 'checking') return <Checking />;
  if (session.state === 'needAuth') return <NeedAuth reason={session.reason} back="/web/treat" />;
  return <Histories first={session.child} focusTreatId={session.treatId} />;
}

/**
 * A guardian's histories: one tab per child, named, and her own when she has any (README "A parent enrols her
 * children"); without children, her own as it always was. Arrow keys move between the tabs (WAI-ARIA tabs).
 */
function Histories({ first, focusTreatId }: { first?: string; focusTreatId?: string | undefined }) {
  const t = useT();
  const children = useChildren(true);
  const own = useTreats(true);
  // A message about one child opens her history first.
  const [chosen, setChosen] = useState<string | undefined>(first);

  if (children.isPending || (children.data?.list.length && own.isPending)) {
    return (
      <div className="screen" aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('treat.loading', '진료 내역을 불러오고 있어요')}
        </p>
        <div className="skeleton skeleton--list" />
      </div>
    );
  }
  const kids = children.data?.list ?? [];
  if (kids.length === 0) return <TreatHistory focusTreatId={focusTreatId} />;

  const ownShown = !own.data || own.data.list.length > 0 || own.data.toConfirm.length > 0;
  const tabs = [
    ...(ownShown ? [{ id: 'self', label: t('treat.tab.mine', '내 진료'), child: undefined }] : []),
    ...kids.map((k) => ({ id: k.insuApplyId, label: k.userNm, child: k })),
  ];
  const current = tabs.find((tab) => tab.id === chosen) ?? tabs[0]!;
  const move = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = tabs.indexOf(current);
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    setChosen(tabs[to]!.id);
    document.getElementById(`tr-tab-${tabs[to]!.id}`)?.focus();
  };
  return (
    <div className="screen tr">
      <div className="tr-tabs" role="tablist" aria-label={t('treat.tabs', '누구의 진료 내역을 볼까요?')}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`tr-tab-${tab.id}`}
            type="button"
            role="tab"
            className="tr-tab"
            aria-selected={tab.id === current.id}
            aria-controls={`tr-panel-${tab.id}`}
            tabIndex={tab.id === current.id ? 0 : -1}
            onClick={() => setChosen(tab.id)}
            onKeyDown={move}
          >
            {tab.label}
            {tab.child && tab.child.relation.status !== 'confirmed' && (
              <span className="visually-hidden"> ({tab.child.relation.statusNm})</span>
            )}
          </button>
        ))}
      </div>
      <div id={`tr-panel-${current.id}`} role="tabpanel" aria-labelledby={`tr-tab-${current.id}`} tabIndex={-1}>
        <TreatHistory
          key={current.id}
          child={current.child}
          inTabs
          focusTreatId={current.id === (first ?? 'self') ? focusTreatId : undefined}
        />
      </div>
    </div>
  );
}
