// /security/insuChoose: the insurers to claim from, from the insurer list of spec §7. A patient often holds 실손 with
// one insurer and 단체실손 with another, so more than one may be chosen: the first is reg.insuCompCd (spec §3), the
// others reg.insuCompCds (ours, contract). Their INSU_PHOTO ui-controls decide whether the ID photo steps follow
// (ui.idPhotoRequired: when any of them takes one; read by the wizard's order).
// The insurer's consent given on the one consent screen (CHOSEN_INSURER_TERMS_ID) is applied here to each chosen
// insurer as that insurer's own INSU_CLAIM term: named on this screen, readable, recorded with its version (POST
// /auth/rest/terms) and carried in reg.agreeIds (docs/decisions/0007-enrolment-walk.md). Without it, claimAgreeInfo
// asks. What is sent, and that she gathers nothing herself, is said here too (the full list: /security/document).
// One optional question follows the insurers: "언제 가입하셨어요?" by period (her 실손 generation, whose rules make each
// claim's expected amount: docs/payout-rules.md), "잘 모르겠어요" chosen until she picks another (the insurer's answer
// may then name it); each insurer's is changed on 내 자동청구.
import { useState, type FormEvent } from 'react';
import { useQueries } from '@tanstack/react-query';
import {
  API,
  CHOSEN_INSURER_TERMS_ID,
  POLICY_GENERATION_PERIODS,
  type Insurer,
  type PolicyGenerationPeriod,
  type Terms,
} from '@auto-claim/contract';
import { api } from '../../api/client';
import { useInsurers } from '../../api/reference';
import { queryClient } from '../../api/queryClient';
import { t as tNow, useT } from '../../i18n/t';
import { termsQuery } from '../../api/terms';
import { photoControlsQuery } from '../../api/uiControls';
import { chosenInsurers, useClaimStore } from '../../store/claim';
import { alert, SlideBottom, withLoading } from '../../ui';
import { TermsReading } from '../../ui/TermsReading';
import { useWizard } from '../../wizard/steps';
import { BottomAction, ErrorSummary, LoadError, StepProgress } from '../../wizard/WizardStep';
import './wizard-1.css';

/**
 * The consent given on the consent screen, as each chosen insurer's own required INSU_CLAIM terms: recorded against
 * this person with the versions in effect, then carried in reg.agreeIds (the subscription keeps them per insurer).
 */
async function applyConsent(codes: string[]): Promise<string[]> {
  const lists = await Promise.all(codes.map((cd) => queryClient.fetchQuery(termsQuery('v3', 'INSU_CLAIM', cd))));
  const ids = lists.flatMap((l) => l.list.filter((t) => t.required).map((t) => t.termsId));
  if (ids.length > 0) await api.post(API.termsAgree, { termsIds: ids });
  return ids;
}
const GROUPS: { kind: Insurer['insuKind']; title: () => string }[] = [
  { kind: 'NONLIFE', title: () => tNow('landing.companies.nonlifeInsurers', '손해보험사') },
  { kind: 'LIFE', title: () => tNow('landing.companies.lifeInsurers', '생명보험사') },
];
/** The periods of the 실손 generations (contract POLICY_GENERATION_PERIOD_NM), in her language. */
const PERIOD: Record<PolicyGenerationPeriod, () => string> = {
  gen4: () => tNow('insuChoose.period.gen4', '{year}년 {month}월 이후', { year: 2021, month: 7 }),
  gen3: () => tNow('insuChoose.period.between', '{from} ~ {to}', { from: ym(2017, 4), to: ym(2021, 6) }),
  gen2: () => tNow('insuChoose.period.between', '{from} ~ {to}', { from: ym(2009, 10), to: ym(2017, 3) }),
  gen1: () => tNow('insuChoose.period.gen1', '{year}년 {month}월 이전', { year: 2009, month: 9 }),
};
const ym = (year: number, month: number) => tNow('insuChoose.period.month', '{year}년 {month}월', { year, month });

