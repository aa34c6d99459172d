// One claim (README "Operator console"): its masked patient (revealed only with a reason), the next step of its state,
// the timeline from the hospital's record to the insurer's answers with the operators' notes, its documents with their
// hashes and the PDF package (downloaded only with a reason, as a reveal), retry, a note, and an insurer's answer
// recorded by hand through a confirmation that names the claim, the patient (masked) and the amount.
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { backOf } from '../shared/back';
import {
  CLAIM_DOCUMENT_KIND_NM,
  CLAIM_STATUS_NM,
  DELIVERY_CHANNEL_NM,
  REASON_BY_WHO_NM,
  RELEASE_REASONS,
  RELEASE_REASON_NM,
  type ReleaseReason,
} from '@auto-claim/contract';
import {
  CLAIM_NOTE_MAX,
  claimNoteBody,
  releaseBody,
  type ReleaseBody,
  type RevealAnswer,
} from '@auto-claim/contract/ops';
import { OpsError, checked } from '../api/client';
import { useAddClaimNote, useClaim, useDownloadPackage, useRetryClaim, useRevealPatient } from '../api/claims';
import { VisitLines } from './VisitLines';
import { ClaimPayout } from './ClaimPayout';
import { InsurerAnswer } from './InsurerAnswer';
import { useFocusHeading } from '../shared/focus';
import { formatDateTime, formatPhone } from '../shared/format';

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const when = formatDateTime;
const ymd = (s: string) => `${s.slice(0, 4)}.${s.slice(4, 6)}.${s.slice(6, 8)}`;
const KIND_NM = {
  record: '기록',
  status: '상태',
  attempt: '전송',
  answer: '보험사',
  operator: '운영자',
  note: '메모',
} as const;

const errorText = (e: unknown) => (e instanceof Error ? e.message : '요청을 처리하지 못했어요.');

