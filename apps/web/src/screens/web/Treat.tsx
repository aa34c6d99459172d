// /web/treat (spec §2 "auto-claim treatment history"; README "Claim engine"): each visit the hospital sent, what was
// claimed to which insurer, its status and amount; visits that were not claimed automatically, with why, and a way
// to claim them (confirm, then the status shows); an insurer's request for an ID copy; and the access log: every
// release of the patient's records and every delivery. Opened from the 알림톡 link or after SMS verification.
// Visits a hospital sent under the patient's resident number only, before that number was confirmed to be theirs,
// come first and alone ("내 진료가 맞나요?"): when and where only, claimed once the patient says they are theirs
// (docs/hospital-integration.md, "Matching"). A guardian sees each child's history apart, in a tab named after her,
// beside her own when she has one (README "A parent enrols her children"); a child's tab says first whether her
// relation document is still being checked, which holds her claims.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  APP_BASE,
  CLAIM_STATUS_NM,
  MONEY_TERMS,
  NOT_CLAIMED_REASON_NM,
  REASON_BY_NM,
  REQUESTED_DOCUMENT_NM,
  phoneNumberNm,
  requestedDocumentsOf,
  VISIT_TYPE_NM,
  type AccessLogEntry,
  type ChildSubscription,
  type TreatClaim,
  type TreatToConfirm,
  type TreatVisit,
} from '@auto-claim/contract';
import { ApiError, askStepUp } from '../../api/client';
import { useChildren } from '../../api/children';
import { loadFailedMessage } from '../../api/queryClient';
import { useClaimTreat, useClaimTreats, useConfirmTreat, useIdCards, useTreats } from '../../api/treats';
import { useClaimStore } from '../../store/claim';
import { alert, confirm, toast } from '../../ui';
import { Checking, NeedAuth } from './NeedAuth';
import { useLinkSession } from './useLinkSession';
import { ChildStatus } from './ChildStatus';
import './treat.css';

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const visitDay = (yyyymmdd: string) =>
  `${yyyymmdd.slice(0, 4)}년 ${Number(yyyymmdd.slice(4, 6))}월 ${Number(yyyymmdd.slice(6, 8))}일`;
const shortDay = (yyyymmdd: string) => `${Number(yyyymmdd.slice(4, 6))}월 ${Number(yyyymmdd.slice(6, 8))}일`;
const when = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const at = (iso: string) => when.format(new Date(iso));

/** How many log entries show before "더 보기". */
const LOG_FIRST = 10;

const STATUS_TONE: Record<TreatClaim['status'], 'progress' | 'done' | 'bad'> = {
  received: 'progress',
  claimed: 'progress',
  sent: 'progress',
  accepted: 'done',
  documents_requested: 'progress',
  paid: 'done',
  rejected: 'bad',
  failed: 'bad',
};

const day = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
/** The insurer and, when known, its number: "삼성화재 고객센터(1588-5114)". */
const callCentre = (c: TreatClaim) => `${c.insuCompNm} 고객센터${c.insuCallCenter ? `(${c.insuCallCenter})` : ''}`;
const ID_COPY = REQUESTED_DOCUMENT_NM.id_copy;
/** Papers other than the ID copy among what the insurer asked for (the ID copy goes through /web/IDPhoto). */
const otherPapers = (reason: string | null) => Boolean(reason?.replace(ID_COPY, '').replace(/[\s,·]/g, ''));

/**
 * What the patient does next, by the claim's status, in words (every claim says its next step). Only what
 * the product does: the ID copy is sent here; other papers go to the insurer directly, whose number is given.
 */
