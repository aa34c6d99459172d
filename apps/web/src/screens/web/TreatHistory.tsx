// One person's treatment history on /web/treat (the patient's own, or a child's): the ID-copy request, the visits to
// confirm, the visits with their claims, claiming by hand, the access log and the way to her subscription.
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { APP_BASE, type ChildSubscription, type TreatVisit } from '@auto-claim/contract';
import { ApiError, askStepUp } from '../../api/client';
import { useClaimTreat, useClaimTreats, useIdCards, useOlderTreats, useTreats } from '../../api/treats';
import { particle } from '../../i18n/josa';
import { t as tNow, useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';
import { alert, confirm, toast } from '../../ui';
import { ChildStatus } from './ChildStatus';
import { won, shortDay } from './treatFormat';
import { Glossary, VisitCard } from './VisitCard';
import { ToConfirm } from './ToConfirm';
import { AccessLog } from './AccessLog';
import { term } from './words';

/** One person's history: the patient's own, or (`child`) that of a child she is the guardian of. */
export function TreatHistory({
  child,
  inTabs = false,
  focusTreatId,
}: {
  child?: ChildSubscription;
  inTabs?: boolean;
  /** The visit the message's link was about. */
  focusTreatId?: string | undefined;
}) {
  const t = useT();
  const insuApplyId = child?.insuApplyId;
  const treats = useTreats(true, insuApplyId);
  // ID copies are the verified person's own (the insurer asks her, the claimant, for them).
  const idCards = useIdCards(!child);
  // A history left open shows the newest state when she comes back to it (another app, another tab, the phone
  // unlocked): it is read again then.
  const { refetch: refetchTreats } = treats;
  const { refetch: refetchIdCards } = idCards;
  useEffect(() => {
    const again = () => {
      if (document.visibilityState !== 'visible') return;
      void refetchTreats();
      if (!child) void refetchIdCards();
    };
    document.addEventListener('visibilitychange', again);
    window.addEventListener('focus', again);
    return () => {
      document.removeEventListener('visibilitychange', again);
      window.removeEventListener('focus', again);
    };
  }, [refetchTreats, refetchIdCards, child]);
  const claimOne = useClaimTreat();
  const claimMany = useClaimTreats();
  const setUi = useClaimStore((s) => s.setUi);
  const busy = claimOne.isPending || claimMany.isPending;

  useEffect(() => {
    if (treats.data && !child) setUi({ kakaoNotiTreatList: treats.data.list });
  }, [treats.data, setUi, child]);

  if (treats.isPending) {
    return (
      <div className="screen" aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('treat.loading', '진료 내역을 불러오고 있어요')}
        </p>
        <div className="skeleton skeleton--list" />
      </div>
    );
  }
  if (treats.isError) {
    return (
      <section className="notice-screen" role="alert">
        <h2 className="notice-screen__title">{t('treat.loadFailed', '진료 내역을 불러오지 못했어요')}</h2>
        <p className="notice-screen__text">
          {treats.error instanceof ApiError
            ? treats.error.detail
            : t('treat.loadFailed.text', '진료 내역을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.')}
        </p>
        <button type="button" className="btn btn--primary btn--block" onClick={() => void treats.refetch()}>
          {t('common.retry', '다시 시도')}
        </button>
      </section>
    );
  }

  const { list, accessLog, minAmt, toConfirm, nextCursor } = treats.data;
  const claimable = list.filter((v) => v.canClaim);
  const openRequests = idCards.data?.list.filter((r) => r.status === 'requested') ?? [];
  const idRequestedBy = new Set(openRequests.map((r) => r.insuCompCd));

  const fail = (e: unknown) =>
    void alert(
      e instanceof ApiError ? e.detail : t('treat.claimFailed', '청구하지 못했어요. 잠시 후 다시 시도해 주세요.'),
      { title: t('common.notice', '알림') },
    );

  const claimVisit = async (v: TreatVisit) => {
    // spec §3 UI deptNm: the department of the visit at hand, named in the question.
    setUi({ deptNm: v.deptNm });
    const answer = await confirm(
      t('treat.claimOne.question', '{visit}를 자동청구에 가입한 보험사에 청구할까요?', {
        visit: t('treat.claimOne.visit', '{day} {hospital} 진료({amount})', {
          day: shortDay(v.treatDate),
          hospital: v.deptNm ? `${v.hospitalNm} ${v.deptNm}` : v.hospitalNm,
          amount: won(v.paidAmt),
        }),
      }),
      {
        title: t('treat.claimOne.title', '이 진료를 청구할까요?'),
        confirmText: t('treat.claimOne.confirm', '청구하기'),
      },
    );
    if (answer !== 'confirm') return;
    try {
      const res = await claimOne.mutateAsync({ treatId: v.treatId, insuApplyId });
      toast(
        res.created > 0
          ? t('treat.claimed', '청구했어요. 진행 상황은 이 화면에서 볼 수 있어요.')
          : t('treat.alreadyClaimed', '이미 청구한 진료예요.'),
      );
    } catch (e) {
      fail(e);
    }
  };

  const claimAll = async () => {
    const total = claimable.reduce((s, v) => s + v.paidAmt, 0);
    const answer = await confirm(
      t('treat.claimAll.question', '청구하지 않은 진료 {count}건({amount})을 한꺼번에 청구할까요?', {
        count: claimable.length,
        amount: won(total),
      }),
      {
        title: t('treat.claimAll.title', '한꺼번에 청구할까요?'),
        confirmText: t('treat.claimAll.confirm', '모두 청구하기'),
      },
    );
    if (answer !== 'confirm') return;
    try {
      const res = await claimMany.mutateAsync({ treatIds: claimable.map((v) => v.treatId), insuApplyId });
      toast(
        res.created > 0
          ? t('treat.claimedMany', '진료 {count}건을 청구했어요.', { count: res.total })
          : t('treat.alreadyClaimed', '이미 청구한 진료예요.'),
      );
    } catch (e) {
      fail(e);
    }
  };

  return (
    <div className={inTabs ? 'tr tr--panel' : 'screen tr'}>
      {child && <ChildStatus child={child} />}
      {openRequests.length > 0 && (
        <section className="tr-request" aria-labelledby="idreq-title">
          <h2 id="idreq-title" className="tr-request__title">
            {t('treat.idRequest.title', '{insurer}에서 신분증 사본을 요청했어요', {
              insurer: openRequests[0]!.insuCompNm,
            })}
          </h2>
          <p>{openRequests[0]!.reason}</p>
          <Link className="btn btn--primary btn--block" to={`${APP_BASE}/web/IDPhoto`}>
            {t('treat.idRequest.submit', '신분증 제출하기')}
          </Link>
        </section>
      )}

      {toConfirm.length > 0 && <ToConfirm visits={toConfirm} />}

      <section aria-labelledby="visits-title">
        <h2 id="visits-title" className="screen__lead">
          {child
            ? list.length > 0
              ? t('treat.child.count', '{name}의 진료 {count}건이에요', { name: child.calledNm, count: list.length })
              : t('treat.child.none', '아직 받은 {name}의 진료 내역이 없어요', { name: child.calledNm })
            : list.length > 0
              ? nextCursor
                ? t('treat.recentCount', '병원에서 받은 최근 진료 {count}건이에요', { count: list.length })
                : t('treat.count', '병원에서 받은 진료 {count}건이에요', { count: list.length })
              : t('treat.none', '아직 받은 진료 내역이 없어요')}
        </h2>
        <p className="screen__sub">
          {list.length > 0
            ? minAmt
              ? t(
                  'treat.minAmt',
                  '{term}{termJosa} {amount} 이상인 진료는 자동으로 청구해요. 적은 진료도 직접 청구할 수 있어요.',
                  { term: term('totalPaid'), termJosa: particle(term('totalPaid'), '이/가'), amount: won(minAmt) },
                )
              : t('treat.auto', '병원에서 진료 기록이 오면 자동으로 청구해요.')
            : t('treat.empty', '자동청구를 신청한 병원에서 진료를 받으면 여기에 보여 드려요.')}
        </p>
        {claimable.length >= 2 && (
          <button type="button" className="btn btn--primary btn--block tr-all" onClick={claimAll} disabled={busy}>
            {t('treat.claimAll', '청구하지 않은 진료 {count}건 한꺼번에 청구하기', { count: claimable.length })}
          </button>
        )}
        {list.length > 0 && <Glossary />}
        {list.length > 0 && (
          <ul className="tr-visits">
            {list.map((v) => (
              <VisitCard
                key={v.treatId}
                visit={v}
                onClaim={claimVisit}
                busy={busy}
                idRequestedBy={idRequestedBy}
                focused={v.treatId === focusTreatId}
              />
            ))}
          </ul>
        )}
        {nextCursor && (
          <OlderVisits
            firstCursor={nextCursor}
            insuApplyId={insuApplyId}
            visit={(v) => (
              <VisitCard key={v.treatId} visit={v} onClaim={claimVisit} busy={busy} idRequestedBy={idRequestedBy} />
            )}
          />
        )}
      </section>

      <AccessLog entries={accessLog.list} total={accessLog.total} childNm={child?.calledNm} />

      {!child && <MySubscriptionLink />}
    </div>
  );
}

