// An insurer's answer entered by hand in a claim's page (README "Operator console"), for an insurer that answered by
// phone, fax or letter.
import { useId, useState, type FormEvent } from 'react';
import {
  RECORDED_ANSWERS,
  RECORDED_ANSWER_NM,
  REQUESTED_DOCUMENTS,
  REQUESTED_DOCUMENT_NM,
  type RecordedAnswer,
  type RequestedDocument,
  particle,
  withParticle,
} from '@auto-claim/contract';
import { opsClaimStatusBody, type OpsClaimDetail } from '@auto-claim/contract/ops';
import { OpsError, checked } from '../api/client';
import { useRecordInsurerAnswer } from '../api/claims';
import { useConfirm } from '../shared/ConfirmDialog';

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const errorText = (e: unknown) => (e instanceof Error ? e.message : '요청을 처리하지 못했어요.');

/**
 * An insurer's answer entered by hand: accepted, rejected with a reason, paid with the amount the insurer paid
 * (required: an empty amount is never taken as the whole claim), or papers asked for (the hospital is asked for those
 * it issues, the patient for the rest). A confirmation names the claim, the patient (masked) and the amount before
 * anything is recorded: an answer cannot be taken back.
 */
export function InsurerAnswer({ claim }: { claim: OpsClaimDetail }) {
  const record = useRecordInsurerAnswer(claim.claimId);
  const { ask, element } = useConfirm();
  const [status, setStatus] = useState<RecordedAnswer>('accepted');
  const [reason, setReason] = useState('');
  const [paid, setPaid] = useState('');
  const [papers, setPapers] = useState<RequestedDocument[]>([]);
  const [message, setMessage] = useState<string>();
  const [fieldError, setFieldError] = useState<{ field: 'reason' | 'paidAmount' | 'documents'; message: string }>();
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(undefined);
    const digits = paid.replace(/[,\s원]/g, '');
    let body;
    try {
      // Checked with the contract's schema first: a missing reason or amount is named before anything is sent.
      body = checked(opsClaimStatusBody, {
        status,
        ...(status === 'rejected' || (status === 'documents_requested' && reason.trim()) ? { reason } : {}),
        ...(status === 'paid' && digits !== '' ? { paidAmount: /^\d+$/.test(digits) ? Number(digits) : digits } : {}),
        ...(status === 'documents_requested' ? { documents: papers } : {}),
      });
      setFieldError(undefined);
    } catch (err) {
      const field = status === 'paid' ? 'paidAmount' : status === 'documents_requested' ? 'documents' : 'reason';
      const text = err instanceof OpsError ? (err.fieldMessage(field) ?? err.message) : errorText(err);
      setFieldError({ field, message: text });
      return;
    }
    const amount =
      body.status === 'paid' && body.paidAmount !== undefined
        ? `지급액 ${won(body.paidAmount)} (청구 금액 ${won(claim.amount)})`
        : `청구 금액 ${won(claim.amount)}`;
    const yes = await ask(
      `보험사 답변을 ‘${RECORDED_ANSWER_NM[body.status]}’${particle(RECORDED_ANSWER_NM[body.status], '으로/로')} 기록할까요?`,
      `청구 ${claim.claimId} · 환자 ${claim.patient.name} · ${claim.insuCompNm ?? claim.insuCompCd} · ${amount}` +
        (body.status === 'rejected' ? ` · 반려 사유: ${body.reason}` : '') +
        (body.documents?.length
          ? ` · 요청한 서류: ${body.documents.map((d) => REQUESTED_DOCUMENT_NM[d]).join(', ')} (병원이 발급하는 서류는 병원에 요청해요)`
          : '') +
        '. 기록하면 되돌릴 수 없어요.',
      `${withParticle(RECORDED_ANSWER_NM[body.status], '으로/로')} 기록하기`,
    );
    if (!yes) return;
    try {
      await record.mutateAsync(body);
      setMessage('보험사 답변을 기록했어요.');
    } catch (err) {
      setMessage(errorText(err));
    }
  };
  const errId = fieldError ? `${id}-err` : undefined;
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>보험사 답변 기록</h2>
      <form onSubmit={submit} noValidate>
        <label htmlFor={`${id}-s`}>답변</label>
        <select
          id={`${id}-s`}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as typeof status);
            setFieldError(undefined);
          }}
        >
          {RECORDED_ANSWERS.map((a) => (
            <option key={a} value={a}>
              {RECORDED_ANSWER_NM[a]}
            </option>
          ))}
        </select>
        {status === 'rejected' && (
          <>
            <label htmlFor={`${id}-r`}>반려 사유</label>
            <input
              id={`${id}-r`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
              required
              aria-invalid={fieldError?.field === 'reason' ? true : undefined}
              aria-describedby={fieldError?.field === 'reason' ? errId : undefined}
            />
          </>
        )}
        {status === 'documents_requested' && (
          <>
            <fieldset
              aria-invalid={fieldError?.field === 'documents' ? true : undefined}
              aria-describedby={fieldError?.field === 'documents' ? errId : undefined}
            >
              <legend>보험사가 요청한 서류</legend>
              {REQUESTED_DOCUMENTS.map((d) => (
                <label key={d} className="ops-check">
                  <input
                    type="checkbox"
                    checked={papers.includes(d)}
                    onChange={(e) => {
                      setPapers((now) => (e.target.checked ? [...now, d] : now.filter((p) => p !== d)));
                      setFieldError(undefined);
                    }}
                  />
                  {REQUESTED_DOCUMENT_NM[d]}
                </label>
              ))}
            </fieldset>
            <label htmlFor={`${id}-w`}>보험사가 한 말 (선택)</label>
            <input id={`${id}-w`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          </>
        )}
        {status === 'paid' && (
          <>
            <label htmlFor={`${id}-p`}>보험사가 지급한 금액 (원)</label>
            <input
              id={`${id}-p`}
              inputMode="numeric"
              value={paid}
              onChange={(e) => setPaid(e.target.value)}
              required
              aria-invalid={fieldError?.field === 'paidAmount' ? true : undefined}
              aria-describedby={fieldError?.field === 'paidAmount' ? errId : undefined}
            />
          </>
        )}
        {fieldError && (
          <p id={errId} role="alert" className="ops-error">
            {fieldError.message}
          </p>
        )}
        <button type="submit">기록하기</button>
        <p role="status" aria-live="polite">
          {message}
        </p>
      </form>
      {element}
    </section>
  );
}
