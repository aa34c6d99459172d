// /security/claimAgreeInfo: each chosen insurer's own consent terms (GET /auth/rest/terms/v3/INSU_CLAIM?insuCompCd=…,
// one call per insurer), each readable in full; the agreed ones go to reg.agreeIds. Every required one of every chosen
// insurer must be agreed to go on.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { useInsurers } from '../../api/reference';
import { termsQuery } from '../../api/terms';
import { loadFailedMessage } from '../../api/queryClient';
import { t, useT } from '../../i18n/t';
import { chosenInsurers, useClaimStore } from '../../store/claim';
import { stepPath, useWizard } from '../../wizard/steps';
import { BottomAction, ErrorSummary, LoadError, StepProgress } from '../../wizard/WizardStep';
import { TermsChecklist } from '../auth/TermsChecklist';
import './wizard-1.css';

const required = () => t('claimAgree.required', '필수 약관에 모두 동의해 주세요.');

export default function ClaimAgreeInfo() {
  const t = useT();
  const { next, progress } = useWizard('claimAgreeInfo');
  const reg = useClaimStore((s) => s.reg);
  const codes = chosenInsurers(reg);
  const agreeIds = reg.agreeIds;
  const setReg = useClaimStore((s) => s.setReg);
  const insurers = useInsurers();
  const terms = useQueries({ queries: codes.map((cd) => termsQuery('v3', 'INSU_CLAIM', cd)) });
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  if (codes.length === 0) {
    return (
      <section className="notice-screen" aria-labelledby="no-insurer">
        <h2 id="no-insurer" className="notice-screen__title">
          {t('claimAgree.noInsurer', '보험사를 먼저 골라 주세요')}
        </h2>
        <p className="notice-screen__text">{t('claimAgree.noInsurer.text', '동의할 약관은 보험사마다 달라요.')}</p>
        <Link className="btn btn--primary btn--block" to={stepPath('insuChoose')}>
          {t('claimAgree.noInsurer.go', '보험사 고르러 가기')}
        </Link>
      </section>
    );
  }

  const nameOf = (cd: string) =>
    insurers.data?.list.find((i) => i.insuCompCd === cd)?.insuCompNm ?? t('account.payer', '보험사');
  const allLoaded = terms.every((q) => q.isSuccess);
  const lists = terms.map((q) => q.data?.list ?? []);
  const every = lists.flat();
  const agreed = new Set(agreeIds);
  const firstMissing = codes.findIndex((_, i) => lists[i]!.some((x) => x.required && !agreed.has(x.termsId)));
  const several = codes.length > 1;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!allLoaded) return;
    if (firstMissing >= 0) {
      setError(required());
      setAttempt((n) => n + 1);
      return;
    }
    // Only the chosen insurers' terms, in the insurers' and the lists' order.
    setReg({ agreeIds: every.filter((x) => agreed.has(x.termsId)).map((x) => x.termsId) });
    next();
  };

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <ErrorSummary
        items={error ? [{ target: `claim-terms-all-${Math.max(firstMissing, 0)}`, message: error }] : []}
        attempt={attempt}
      />
      {several && (
        <p className="field__hint">
          {t(
            'claimAgree.several',
            '고른 보험사 {count, plural, other {#곳}}에 각각 동의가 필요해요. 동의한 보험사에만 보험금을 청구해요.',
            { count: codes.length },
          )}
        </p>
      )}
      {codes.map((cd, i) => {
        const insuCompNm = nameOf(cd);
        const q = terms[i]!;
        const list = lists[i]!;
        const missing = list.some((x) => x.required && !agreed.has(x.termsId));
        return (
          <section key={cd} className="wz-fieldset" aria-labelledby={`claim-terms-title-${i}`}>
            <h2 id={`claim-terms-title-${i}`} className="wz-legend">
              {t('claimAgree.title', '{insurer}에 보험금을 청구하려면 동의가 필요해요', { insurer: insuCompNm })}
            </h2>
            <p className="field__hint">
              {t(
                'claimAgree.lead',
                '병원에서 받은 진료 서류와 내 정보를 {insurer}에 보내는 데 대한 동의예요. 전문은 ‘보기’를 눌러 읽을 수 있어요.',
                { insurer: insuCompNm },
              )}
            </p>
            {q.isPending && (
              <div className="skeleton skeleton--list" aria-label={t('claimAgree.loading', '약관을 불러오고 있어요')} />
            )}
            {q.isError && (
              <LoadError
                message={loadFailedMessage(t('claimAgree.terms.what', '{insurer} 약관', { insurer: insuCompNm }))}
                onRetry={() => void q.refetch()}
              />
            )}
            {q.isSuccess && list.length === 0 && (
              <p className="wz-empty">{t('claimAgree.none', '이 보험사는 따로 동의할 약관이 없어요.')}</p>
            )}
            {q.isSuccess && list.length > 0 && (
              <TermsChecklist
                terms={list}
                agreed={agreed}
                onChange={(mine) => {
                  // This insurer's checklist answers for its own terms; the others' agreements stay.
                  const own = new Set(list.map((x) => x.termsId));
                  setReg({
                    agreeIds: [...agreeIds.filter((id) => !own.has(id)), ...[...mine].filter((id) => own.has(id))],
                  });
                  setError(undefined);
                }}
                allLabel={t('claimAgree.all', '{insurer} 약관에 모두 동의해요', { insurer: insuCompNm })}
                invalid={Boolean(error) && missing}
                describedBy={`claim-terms-error-${i}`}
                allInputId={`claim-terms-all-${i}`}
              />
            )}
            <p id={`claim-terms-error-${i}`} className="field__error" aria-live="polite">
              {error && missing ? error : ''}
            </p>
          </section>
        );
      })}
      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block" disabled={!allLoaded}>
          {t('consent.agreeNext', '동의하고 다음')}
        </button>
      </BottomAction>
    </form>
  );
}