/** Her older visits, a page at a time, only when she asks for them (the first answer holds the newest ones). */
function OlderVisits({
  firstCursor,
  insuApplyId,
  visit,
}: {
  firstCursor: string;
  insuApplyId: string | undefined;
  visit: (v: TreatVisit) => ReactNode;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const older = useOlderTreats(firstCursor, open, insuApplyId);
  const visits = older.data?.pages.flatMap((p) => p.list) ?? [];
  const more = !open || older.hasNextPage;
  return (
    <>
      {visits.length > 0 && (
        <ul className="tr-visits" aria-label={t('treat.older', '이전 진료')}>
          {visits.map(visit)}
        </ul>
      )}
      {older.isError && (
        <p role="alert" className="tr-older__error">
          {older.error instanceof ApiError
            ? older.error.detail
            : t('treat.older.failed', '이전 진료 내역을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.')}
        </p>
      )}
      {more && (
        <button
          type="button"
          className="btn btn--secondary btn--block tr-older"
          disabled={older.isFetching}
          onClick={() => (open ? void older.fetchNextPage() : setOpen(true))}
        >
          {older.isFetching ? t('treat.older.loading', '불러오고 있어요…') : t('treat.older.more', '이전 진료 더 보기')}
        </button>
      )}
    </>
  );
}

/**
 * To the patient's subscription (account, address, e-mail, hospitals, cancelling). Opened from an 알림톡 link, the
 * session reads only this history: the patient verifies once more first, and is told why.
 */
function MySubscriptionLink() {
  const t = useT();
  const navigate = useNavigate();
  const open = async () => {
    const verified = Boolean(useClaimStore.getState().reg.userCi);
    if (
      !verified &&
      !(await askStepUp(
        tNow('stepUp.why.mine', '가입 정보를 보거나 계좌·연락처를 바꾸려면 본인인증을 한 번 더 해 주세요.'),
      ))
    ) {
      return;
    }
    navigate(`${APP_BASE}/security/applyHistory`);
  };
  return (
    <section className="tr-section" aria-labelledby="mine-title">
      <h2 id="mine-title" className="tr-section__title">
        {t('treat.mine.title', '내 자동청구 관리')}
      </h2>
      <p className="tr-section__sub">
        {t('treat.mine.text', '보험금 받을 계좌, 주소, 이메일, 실손보험 가입 시기를 바꾸거나 해지할 수 있어요.')}
      </p>
      <button type="button" className="btn btn--secondary btn--block" onClick={() => void open()}>
        {t('treat.mine.open', '가입 정보 보기·바꾸기')}
      </button>
    </section>
  );
}