export function ClaimDetail() {
  const heading = useFocusHeading();
  const { claimId = '' } = useParams();
  const { data: claim, error } = useClaim(claimId);
  const retryClaim = useRetryClaim(claimId);
  // The list this claim was opened from, filters, page and person search as they were.
  const back = backOf(useLocation().state);
  const [notice, setNotice] = useState<string>();

  const retry = async () => {
    try {
      await retryClaim.mutateAsync();
      setNotice('다시 보내도록 했어요. 잠시 뒤 결과가 타임라인에 나와요.');
    } catch (e) {
      setNotice(errorText(e));
    }
  };

  if (error && !claim)
    return (
      <p role="alert" className="ops-error">
        {errorText(error)}
      </p>
    );
  if (!claim) return <p role="status">불러오는 중이에요…</p>;
  return (
    <article className="ops-claim">
      <p>
        <Link to={{ pathname: '/claims', search: back.search }} state={back.person ? { person: back.person } : null}>
          ← 청구 목록
        </Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        청구 {claim.claimId}
      </h1>
      <p role="status" aria-live="polite">
        {notice}
      </p>
      <dl className="ops-summary">
        <dt>상태</dt>
        <dd>{CLAIM_STATUS_NM[claim.status]}</dd>
        <dt>환자</dt>
        <dd>
          {claim.patient.name} {claim.patient.phone ?? ''}
          {claim.recordName && (
            <span className="ops-record-name">
              {' '}
              (병원 기록상 이름: {claim.recordName}. 보험사에는 가입자 이름으로 청구해요)
            </span>
          )}
          {claim.insuApplyId && (
            <>
              {' '}
              <Link to={`/subscribers/${claim.insuApplyId}`}>가입자 보기</Link>
            </>
          )}
        </dd>
        <dt>병원</dt>
        <dd>
          {claim.hospitalNm ?? claim.hospitalCd} ({claim.hospitalCd}) · 영수증 {claim.receiptNo}
        </dd>
        <dt>보험사</dt>
        <dd>{claim.insuCompNm ?? claim.insuCompCd}</dd>
        <dt>진료일</dt>
        <dd>{ymd(claim.visitDate)}</dd>
        <dt>청구 금액</dt>
        <dd>{won(claim.amount)}</dd>
        {claim.status === 'paid' && claim.paidAmount !== null && (
          <>
            <dt>지급액</dt>
            <dd>{won(claim.paidAmount)}</dd>
          </>
        )}
        {claim.paidAt && (
          <>
            <dt>지급일</dt>
            <dd>{when(claim.paidAt)}</dd>
          </>
        )}
        <dt>지급 계좌</dt>
        <dd>
          {claim.payout
            ? `${claim.payout.bankNm ?? '은행 정보 없음'} ${claim.payout.accountMasked} · 예금주 ${claim.payout.holderMasked}`
            : '등록된 계좌가 없어요'}
        </dd>
        {/* The insurer's words, or an operator's record of them (said so, as the patient reads it): a delivery's
            failure is the delivery's, below. */}
        {claim.status === 'rejected' && claim.rejectReason && (
          <>
            <dt>반려 사유</dt>
            <dd>
              {claim.rejectReason}
              {claim.rejectReasonBy && (
                <span className="ops-muted"> ({REASON_BY_WHO_NM[claim.rejectReasonBy]} 내용)</span>
              )}
            </dd>
          </>
        )}
        {claim.delivery && (
          <>
            <dt>전송</dt>
            <dd>
              {DELIVERY_CHANNEL_NM[claim.delivery.channel]} · {claim.delivery.attempts}번 시도
            </dd>
          </>
        )}
        {claim.deliveryFailure && (
          <>
            <dt>전송 실패</dt>
            <dd>{claim.deliveryFailure}</dd>
          </>
        )}
        {claim.postNoMissing && (
          <>
            <dt>우편번호</dt>
            <dd>
              없음. 환자가 주소를 직접 적었고 우편번호를 찾지 못했어요. 청구는 우편번호 없이 보내져요(청구서에는 주소만
              들어가요). 보험사가 우편으로 연락해야 하면 환자에게 확인해 주세요.
            </dd>
          </>
        )}
        {claim.handled && (
          <>
            <dt>처리 완료</dt>
            <dd>
              {claim.handled.by} · {when(claim.handled.at)} · {claim.handled.note}
            </dd>
          </>
        )}
      </dl>

      <ClaimPayout claimId={claim.claimId} answer={`${claim.status}:${claim.paidAmount ?? ''}`} />

      <section className="ops-next" aria-labelledby="next-h">
        <h2 id="next-h">다음 할 일</h2>
        <p>{claim.nextStep.text}</p>
        {claim.nextStep.insurerPhone && (
          <p>
            <a href={`tel:${claim.nextStep.insurerPhone.replace(/[^\d]/g, '')}`}>
              {claim.insuCompNm ?? claim.insuCompCd} 고객센터 {claim.nextStep.insurerPhone}에 전화하기
            </a>
          </p>
        )}
      </section>

      <div className="ops-actions">
        <RevealPatient claimId={claim.claimId} />
        {claim.delivery?.status === 'dead' && (
          <button type="button" onClick={retry}>
            다시 보내기
          </button>
        )}
      </div>

      <VisitLines lines={claim.lines} revisions={claim.revisions} notices={claim.notices} />
      {/* Visits claimed with this one: a pharmacy with its clinic (README "Claim engine"). */}
      {claim.joined?.map((j) => (
        <VisitLines
          key={`${j.hospitalCd}-${j.receiptNo}`}
          lines={j.lines}
          revisions={[]}
          title={`함께 청구한 진료: 요양기관기호 ${j.hospitalCd}, 영수증 번호 ${j.receiptNo}, 낸 금액 ${j.totalPaid.toLocaleString('ko-KR')}원`}
        />
      ))}

      <section aria-labelledby="timeline-h">
        <h2 id="timeline-h">타임라인</h2>
        <ol className="ops-timeline" aria-labelledby="timeline-h">
          {claim.timeline.map((e, i) => (
            <li key={i}>
              <time dateTime={e.at}>{when(e.at)}</time> <span className="ops-tag">{KIND_NM[e.kind]}</span>{' '}
              <strong>{e.title}</strong>
              {e.detail && <span> — {e.detail}</span>}
              {e.actor && <span className="ops-muted"> ({e.actor})</span>}
            </li>
          ))}
        </ol>
        <ClaimNote claimId={claim.claimId} />
      </section>

      <section aria-labelledby="docs-h">
        <h2 id="docs-h">문서</h2>
        <table className="ops-table">
          <caption>청구 문서와 해시</caption>
          <thead>
            <tr>
              <th scope="col">문서</th>
              <th scope="col">SHA-256</th>
              <th scope="col">크기</th>
            </tr>
          </thead>
          <tbody>
            {claim.documents.map((d) => (
              <tr key={d.kind}>
                <td>{(CLAIM_DOCUMENT_KIND_NM as Record<string, string>)[d.kind] ?? d.kind}</td>
                <td>
                  <code>{d.sha256}</code>
                </td>
                <td>{d.bytes.toLocaleString('ko-KR')} 바이트</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          <DownloadPackage claimId={claim.claimId} />{' '}
          <span className="ops-muted">(이유를 적어야 하고, 운영자 기록과 환자의 열람 기록에 남아요)</span>
        </p>
      </section>

      <InsurerAnswer claim={claim} />
    </article>
  );
}

/** Why an operator releases a patient's data: a category (the patient's log names it) and the typed reason. */
function useReleaseReason() {
  const [category, setCategory] = useState<ReleaseReason | ''>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const reset = () => {
    setCategory('');
    setReason('');
    setError(undefined);
  };
  /** The body to send, checked with the contract's schema first (a category left unchosen is named there). */
  const body = (): ReleaseBody | undefined => {
    try {
      return checked(releaseBody, { ...(category ? { category } : {}), reason });
    } catch (err) {
      failed(err);
      return undefined;
    }
  };
  function failed(err: unknown) {
    setError(
      err instanceof OpsError
        ? (err.fieldMessage('category') ?? err.fieldMessage('reason') ?? err.message)
        : errorText(err),
    );
  }
  return { category, setCategory, reason, setReason, error, setError, reset, body, failed };
}

function ReasonFields({ id, r }: { id: string; r: ReturnType<typeof useReleaseReason> }) {
  const described = r.error ? `${id}-err` : undefined;
  return (
    <>
      <label htmlFor={`${id}-category`}>이유의 종류</label>
      <select
        id={`${id}-category`}
        value={r.category}
        onChange={(e) => r.setCategory(e.target.value as ReleaseReason | '')}
        required
        aria-invalid={r.error && !r.category ? true : undefined}
        aria-describedby={described}
      >
        <option value="">골라 주세요</option>
        {RELEASE_REASONS.map((c) => (
          <option key={c} value={c}>
            {RELEASE_REASON_NM[c]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-reason`}>확인하는 이유</label>
      <textarea
        id={`${id}-reason`}
        value={r.reason}
        onChange={(e) => r.setReason(e.target.value)}
        maxLength={200}
        required
        aria-invalid={r.error && r.category ? true : undefined}
        aria-describedby={described}
      />
      {r.error && (
        <p id={`${id}-err`} role="alert">
          {r.error}
        </p>
      )}
    </>
  );
}

/** The reveal dialog: a reason, then the unmasked name, phone and birth date. */
function RevealPatient({ claimId }: { claimId: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const r = useReleaseReason();
  const reveal = useRevealPatient(claimId);
  const [shown, setShown] = useState<RevealAnswer>();
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = r.body();
    if (!body) return;
    try {
      setShown(await reveal.mutateAsync(body));
      r.setError(undefined);
    } catch (err) {
      r.failed(err);
    }
  };
  const close = () => {
    dialog.current?.close();
    setShown(undefined);
    r.reset();
  };
  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()}>
        환자 정보 보기
      </button>
      <dialog ref={dialog} aria-labelledby={`${id}-h`} onClose={close}>
        <h2 id={`${id}-h`}>환자 정보 보기</h2>
        {shown ? (
          <>
            <dl>
              <dt>이름</dt>
              <dd>{shown.name}</dd>
              <dt>휴대폰 번호</dt>
              <dd>{shown.phone ? formatPhone(shown.phone) : '없음'}</dd>
              <dt>생년월일</dt>
              <dd>{ymd(shown.birthDate)}</dd>
            </dl>
            <button type="button" onClick={close}>
              닫기
            </button>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <p>확인한 사실과 이유가 운영자 기록에 남아요. 환자의 열람 기록에는 이유의 종류만 정해진 문장으로 남아요.</p>
            <ReasonFields id={id} r={r} />
            <button type="submit">확인하기</button>
            <button type="button" onClick={close}>
              취소
            </button>
          </form>
        )}
      </dialog>
    </>
  );
}

/** The PDF package (account, address, ID photo, signatures): asked for with a reason, as a reveal, then saved. */
function DownloadPackage({ claimId }: { claimId: number }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const r = useReleaseReason();
  const download = useDownloadPackage(claimId);
  const id = useId();
  const close = () => {
    dialog.current?.close();
    r.reset();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = r.body();
    if (!body) return;
    try {
      await download.mutateAsync(body);
      close();
    } catch (err) {
      r.failed(err);
    }
  };
  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()}>
        청구 서류 PDF 내려받기
      </button>
      <dialog ref={dialog} aria-labelledby={`${id}-h`} onClose={() => r.reset()}>
        <h2 id={`${id}-h`}>청구 서류 PDF 내려받기</h2>
        <form onSubmit={submit} noValidate>
          <p>
            청구 서류에는 계좌, 주소, 신분증 사본과 서명이 들어 있어요. 내려받은 사실과 이유가 운영자 기록에 남고,
            환자의 열람 기록에는 이유의 종류만 정해진 문장으로 남아요.
          </p>
          <ReasonFields id={id} r={r} />
          <button type="submit" disabled={download.isPending}>
            내려받기
          </button>
          <button type="button" onClick={close}>
            취소
          </button>
        </form>
      </dialog>
    </>
  );
}

/** A note on the claim: appended to the timeline with who and when; it cannot be changed afterwards. */
function ClaimNote({ claimId }: { claimId: number }) {
  const add = useAddClaimNote(claimId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(undefined);
    try {
      await add.mutateAsync(checked(claimNoteBody, { note }));
      setNote('');
      setError(undefined);
      setDone('메모를 남겼어요. 타임라인에서 볼 수 있어요.');
    } catch (err) {
      setError(err instanceof OpsError ? (err.fieldMessage('note') ?? err.message) : errorText(err));
    }
  };
  return (
    <form className="ops-note" onSubmit={submit} noValidate aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>메모 남기기</h3>
      <label htmlFor={`${id}-n`}>
        메모 <span className="ops-muted">(누가 언제 남겼는지와 함께 남고, 고치거나 지울 수 없어요)</span>
      </label>
      <textarea
        id={`${id}-n`}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={CLAIM_NOTE_MAX}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : `${id}-count`}
      />
      <p id={`${id}-count`} className="ops-muted">
        {note.length.toLocaleString('ko-KR')} / {CLAIM_NOTE_MAX.toLocaleString('ko-KR')}자
      </p>
      {error && (
        <p id={`${id}-err`} role="alert" className="ops-error">
          {error}
        </p>
      )}
      <button type="submit" disabled={add.isPending}>
        메모 남기기
      </button>
      <p role="status" aria-live="polite">
        {done}
      </p>
    </form>
  );
}