function NextStep({ claim, idRequested }: { claim: TreatClaim; idRequested: boolean }) {
  let text: string;
  switch (claim.status) {
    case 'received':
    case 'claimed':
      text = '보험사에 보낼 청구서를 만들고 있어요. 따로 하실 일은 없어요.';
      break;
    case 'sent':
      text = '보험사에 청구서를 보냈어요. 보험사가 접수하고 심사해요. 따로 하실 일은 없어요.';
      break;
    case 'accepted':
      text = '보험사가 심사하고 있어요. 결과가 나오면 이 화면에서 볼 수 있어요. 따로 하실 일은 없어요.';
      break;
    case 'paid':
      text = '보험금은 자동청구에 등록한 계좌로 보내져요. 따로 하실 일은 없어요.';
      break;
    case 'rejected':
      text = `반려 사유가 이해되지 않거나 다시 청구하고 싶으시면 ${callCentre(claim)}에 전화해 주세요.`;
      break;
    case 'documents_requested':
      if (claim.documents.length > 0) return <Papers claim={claim} idRequested={idRequested} />;
      text = [
        idRequested ? '신분증 사본은 아래 버튼을 눌러 여기에서 보낼 수 있어요.' : '',
        otherPapers(claim.reason)
          ? `그 밖의 서류는 병원에서 발급받아 보험사에 직접 보내야 해요. 보내는 방법은 ${callCentre(claim)}에 물어봐 주세요.`
          : '',
      ]
        .filter(Boolean)
        .join(' ');
      if (!text) text = `보내실 서류와 방법은 ${callCentre(claim)}에 물어봐 주세요.`;
      break;
    case 'failed':
      text = '따로 하실 일은 없어요.';
      break;
  }
  return (
    <div className="tr-next">
      <p>
        <strong className="tr-next__label">다음 할 일</strong> {text}
      </p>
      {claim.status === 'documents_requested' && idRequested && (
        <Link className="btn btn--primary btn--block" to={`${APP_BASE}/web/IDPhoto`}>
          {claim.insuCompNm}에 신분증 사본 보내기
        </Link>
      )}
    </div>
  );
}

/**
 * The papers an insurer asked for, each with where and how it goes: the ID copy uploaded here; the others issued by
 * the hospital and faxed to the insurer with the claim number on the first page (or, without a known fax, asked of
 * its customer centre).
 */
