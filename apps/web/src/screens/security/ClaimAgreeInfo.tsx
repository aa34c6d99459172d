// /security/claimAgreeInfo: the chosen insurer's own consent terms (GET /auth/rest/terms/v3/INSU_CLAIM?insuCompCd=…),
// each readable in full; the agreed ones go to reg.agreeIds. Every required one must be agreed to go on.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useInsurers } from '../../api/reference';
import { useTerms } from '../../api/terms';
import { loadFailedMessage } from '../../api/queryClient';
import { useClaimStore } from '../../store/claim';
import { stepPath, useWizard } from '../../wizard/steps';
import { BottomAction, ErrorSummary, LoadError, StepProgress } from '../../wizard/WizardStep';
import { TermsChecklist } from '../auth/TermsChecklist';
import './wizard-1.css';

const REQUIRED = '필수 약관에 모두 동의해 주세요.';

export default function ClaimAgreeInfo() {
  const { next, progress } = useWizard('claimAgreeInfo');
  const insuCompCd = useClaimStore((s) => s.reg.insuCompCd);
  const agreeIds = useClaimStore((s) => s.reg.agreeIds);
  const setReg = useClaimStore((s) => s.setReg);
  const insurers = useInsurers();
  const terms = useTerms('v3', 'INSU_CLAIM', insuCompCd || undefined);
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  if (!insuCompCd) {
    return (
      <section className="notice-screen" aria-labelledby="no-insurer">
        <h2 id="no-insurer" className="notice-screen__title">
          보험사를 먼저 골라 주세요
        </h2>
        <p className="notice-screen__text">동의할 약관은 보험사마다 달라요.</p>
        <Link className="btn btn--primary btn--block" to={stepPath('insuChoose')}>
          보험사 고르러 가기
        </Link>
      </section>
    );
  }

  const insuCompNm = insurers.data?.list.find((i) => i.insuCompCd === insuCompCd)?.insuCompNm ?? '보험사';
  const list = terms.data?.list ?? [];
  const agreed = new Set(agreeIds);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!terms.isSuccess) return;
    if (list.some((t) => t.required && !agreed.has(t.termsId))) {
      setError(REQUIRED);
      setAttempt((n) => n + 1);
      return;
    }
    // Only this insurer's terms, in the list's order.
    setReg({ agreeIds: list.filter((t) => agreed.has(t.termsId)).map((t) => t.termsId) });
    next();
  };

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <ErrorSummary items={error ? [{ target: 'claim-terms-all', message: error }] : []} attempt={attempt} />
      <section className="wz-fieldset" aria-labelledby="claim-terms-title">
        <h2 id="claim-terms-title" className="wz-legend">
          {insuCompNm}에 보험금을 청구하려면 동의가 필요해요
        </h2>
        <p className="field__hint">
          병원에서 받은 진료 서류와 내 정보를 {insuCompNm}에 보내는 데 대한 동의예요. 전문은 ‘보기’를 눌러 읽을 수
          있어요.
        </p>
        {terms.isPending && <div className="skeleton skeleton--list" aria-label="약관을 불러오고 있어요" />}
        {terms.isError && (
          <LoadError message={loadFailedMessage(`${insuCompNm} 약관`)} onRetry={() => void terms.refetch()} />
        )}
        {terms.isSuccess && list.length === 0 && <p className="wz-empty">이 보험사는 따로 동의할 약관이 없어요.</p>}
        {terms.isSuccess && list.length > 0 && (
          <TermsChecklist
            terms={list}
            agreed={agreed}
            onChange={(s) => {
              setReg({ agreeIds: [...s] });
              setError(undefined);
            }}
            allLabel={`${insuCompNm} 약관에 모두 동의해요`}
            invalid={Boolean(error)}
            describedBy="claim-terms-error"
            allInputId="claim-terms-all"
          />
        )}
        <p id="claim-terms-error" className="field__error" aria-live="polite">
          {error ?? ''}
        </p>
      </section>
      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block" disabled={!terms.isSuccess}>
          동의하고 다음
        </button>
      </BottomAction>
    </form>
  );
}