export default function InsuChoose() {
  const t = useT();
  const { next, progress } = useWizard('insuChoose');
  const insurers = useInsurers();
  const reg = useClaimStore((s) => s.reg);
  const chosen = chosenInsurers(reg);
  const { setReg, setUi, setRepository } = useClaimStore.getState();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [reading, setReading] = useState<Terms | null>(null);
  const consented = reg.termsIds.includes(CHOSEN_INSURER_TERMS_ID);
  // Each chosen insurer's own consent, fetched as it is chosen: named and readable before she goes on.
  const insurerTerms = useQueries({
    queries: (consented ? chosen : []).map((cd) => termsQuery('v3', 'INSU_CLAIM', cd)),
  });

  const toggle = (i: Insurer, on: boolean) => {
    const now = chosenInsurers(useClaimStore.getState().reg);
    const next = on ? [...now.filter((c) => c !== i.insuCompCd), i.insuCompCd] : now.filter((c) => c !== i.insuCompCd);
    const [first = '', ...more] = next;
    // Consents belong to each insurer; a changed choice asks for them again (claimAgreeInfo).
    setReg({ insuCompCd: first, insuCompCds: more, agreeIds: [] });
    setUi({ idPhotoRequired: null });
    const names = next.map((cd) => insurers.data?.list.find((x) => x.insuCompCd === cd)?.insuCompNm ?? cd);
    setRepository({ selectCompany: names.join(', ') });
    setError(undefined);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const picked = (insurers.data?.list ?? []).filter((i) => chosen.includes(i.insuCompCd));
    if (picked.length === 0) {
      setError(t('insuChoose.required', '보험금을 청구할 보험사를 한 곳 이상 골라 주세요.'));
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const [controls, agreeIds] = await withLoading(
        Promise.all([
          Promise.all(picked.map((i) => queryClient.fetchQuery(photoControlsQuery(i.insuCompCd)))),
          consented ? applyConsent(picked.map((i) => i.insuCompCd)) : Promise.resolve([]),
        ]),
      );
      setUi({ idPhotoRequired: controls.some((c) => c.idPhotoUse) });
      setReg({ agreeIds });
      next();
    } catch {
      await alert(t('insuChoose.loadError.insurer', '보험사 정보를 불러오지 못했어요. 잠시 후 다시 시도해 주세요.'));
    } finally {
      setBusy(false);
    }
  };

  const list = insurers.data?.list ?? [];
  const nameOf = (cd: string) => list.find((i) => i.insuCompCd === cd)?.insuCompNm ?? cd;
  const firstCd = GROUPS.flatMap((g) => list.filter((i) => i.insuKind === g.kind))[0]?.insuCompCd;
  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <ErrorSummary items={error ? [{ target: 'insurer-first', message: error }] : []} attempt={attempt} />
      <fieldset
        className={`wz-fieldset${error ? ' wz-invalid' : ''}`}
        aria-describedby={`insurer-hint${error ? ' insurer-error' : ''}`}
      >
        <legend>
          <h2 className="wz-legend">{t('insuChoose.legend', '어느 보험사에 청구할까요?')}</h2>
        </legend>
        <p id="insurer-hint" className="field__hint">
          {t(
            'insuChoose.hint',
            '실손보험에 가입한 보험사를 모두 골라 주세요. 회사에서 든 단체실손보험이 따로 있으면 그 보험사도 함께 골라요. 잘 모르시면 보험증권이나 보험료 자동이체 내역에서 확인할 수 있어요.',
          )}
        </p>
        {chosen.length > 1 && (
          <p className="field__hint" aria-live="polite">
            {t(
              'insuChoose.several',
              '{count, plural, other {#곳}}을 골랐어요. 병원 진료마다 고른 보험사 모두에 따로 청구해요.',
              { count: chosen.length },
            )}
          </p>
        )}
        {insurers.isPending && (
          <div
            className="skeleton skeleton--list"
            aria-label={t('landing.companies.loading', '보험사 목록을 불러오는 중이에요')}
          />
        )}
        {insurers.isError && (
          <LoadError
            message={t('landing.companies.loadError', '보험사 목록을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.')}
            onRetry={() => void insurers.refetch()}
          />
        )}
        {GROUPS.map((g) => {
          const items = list.filter((i) => i.insuKind === g.kind);
          if (items.length === 0) return null;
          return (
            <section key={g.kind} className="insu-group" aria-labelledby={`insu-group-${g.kind}`}>
              <h3 id={`insu-group-${g.kind}`} className="insu-group__title">
                {g.title()}
              </h3>
              <ul className="wz-options wz-options--grid">
                {items.map((i) => (
                  <li key={i.insuCompCd}>
                    <label className="wz-option wz-option--compact">
                      <input
                        id={i.insuCompCd === firstCd ? 'insurer-first' : undefined}
                        type="checkbox"
                        name="insuCompCd"
                        value={i.insuCompCd}
                        checked={chosen.includes(i.insuCompCd)}
                        onChange={(e) => toggle(i, e.target.checked)}
                      />
                      <span className="wz-option__title">{i.insuCompNm}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        <p id="insurer-error" className="field__error" aria-live="polite">
          {error ?? ''}
        </p>
      </fieldset>
      {chosen.length > 0 && (
        <fieldset className="wz-fieldset" aria-describedby="policy-generation-hint">
          <legend className="field__label">{t('insuChoose.when', '언제 가입하셨어요? (선택)')}</legend>
          <p id="policy-generation-hint" className="field__hint">
            {t(
              'insuChoose.when.hint',
              '실손보험은 가입 시기마다 돌려받는 금액이 달라요. 알면 받을 금액을 미리 알려 드려요.',
            )}
          </p>
          <ul className="wz-options wz-options--grid">
            {[...POLICY_GENERATION_PERIODS, '' as const].map((g) => (
              <li key={g || 'unknown'}>
                <label className="wz-option wz-option--compact">
                  <input
                    type="radio"
                    name="policyGeneration"
                    value={g}
                    checked={reg.policyGeneration === g}
                    onChange={() => setReg({ policyGeneration: g })}
                  />
                  <span className="wz-option__title">
                    {g ? PERIOD[g]() : t('insuChoose.when.unknown', '잘 모르겠어요')}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {consented && chosen.length > 0 && (
        <section className="wz-facts insu-consent" aria-labelledby="insu-consent-title">
          <h3 id="insu-consent-title" className="wz-subtitle">
            {t('insuChoose.consent', '앞에서 하신 보험사 동의를 {insurers}에 적용해요', {
              insurers: chosen.map(nameOf).join(', '),
            })}
          </h3>
          <p>
            {t(
              'insuChoose.consent.what',
              '고르신 보험사가 보험금을 심사하려고 내 정보를 받는 데 대한 동의예요. 고르지 않은 보험사에는 보내지 않아요.',
            )}
          </p>
          <ul className="insu-consent__list">
            {chosen.map((cd, i) => {
              const terms = insurerTerms[i]?.data?.list.find((x) => x.required);
              return (
                <li key={cd}>
                  <button
                    type="button"
                    className="link-button"
                    disabled={!terms}
                    onClick={() => terms && setReading(terms)}
                    aria-label={t('insuChoose.consent.readFull', '{insurer} 동의서 전문 보기', { insurer: nameOf(cd) })}
                  >
                    {t('insuChoose.consent.read', '{insurer} 동의서 보기', { insurer: nameOf(cd) })}
                  </button>
                </li>
              );
            })}
          </ul>
          <p>
            <strong>{t('insuChoose.noPapers', '직접 챙기실 서류는 없어요.')}</strong>{' '}
            {t('insuChoose.noPapers.why', '진료비를 내면 병원이 영수증과 세부내역서를 보험사에 보내요.')}
          </p>
        </section>
      )}
      <SlideBottom open={reading !== null} onClose={() => setReading(null)} title={reading?.title ?? ''}>
        {reading && <TermsReading terms={reading} />}
      </SlideBottom>
      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {t('ui.next', '다음')}
        </button>
      </BottomAction>
    </form>
  );
}
