// The frame of the two document screens: the document, its PDF and "확인했어요". Without a signature the patient is
// sent to sign first (the documents carry it).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { DocumentKind } from '../../../api/documents';
import { useClaimStore } from '../../../store/claim';
import { stepPathIn, useWizard, type StepId } from '../../../wizard/steps';
import { BottomAction, ErrorSummary, StepProgress } from '../../../wizard/WizardStep';
import { LegalDocument, PdfButton } from './LegalDocument';
import './enrol.css';

const LEADS: Record<DocumentKind, { lead: string; sub: string }> = {
  commission: {
    lead: '위임장을 확인해 주세요',
    sub: '병원이 진료 서류를 보험사에 보내려면 환자 본인의 위임장이 필요해요. 내용과 서명을 확인해 주세요.',
  },
  agree: {
    lead: '동의서를 확인해 주세요',
    sub: '보험금을 청구하려면 진료 정보를 보험사에 보내는 데 동의가 필요해요. 내용과 서명을 확인해 주세요.',
  },
};
const NO_SIGNATURE = '서명이 아직 없어요. 서명을 먼저 해 주세요.';

export function DocumentStep({ step, kind }: { step: StepId; kind: DocumentKind }) {
  const { next, progress, web } = useWizard(step);
  const signed = useClaimStore((s) => Boolean(s.reg.signImg));
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string>();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!signed) {
      setError(NO_SIGNATURE);
      setAttempt((n) => n + 1);
      return;
    }
    next();
  };

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <h2 className="screen__lead">{LEADS[kind].lead}</h2>
      <ErrorSummary items={error ? [{ target: 'sign-link', message: error }] : []} attempt={attempt} />
      <p className="screen__sub">{LEADS[kind].sub}</p>
      <LegalDocument kind={kind} titleId={`doc-${kind}-title`} />
      {!signed && (
        <Link id="sign-link" className="btn btn--secondary btn--block" to={stepPathIn('signature', web)}>
          서명하러 가기
        </Link>
      )}
      <PdfButton kind={kind} />
      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block">
          확인했어요
        </button>
      </BottomAction>
    </form>
  );
}