function Papers({ claim, idRequested }: { claim: TreatClaim; idRequested: boolean }) {
  const others = claim.documents.filter((d) => d !== 'id_copy');
  const name = (d: string) => REQUESTED_DOCUMENT_NM[d as keyof typeof REQUESTED_DOCUMENT_NM] ?? d;
  return (
    <div className="tr-next">
      <p>
        <strong className="tr-next__label">다음 할 일</strong> {claim.insuCompNm}에 아래 서류를 보내 주세요.
      </p>
      <ul className="tr-papers" aria-label="보낼 서류와 보내는 방법">
        {claim.documents.includes('id_copy') && (
          <li>
            <strong>{ID_COPY}</strong>: 이 앱에서 사진을 찍어 올려요.
          </li>
        )}
        {others.map((d) => (
          <li key={d}>
            <strong>{name(d)}</strong>: 병원에서 발급받아{' '}
            {claim.insuFaxNo
              ? `${claim.insuCompNm} 팩스 ${phoneNumberNm(claim.insuFaxNo)}로 보내요.`
              : `${callCentre(claim)}에 보내는 곳을 물어보고 보내요.`}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <p className="tr-papers__claimno">
          팩스 첫 장에 <strong>청구번호({claim.claimId})</strong>를 꼭 적어 주세요. 보험사가 어느 청구의 서류인지 알 수
          있어요.
        </p>
      )}
      {idRequested && (
        <Link className="btn btn--primary btn--block" to={`${APP_BASE}/web/IDPhoto`}>
          {claim.insuCompNm}에 신분증 사본 보내기
        </Link>
      )}
    </div>
  );
}

/**
 * A paid amount below the claim, explained with what the record supports: 실손 keeps a deductible (공제금액) back and
 * may not cover some 비급여; the exact reckoning is the insurer's, and it is named with its number.
 */
function Shortfall({ claim, visit }: { claim: TreatClaim; visit: TreatVisit }) {
  const less = claim.claimAmt - (claim.paidAmt ?? 0);
  return (
    <div className="tr-why">
      <p className="tr-why__lead">
        {MONEY_TERMS.claimAmt.term}보다 <strong>{won(less)}</strong> 적게 받았어요.
      </p>
      <ul className="tr-why__list">
        <li>
          실손보험은 보험금을 줄 때 진료비에서 {MONEY_TERMS.deductible.term}(가입한 상품에 따라 보통 1만~3만 원)을 빼요.
        </li>
        {visit.uncoveredAmt > 0 && (
          <li>
            이 진료의 {MONEY_TERMS.uncovered.term} {won(visit.uncoveredAmt)} 가운데 가입한 보험이 보장하지 않는 항목이
            있으면 그만큼 빼요.
          </li>
        )}
      </ul>
      <p>정확히 얼마를 왜 뺐는지는 {callCentre(claim)}에서 알려 줘요.</p>
    </div>
  );
}

/**
 * Why the claim is where it is, in someone else's words (the server made them safe: one line, no link), saying who
 * wrote them: the insurer, or an operator who recorded what the insurer said (docs/security.md).
 */
function Reason({ claim }: { claim: TreatClaim }) {
  if (!claim.reason) return null;
  const by = claim.reasonBy ? REASON_BY_NM[claim.reasonBy] : null;
  if (claim.status === 'documents_requested') {
    const { documents, note } = requestedDocumentsOf(claim.reason);
    const names = documents.map((d) => REQUESTED_DOCUMENT_NM[d]).join(', ');
    return (
      <>
        {names && (
          <p className="tr-claim__reason">
            <strong>보험사가 요청한 서류: </strong>
            {names}
          </p>
        )}
        {(note || !names) && (
          <p className="tr-claim__reason">
            <strong>{by ? `${by.replace('사유', '내용')}: ` : ''}</strong>
            {note || claim.reason}
          </p>
        )}
      </>
    );
  }
  return (
    <p className={`tr-claim__reason${claim.status === 'rejected' ? ' tr-claim__reason--bad' : ''}`}>
      <strong>
        {claim.status === 'rejected' ? `반려 사유${by ? `(${by.replace(' 사유', '')} 내용)` : ''}: ` : ''}
      </strong>
      {claim.reason}
    </p>
  );
}

function ClaimRow({ claim, visit, idRequested }: { claim: TreatClaim; visit: TreatVisit; idRequested: boolean }) {
  const paid = claim.status === 'paid' && claim.paidAmt !== null;
  return (
    <li className="tr-claim">
      <div className="tr-claim__head">
        <span className="tr-claim__insurer">{claim.insuCompNm}</span>
        <span className={`tr-badge tr-badge--${STATUS_TONE[claim.status]}`}>{CLAIM_STATUS_NM[claim.status]}</span>
      </div>
      <dl className="tr-money">
        <div>
          <dt>{MONEY_TERMS.claimAmt.term}</dt>
          <dd>
            {won(claim.claimAmt)}
            {claim.origin === 'patient' && <span className="tr-money__note"> · 직접 청구</span>}
          </dd>
        </div>
        {paid && (
          <div className="tr-money__paid">
            <dt>{MONEY_TERMS.paid.term}</dt>
            <dd>{won(claim.paidAmt!)}</dd>
          </div>
        )}
      </dl>
      {paid && claim.paidAt && (
        <p className="tr-claim__when">
          <time dateTime={claim.paidAt}>{day.format(new Date(claim.paidAt))}</time>에 보험사가 지급했다고 알려 왔어요.
        </p>
      )}
      {paid && claim.paidAmt! < claim.claimAmt && <Shortfall claim={claim} visit={visit} />}
      <Reason claim={claim} />
      <NextStep claim={claim} idRequested={idRequested} />
      {claim.history.length > 0 && (
        <details className="tr-history">
          <summary>진행 기록 보기</summary>
          <ol>
            {claim.history.map((h, i) => (
              <li key={i}>
                <time dateTime={h.at}>{at(h.at)}</time> {CLAIM_STATUS_NM[h.status]}
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}

/** The money words of this screen, each explained (the contract's glossary: one meaning on every screen). */
function Glossary() {
  const keys = ['totalPaid', 'coveredSelf', 'uncovered', 'claimAmt', 'paid', 'deductible'] as const;
  return (
    <details className="tr-glossary">
      <summary>금액 용어 풀이</summary>
      <dl>
        {keys.map((k) => (
          <div key={k}>
            <dt>{MONEY_TERMS[k].term}</dt>
            <dd>{MONEY_TERMS[k].meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function VisitCard({
  visit,
  onClaim,
  busy,
  idRequestedBy,
  focused = false,
}: {
  visit: TreatVisit;
  onClaim(v: TreatVisit): void;
  busy: boolean;
  /** Insurers with an open ID-copy request. */
  idRequestedBy: Set<string>;
  /** The visit the message's link was about: shown first in view, and focused. */
  focused?: boolean;
}) {
  const titleId = `visit-${visit.treatId}`;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focused) return;
    ref.current?.scrollIntoView({ block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, [focused]);
  return (
    <li className={`tr-visit${focused ? ' tr-visit--focus' : ''}`}>
      <article aria-labelledby={titleId} ref={ref} tabIndex={focused ? -1 : undefined}>
        <h3 id={titleId} className="tr-visit__title">
          {visitDay(visit.treatDate)} <span className="tr-visit__type">{VISIT_TYPE_NM[visit.visitType]}</span>
        </h3>
        <p className="tr-visit__where">
          {visit.hospitalNm}
          {visit.deptNm && ` · ${visit.deptNm}`}
        </p>
        <dl className="tr-amounts">
          <div>
            <dt>{MONEY_TERMS.totalPaid.term}</dt>
            <dd className="tr-amounts__total">{won(visit.paidAmt)}</dd>
          </div>
          <div>
            <dt>{MONEY_TERMS.coveredSelf.term}</dt>
            <dd>{won(visit.coveredSelfAmt)}</dd>
          </div>
          <div>
            <dt>{MONEY_TERMS.uncovered.term}</dt>
            <dd>{won(visit.uncoveredAmt)}</dd>
          </div>
        </dl>
        {visit.claims.length > 0 ? (
          <ul className="tr-claims" aria-label="청구한 보험사">
            {visit.claims.map((c) => (
              <ClaimRow
                key={c.claimId}
                claim={c}
                visit={visit}
                idRequested={c.status === 'documents_requested' && idRequestedBy.has(c.insuCompCd)}
              />
            ))}
          </ul>
        ) : (
          <p className="tr-visit__none">
            <span className="tr-badge tr-badge--none">청구 안 함</span>{' '}
            {visit.notClaimedReason ? NOT_CLAIMED_REASON_NM[visit.notClaimedReason] : ''}
          </p>
        )}
        {visit.canClaim && (
          <button
            type="button"
            className="btn btn--secondary btn--block tr-visit__claim"
            onClick={() => onClaim(visit)}
            disabled={busy}
          >
            {visit.claims.length > 0 ? '남은 보험사에도 청구하기' : '이 진료 청구하기'}
          </button>
        )}
      </article>
    </li>
  );
}

function ToConfirm({ visits }: { visits: TreatToConfirm[] }) {
  const answer = useConfirmTreat();
  const reply = async (v: TreatToConfirm, mine: boolean) => {
    if (!mine) {
      const sure = await confirm(
        <>
          <strong>
            {shortDay(v.treatDate)} {v.hospitalNm}
          </strong>{' '}
          진료를 내 진료 내역에서 뺄까요? 청구하지 않고, 담당자가 누구의 진료인지 확인해요.
        </>,
        { title: '내 진료가 아닌가요?', confirmText: '내 진료가 아니에요', tone: 'destructive' },
      );
      if (sure !== 'confirm') return;
    }
    try {
      await answer.mutateAsync({ treatId: v.treatId, mine });
      toast(mine ? '확인했어요. 자동청구 규칙대로 청구할게요.' : '내 진료 내역에서 뺐어요. 담당자가 확인할게요.');
    } catch (e) {
      void alert(e instanceof ApiError ? e.detail : '답을 보내지 못했어요. 잠시 후 다시 시도해 주세요.', {
        title: '알림',
      });
    }
  };
  return (
    <section className="tr-request tr-confirm" aria-labelledby="confirm-title">
      <h2 id="confirm-title" className="tr-request__title">
        내 진료가 맞나요?
      </h2>
      <p className="tr-confirm__why">
        병원이 주민등록번호로만 보내 준 진료예요. 본인의 진료가 맞는지 확인해 주시면 그때부터 청구해요.
      </p>
      <ul className="tr-confirm__list">
        {visits.map((v) => {
          const titleId = `confirm-${v.treatId}`;
          return (
            <li key={v.treatId} className="tr-confirm__item">
              <article aria-labelledby={titleId}>
                <h3 id={titleId} className="tr-visit__title">
                  {visitDay(v.treatDate)} <span className="tr-visit__type">{VISIT_TYPE_NM[v.visitType]}</span>
                </h3>
                <p className="tr-visit__where">{v.hospitalNm}</p>
                <div className="tr-confirm__actions">
                  <button
                    type="button"
                    className="btn btn--primary"
                    onClick={() => void reply(v, true)}
                    disabled={answer.isPending}
                    aria-describedby={titleId}
                  >
                    네, 맞아요
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    onClick={() => void reply(v, false)}
                    disabled={answer.isPending}
                    aria-describedby={titleId}
                  >
                    아니에요
                  </button>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function AccessLog({ entries, total, whose }: { entries: AccessLogEntry[]; total: number; whose: string }) {
  const [all, setAll] = useState(false);
  const shown = all ? entries : entries.slice(0, LOG_FIRST);
  return (
    <section className="tr-section" aria-labelledby="log-title">
      <h2 id="log-title" className="tr-section__title">
        {whose} 진료 기록 열람·전송 기록
      </h2>
      <p className="tr-section__sub">
        {whose} 진료 기록을 누가 받고 보냈는지 모두 남겨요. 이 기록은 고치거나 지울 수 없어요.
      </p>
      {entries.length === 0 ? (
        <p className="tr-empty">아직 기록이 없어요.</p>
      ) : (
        <ol className="tr-log">
          {shown.map((e) => (
            <li key={e.logId} className="tr-log__item">
              <time className="tr-log__time" dateTime={e.at}>
                {at(e.at)}
              </time>
              <span className="tr-log__text">{e.summary}</span>
              <span className="tr-log__actor">{e.actorNm}</span>
            </li>
          ))}
        </ol>
      )}
      {!all && entries.length > LOG_FIRST && (
        <button type="button" className="btn btn--ghost btn--block" onClick={() => setAll(true)}>
          기록 더 보기 ({Math.min(total, entries.length) - LOG_FIRST}건)
        </button>
      )}
    </section>
  );
}

/** One person's history: the patient's own, or (`child`) that of a child she is the guardian of. */
function TreatHistory({
  child,
  inTabs = false,
  focusTreatId,
}: {
  child?: ChildSubscription;
  inTabs?: boolean;
  /** The visit the message's link was about. */
  focusTreatId?: string | undefined;
}) {
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
  const whose = child ? `${child.calledNm}의` : '내';

  if (treats.isPending) {
    return (
      <div className="screen" aria-busy="true">
        <p role="status" className="visually-hidden">
          진료 내역을 불러오고 있어요
        </p>
        <div className="skeleton skeleton--list" />
      </div>
    );
  }
  if (treats.isError) {
    return (
      <section className="notice-screen" role="alert">
        <h2 className="notice-screen__title">진료 내역을 불러오지 못했어요</h2>
        <p className="notice-screen__text">
          {treats.error instanceof ApiError ? treats.error.detail : loadFailedMessage('진료 내역')}
        </p>
        <button type="button" className="btn btn--primary btn--block" onClick={() => void treats.refetch()}>
          다시 시도
        </button>
      </section>
    );
  }

  const { list, accessLog, minAmt, toConfirm } = treats.data;
  const claimable = list.filter((v) => v.canClaim);
  const openRequests = idCards.data?.list.filter((r) => r.status === 'requested') ?? [];
  const idRequestedBy = new Set(openRequests.map((r) => r.insuCompCd));

  const fail = (e: unknown) =>
    void alert(e instanceof ApiError ? e.detail : '청구하지 못했어요. 잠시 후 다시 시도해 주세요.', { title: '알림' });

  const claimVisit = async (v: TreatVisit) => {
    // spec §3 UI deptNm: the department of the visit at hand, named in the question.
    setUi({ deptNm: v.deptNm });
    const answer = await confirm(
      <>
        <strong>
          {shortDay(v.treatDate)} {v.hospitalNm}
          {v.deptNm && ` ${v.deptNm}`} 진료({won(v.paidAmt)})
        </strong>
        를 자동청구에 가입한 보험사에 청구할까요?
      </>,
      { title: '이 진료를 청구할까요?', confirmText: '청구하기' },
    );
    if (answer !== 'confirm') return;
    try {
      const res = await claimOne.mutateAsync({ treatId: v.treatId, insuApplyId });
      toast(res.created > 0 ? '청구했어요. 진행 상황은 이 화면에서 볼 수 있어요.' : '이미 청구한 진료예요.');
    } catch (e) {
      fail(e);
    }
  };

  const claimAll = async () => {
    const total = claimable.reduce((s, v) => s + v.paidAmt, 0);
    const answer = await confirm(`청구하지 않은 진료 ${claimable.length}건(${won(total)})을 한꺼번에 청구할까요?`, {
      title: '한꺼번에 청구할까요?',
      confirmText: '모두 청구하기',
    });
    if (answer !== 'confirm') return;
    try {
      const res = await claimMany.mutateAsync({ treatIds: claimable.map((v) => v.treatId), insuApplyId });
      toast(res.created > 0 ? `진료 ${res.total}건을 청구했어요.` : '이미 청구한 진료예요.');
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
            {openRequests[0]!.insuCompNm}에서 신분증 사본을 요청했어요
          </h2>
          <p>{openRequests[0]!.reason}</p>
          <Link className="btn btn--primary btn--block" to={`${APP_BASE}/web/IDPhoto`}>
            신분증 제출하기
          </Link>
        </section>
      )}

      {toConfirm.length > 0 && <ToConfirm visits={toConfirm} />}

      <section aria-labelledby="visits-title">
        <h2 id="visits-title" className="screen__lead">
          {child
            ? list.length > 0
              ? `${child.calledNm}의 진료 ${list.length}건이에요`
              : `아직 받은 ${child.calledNm}의 진료 내역이 없어요`
            : list.length > 0
              ? `병원에서 받은 진료 ${list.length}건이에요`
              : '아직 받은 진료 내역이 없어요'}
        </h2>
        <p className="screen__sub">
          {list.length > 0
            ? minAmt
              ? `${MONEY_TERMS.totalPaid.term}가 ${won(minAmt)} 이상인 진료는 자동으로 청구해요. 적은 진료도 직접 청구할 수 있어요.`
              : '병원에서 진료 기록이 오면 자동으로 청구해요.'
            : '자동청구를 신청한 병원에서 진료를 받으면 여기에 보여 드려요.'}
        </p>
        {claimable.length >= 2 && (
          <button type="button" className="btn btn--primary btn--block tr-all" onClick={claimAll} disabled={busy}>
            청구하지 않은 진료 {claimable.length}건 한꺼번에 청구하기
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
      </section>

      <AccessLog entries={accessLog.list} total={accessLog.total} whose={whose} />

      {!child && <MySubscriptionLink />}
    </div>
  );
}

/**
 * To the patient's subscription (account, address, e-mail, hospitals, cancelling). Opened from an 알림톡 link, the
 * session reads only this history: the patient verifies once more first, and is told why.
 */
function MySubscriptionLink() {
  const navigate = useNavigate();
  const open = async () => {
    const verified = Boolean(useClaimStore.getState().reg.userCi);
    if (!verified && !(await askStepUp('가입 정보를 보거나 계좌·연락처를 바꾸려면 본인인증을 한 번 더 해 주세요.'))) {
      return;
    }
    navigate(`${APP_BASE}/security/applyHistory`);
  };
  return (
    <section className="tr-section" aria-labelledby="mine-title">
      <h2 id="mine-title" className="tr-section__title">
        내 자동청구 관리
      </h2>
      <p className="tr-section__sub">보험금 받을 계좌, 주소, 이메일을 바꾸거나 해지할 수 있어요.</p>
      <button type="button" className="btn btn--secondary btn--block" onClick={() => void open()}>
        가입 정보 보기·바꾸기
      </button>
    </section>
  );
}

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
  const children = useChildren(true);
  const own = useTreats(true);
  // A message about one child opens her history first.
  const [chosen, setChosen] = useState<string | undefined>(first);

  if (children.isPending || (children.data?.list.length && own.isPending)) {
    return (
      <div className="screen" aria-busy="true">
        <p role="status" className="visually-hidden">
          진료 내역을 불러오고 있어요
        </p>
        <div className="skeleton skeleton--list" />
      </div>
    );
  }
  const kids = children.data?.list ?? [];
  if (kids.length === 0) return <TreatHistory focusTreatId={focusTreatId} />;

  const ownShown = !own.data || own.data.list.length > 0 || own.data.toConfirm.length > 0;
  const tabs = [
    ...(ownShown ? [{ id: 'self', label: '내 진료', child: undefined }] : []),
    ...kids.map((k) => ({ id: k.insuApplyId, label: k.userNm, child: k })),
  ];
  const current = tabs.find((t) => t.id === chosen) ?? tabs[0]!;
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
      <div className="tr-tabs" role="tablist" aria-label="누구의 진료 내역을 볼까요?">
        {tabs.map((t) => (
          <button
            key={t.id}
            id={`tr-tab-${t.id}`}
            type="button"
            role="tab"
            className="tr-tab"
            aria-selected={t.id === current.id}
            aria-controls={`tr-panel-${t.id}`}
            tabIndex={t.id === current.id ? 0 : -1}
            onClick={() => setChosen(t.id)}
            onKeyDown={move}
          >
            {t.label}
            {t.child && t.child.relation.status !== 'confirmed' && (
              <span className="visually-hidden"> ({t.child.relation.statusNm})</span>
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
