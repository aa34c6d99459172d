// One claim (README "Operator console"): its masked patient (revealed only with a reason), the timeline from the
// hospital's record to the insurer's answers, its documents with their hashes and the PDF package (downloaded only with
// a reason, as a reveal), retry, and an insurer's answer recorded by hand.
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { backOf } from '../back';
import { CLAIM_STATUS_NM } from '@auto-claim/contract';
import {
  RELEASE_REASONS,
  RELEASE_REASON_NM,
  opsClaimStatusBody,
  releaseBody,
  type ReleaseBody,
  type ReleaseReason,
  type RevealAnswer,
} from '@auto-claim/contract/ops';
import { OpsError, checked } from '../api';
import { useClaim, useDownloadPackage, useRecordInsurerAnswer, useRetryClaim, useRevealPatient } from '../api/claims';
import { useFocusHeading } from '../focus';
import { formatDateTime, formatPhone } from '../format';

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const when = formatDateTime;
const ymd = (s: string) => `${s.slice(0, 4)}.${s.slice(4, 6)}.${s.slice(6, 8)}`;
const DOC_NM: Record<string, string> = {
  claim_form: '청구서',
  receipt: '영수증 내역',
  package: '청구 서류 PDF (묶음)',
  power_of_attorney: '위임장',
  consent: '동의서',
  id_copy: '신분증 사본',
};
const KIND_NM = { record: '기록', status: '상태', attempt: '전송', answer: '보험사', operator: '운영자' } as const;

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
        {claim.rejectReason && (
          <>
            <dt>반려 사유</dt>
            <dd>{claim.rejectReason}</dd>
          </>
        )}
        {claim.delivery && (
          <>
            <dt>전송</dt>
            <dd>
              {claim.delivery.channel === 'api' ? '보험사 API' : '팩스'} · {claim.delivery.attempts}번 시도
              {claim.delivery.lastError ? ` · 마지막 오류: ${claim.delivery.lastError}` : ''}
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

      <div className="ops-actions">
        <RevealPatient claimId={claim.claimId} />
        {claim.delivery?.status === 'dead' && (
          <button type="button" onClick={retry}>
            다시 보내기
          </button>
        )}
      </div>

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
                <td>{DOC_NM[d.kind] ?? d.kind}</td>
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

      <InsurerAnswer claimId={claim.claimId} />
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

/** An insurer's answer entered by hand: accepted, rejected with a reason, or paid (an amount, the claim's by default). */
function InsurerAnswer({ claimId }: { claimId: number }) {
  const record = useRecordInsurerAnswer(claimId);
  const [status, setStatus] = useState<'accepted' | 'rejected' | 'paid'>('accepted');
  const [reason, setReason] = useState('');
  const [paid, setPaid] = useState('');
  const [message, setMessage] = useState<string>();
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      // Checked with the contract's schema first: a missing reason or a bad amount is named before anything is sent.
      const body = checked(opsClaimStatusBody, {
        status,
        ...(status === 'rejected' ? { reason } : {}),
        ...(status === 'paid' && paid ? { paidAmount: Number(paid) } : {}),
      });
      await record.mutateAsync(body);
      setMessage('보험사 답변을 기록했어요.');
    } catch (err) {
      setMessage(errorText(err));
    }
  };
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>보험사 답변 기록</h2>
      <form onSubmit={submit} noValidate>
        <label htmlFor={`${id}-s`}>답변</label>
        <select id={`${id}-s`} value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
          <option value="accepted">접수</option>
          <option value="rejected">반려</option>
          <option value="paid">지급</option>
        </select>
        {status === 'rejected' && (
          <>
            <label htmlFor={`${id}-r`}>반려 사유</label>
            <input id={`${id}-r`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          </>
        )}
        {status === 'paid' && (
          <>
            <label htmlFor={`${id}-p`}>지급액 (원, 비우면 청구 금액)</label>
            <input id={`${id}-p`} inputMode="numeric" value={paid} onChange={(e) => setPaid(e.target.value)} />
          </>
        )}
        <button type="submit">기록하기</button>
        <p role="status" aria-live="polite">
          {message}
        </p>
      </form>
    </section>
  );
}
