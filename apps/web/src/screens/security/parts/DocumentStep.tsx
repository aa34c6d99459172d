// The frame of the two document screens: the document, its PDF and "확인했어요". Without a signature the patient is
// sent to sign first (the documents carry it).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTerms } from '../../../api/terms';
import { t as tNow, useT } from '../../../i18n/t';
import { TermsChecklist } from '../../auth/TermsChecklist';
import type { DocumentKind } from '../../../api/documents';
import { useClaimStore } from '../../../store/claim';
import { stepPathIn, useWizard, type StepId } from '../../../wizard/steps';
import { BottomAction, ErrorSummary, LoadError, StepProgress, type SummaryItem } from '../../../wizard/WizardStep';
import { LegalDocument, PdfButton } from './LegalDocument';
import './enrol.css';

const LEADS: Record<DocumentKind, () => { lead: string; sub: string }> = {
  commission: () => ({
    lead: tNow('documentStep.commission.lead', '위임장을 확인해 주세요'),
    sub: tNow(
      'documentStep.commission.sub',
      '병원이 진료 서류를 보험사에 보내려면 환자 본인의 위임장이 필요해요. 내용과 서명을 확인해 주세요.',
    ),
  }),
  agree: () => ({
    lead: tNow('documentStep.agree.lead', '동의서를 확인해 주세요'),
    sub: tNow(
      'documentStep.agree.sub',
      '보험금을 청구하려면 진료 정보를 보험사에 보내는 데 동의가 필요해요. 내용과 서명을 확인해 주세요.',
    ),
  }),
};
const NO_SIGNATURE = () => tNow('documentStep.noSignature', '서명이 아직 없어요. 서명을 먼저 해 주세요.');
const TERMS_REQUIRED = () => tNow('documentStep.termsRequired', '자동청구 가입에 필요한 약관에 모두 동의해 주세요.');

export function DocumentStep({ step, kind }: { step: StepId; kind: DocumentKind }) {
  const t = useT();
  const { next, progress, web } = useWizard(step);
  const signed = useClaimStore((s) => Boolean(s.reg.signImg || s.reg.signTypedNm));
  const [attempt, setAttempt] = useState(0);
  const [problems, setProblems] = useState<SummaryItem[]>([]);
  // The subscription's own terms (LMHC_SUBS, spec §7) are agreed on the one consent screen; only when they were not
  // (she came another way) does the consent document ask them: the required ones go to reg.termsIds next to the
  // service terms, the optional ones agreed to reg.optTerms.
  const terms = useTerms('v3', 'LMHC_SUBS');
  const [agreed, setAgreed] = useState<Set<string>>(() => {
    const r = useClaimStore.getState().reg;
    return new Set([...r.termsIds, ...r.optTerms]);
  });
  const [agreedBefore] = useState(() => new Set(useClaimStore.getState().reg.termsIds));
  const asksTerms =
    kind === 'agree' && (!terms.isSuccess || terms.data.list.some((t) => t.required && !agreedBefore.has(t.termsId)));
  const list = asksTerms ? (terms.data?.list ?? []) : [];
  const termsError = problems.some((p) => p.target === 'subs-terms-all');

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found: SummaryItem[] = [];
    if (!signed) found.push({ target: 'sign-link', message: NO_SIGNATURE() });
    if (asksTerms && (!terms.isSuccess || list.some((t) => t.required && !agreed.has(t.termsId)))) {
      found.push({ target: 'subs-terms-all', message: TERMS_REQUIRED() });
    }
    setProblems(found);
    if (found.length) {
      setAttempt((n) => n + 1);
      return;
    }
    if (asksTerms) {
      const { reg, setReg } = useClaimStore.getState();
      const ids = new Set(list.map((t) => t.termsId));
      setReg({
        termsIds: [
          ...reg.termsIds.filter((id) => !ids.has(id)),
          ...list.filter((t) => t.required).map((t) => t.termsId),
        ],
        optTerms: [
          ...reg.optTerms.filter((id) => !ids.has(id)),
          ...list.filter((t) => !t.required && agreed.has(t.termsId)).map((t) => t.termsId),
        ],
      });
    }
    next();
  };

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <h2 className="screen__lead">{LEADS[kind]().lead}</h2>
      <ErrorSummary items={problems} attempt={attempt} />
      <p className="screen__sub">{LEADS[kind]().sub}</p>
      <LegalDocument kind={kind} titleId={`doc-${kind}-title`} />
      {!signed && (
        <Link id="sign-link" className="btn btn--secondary btn--block" to={stepPathIn('signature', web)}>
          {t('documentStep.toSign', '서명하러 가기')}
        </Link>
      )}
      <PdfButton kind={kind} />
      {asksTerms && (
        <section aria-labelledby="subs-terms-title" className="stack">
          <h3 id="subs-terms-title" className="summary-card__title">
            {t('documentStep.terms', '자동청구 가입 약관')}
          </h3>
          {terms.isPending && (
            <div
              className="skeleton skeleton--list"
              aria-label={t('documentStep.terms.loading', '약관을 불러오고 있어요')}
            />
          )}
          {terms.isError && (
            <LoadError
              message={t(
                'documentStep.terms.loadFailed',
                '자동청구 가입 약관을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.',
              )}
              onRetry={() => void terms.refetch()}
            />
          )}
          {terms.isSuccess && (
            <TermsChecklist
              terms={list}
              agreed={agreed}
              onChange={(s) => {
                setAgreed(s);
                setProblems((p) => p.filter((x) => x.target !== 'subs-terms-all'));
              }}
              allLabel={t('documentStep.terms.all', '자동청구 가입 약관에 모두 동의해요')}
              invalid={termsError}
              describedBy="subs-terms-error"
              allInputId="subs-terms-all"
            />
          )}
          <p id="subs-terms-error" className="field__error" aria-live="polite">
            {termsError ? TERMS_REQUIRED() : ''}
          </p>
        </section>
      )}
      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block">
          {asksTerms ? t('documentStep.agreeNext', '동의하고 다음') : t('documentStep.confirmed', '확인했어요')}
        </button>
      </BottomAction>
    </form>
  );
}
