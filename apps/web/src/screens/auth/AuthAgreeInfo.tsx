// /authAgreeInfo (spec §2): every consent of the enrolment on one screen, read once: the service's terms (SERVICE),
// the identity verification's (TELECOM, sent with the SMS request), the subscription's (LMHC_SUBS) with the consent
// for the insurer she then chooses (docs/decisions/0007-enrolment-walk.md). Grouped by what each is for, each term
// readable in full in a sheet, the words people stop at explained in one plain line. Nothing continues without the
// required ones: every missing one is marked beside it at once and the first takes focus.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { APP_BASE, type Terms } from '@auto-claim/contract';
import { useTerms } from '../../api/terms';
import { useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';
import { BackButton, SlideBottom } from '../../ui';
import { ReferenceNote, consentGroups, groupOf, plainOf, titleOf } from './consentGroups';
import { TermsReading } from '../../ui/TermsReading';
import { useHelperChoice } from './Helper';
import './consent.css';

const checkboxId = (t: Pick<Terms, 'termsId'>) => `consent-${t.termsId}`;

/**
 * A term that takes focus comes into view with its error and explanation, above the action bar (html's
 * scroll-padding-bottom); at large text, when they do not all fit, its title and error at least.
 */
function showTerm(input: HTMLInputElement) {
  input.closest('li')?.scrollIntoView({ block: 'nearest' });
  const label = input.closest('label');
  if (label && label.getBoundingClientRect().top < 0) label.scrollIntoView({ block: 'start' });
}

export default function AuthAgreeInfo() {
  const t = useT();
  const navigate = useNavigate();
  const service = useTerms('v3', 'SERVICE');
  const telecom = useTerms('v2', 'TELECOM');
  const subscription = useTerms('v3', 'LMHC_SUBS');
  const queries = [service, telecom, subscription];
  const { reg, auth, setReg, setAuth } = useClaimStore();
  const [agreed, setAgreed] = useState<Set<string>>(
    () => new Set([...reg.termsIds, ...reg.optTerms, ...auth.telecomTermsIds]),
  );
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const [reading, setReading] = useState<Terms | null>(null);
  const helper = useHelperChoice();

  const loaded = queries.every((q) => q.isSuccess);
  const list = queries.flatMap((q) => q.data?.list ?? []);
  const required = list.filter((t) => t.required);
  const all = list.length > 0 && list.every((t) => agreed.has(t.termsId));
  const allRequired = loaded && required.every((t) => agreed.has(t.termsId));

  const change = (next: Set<string>) => {
    setAgreed(next);
    setMissing((m) => new Set([...m].filter((id) => !next.has(id))));
  };
  const toggle = (id: string, on: boolean) => {
    const next = new Set(agreed);
    if (on) next.add(id);
    else next.delete(id);
    change(next);
  };

  const onNext = () => {
    if (!loaded) return;
    const gaps = required.filter((t) => !agreed.has(t.termsId));
    if (gaps.length > 0) {
      setMissing(new Set(gaps.map((t) => t.termsId)));
      // Every missing one is marked beside it; the first takes focus (scroll-padding keeps it above the action bar).
      requestAnimationFrame(() => document.getElementById(checkboxId(gaps[0]!))?.focus());
      return;
    }
    const telecomIds = new Set((telecom.data?.list ?? []).map((t) => t.termsId));
    const others = list.filter((t) => !telecomIds.has(t.termsId));
    // Agreeing here is the sign-up: a verification begun earlier for a link (ui.afterVerify) is over.
    useClaimStore.getState().setUi({ afterVerify: '' });
    setReg({
      termsIds: others.filter((t) => t.required).map((t) => t.termsId),
      optTerms: others.filter((t) => !t.required && agreed.has(t.termsId)).map((t) => t.termsId),
    });
    setAuth({ telecomTermsIds: [...telecomIds].filter((id) => agreed.has(id)) });
    // One verification method (휴대폰 문자) is no choice: /selfAuthSelect is skipped (screens/auth/SelfAuthSelect.tsx).
    // Verified already in this tab (she came back as a subscriber and has none): the terms are recorded at /excute.
    navigate(useClaimStore.getState().reg.userCi ? `${APP_BASE}/excute` : `${APP_BASE}/identity`);
  };

  const failed = queries.find((q) => q.isError);
  const missingTerms = required.filter((t) => missing.has(t.termsId));
  return (
    <div className="screen screen--padded consent">
      <header className="screen-top">
        <BackButton />
        {helper.toggle}
      </header>
      <h1 className="screen__lead">
        {t('consent.lead1', '필요한 동의를')}
        <br />
        {t('consent.lead2', '한 번에 받을게요')}
      </h1>
      <ReferenceNote />
      {helper.choice}
      {missingTerms.length > 0 && (
        <div className="error-summary" role="alert" aria-labelledby="consent-missing-title">
          <h2 id="consent-missing-title">
            {t('consent.missing', '필수 항목 {count, plural, other {#개}}에 아직 동의하지 않으셨어요', {
              count: missingTerms.length,
            })}
          </h2>
          {/* A long list would push the terms themselves out of sight: each is marked beside it anyway. */}
          {missingTerms.length > 3 && (
            <p>
              {t(
                'consent.missingMany',
                '아래에 빨간 글씨로 표시한 항목이에요. ‘전체 동의’를 누르면 한 번에 동의할 수 있어요.',
              )}
            </p>
          )}
          <ul hidden={missingTerms.length > 3}>
            {missingTerms.map((term) => (
              <li key={term.termsId}>
                <a
                  href={`#${checkboxId(term)}`}
                  onClick={(e) => {
                    e.preventDefault();
                    document.getElementById(checkboxId(term))?.focus();
                  }}
                >
                  {term.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {queries.some((q) => q.isPending) && (
        <div
          className="skeleton skeleton--list"
          aria-label={t('consent.loading', '약관을 불러오는 중이에요')}
          role="status"
        />
      )}
      {failed && (
        <div className="load-error" role="alert">
          <p>
            {failed === telecom
              ? t('consent.loadError.telecom', '통신사 약관을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.')
              : t('consent.loadError', '약관 목록을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.')}
          </p>
          <button type="button" className="btn btn--secondary" onClick={() => queries.forEach((q) => q.refetch())}>
            {t('landing.loadError.retry', '다시 불러오기')}
          </button>
        </div>
      )}
      {loaded && (
        <>
          <label className="terms__all consent__all">
            <input
              type="checkbox"
              className="check"
              checked={all}
              onChange={(e) => change(e.target.checked ? new Set(list.map((t) => t.termsId)) : new Set())}
            />
            <span>
              {t('consent.all', '전체 동의')}{' '}
              <span className="consent__all-note">{t('consent.allNote', '(선택 항목 포함)')}</span>
            </span>
          </label>
          {consentGroups().map((g) => {
            const items = list.filter((t) => groupOf(t) === g.id);
            if (items.length === 0) return null;
            return (
              <section key={g.id} className="consent__group" aria-labelledby={`consent-group-${g.id}`}>
                <h2 id={`consent-group-${g.id}`} className="consent__title">
                  {g.title}
                  {/* Said once for the group, not before each of its terms (a screen reader hears it with each). */}
                  {g.id !== 'optional' && <span className="terms__req"> {t('consent.required', '(필수)')}</span>}
                </h2>
                <p className="consent__lead">{g.lead}</p>
                <ul className="terms__list">
                  {items.map((term) => {
                    const plain = plainOf(term);
                    const error = missing.has(term.termsId);
                    const described = [error && `${checkboxId(term)}-error`, plain && `${checkboxId(term)}-plain`]
                      .filter(Boolean)
                      .join(' ');
                    return (
                      <li key={term.termsId} className={`consent__item${error ? ' consent__item--invalid' : ''}`}>
                        <div className="terms__item">
                          <label className="terms__label">
                            <input
                              id={checkboxId(term)}
                              type="checkbox"
                              className="check"
                              checked={agreed.has(term.termsId)}
                              aria-invalid={error || undefined}
                              aria-describedby={described || undefined}
                              onChange={(e) => toggle(term.termsId, e.target.checked)}
                              onFocus={(e) => showTerm(e.currentTarget)}
                            />
                            <span>
                              {term.required ? (
                                <span className="visually-hidden">{t('consent.required', '(필수)')}</span>
                              ) : (
                                <span className="terms__opt">{t('ui.optional', '(선택)')}</span>
                              )}{' '}
                              <span lang="ko">{term.title}</span>
                              {titleOf(term) && <span className="consent__ref">{titleOf(term)}</span>}
                            </span>
                          </label>
                          <button
                            type="button"
                            className="terms__view"
                            onClick={() => setReading(term)}
                            aria-label={t('consent.viewFull', '{title} 전문 보기', { title: term.title })}
                          >
                            {t('consent.view', '보기')}
                          </button>
                        </div>
                        {/* The error right under its control, before the longer explanation. */}
                        {error && (
                          <p id={`${checkboxId(term)}-error`} className="field__error consent__error">
                            {t('consent.missingOne', '필수 항목이에요. 동의해 주세요.')}
                          </p>
                        )}
                        {plain && (
                          <p id={`${checkboxId(term)}-plain`} className="consent__plain">
                            {plain}
                          </p>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })}
        </>
      )}
      <SlideBottom open={reading !== null} onClose={() => setReading(null)} title={reading?.title ?? ''}>
        {reading && (
          <>
            <TermsReading terms={reading} />
            <button
              type="button"
              className="btn btn--primary btn--block"
              onClick={() => {
                toggle(reading.termsId, true);
                setReading(null);
                requestAnimationFrame(() => document.getElementById(checkboxId(reading))?.focus());
              }}
            >
              {t('consent.agree', '동의하기')}
            </button>
          </>
        )}
      </SlideBottom>
      <div className="bottom-action">
        <button type="button" className="btn btn--primary btn--block" onClick={onNext} disabled={!loaded}>
          {/* "동의하고 다음" only when pressing it does agree: every required term is ticked. */}
          {allRequired ? t('consent.agreeNext', '동의하고 다음') : t('ui.next', '다음')}
        </button>
      </div>
    </div>
  );
}
