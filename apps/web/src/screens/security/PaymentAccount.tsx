// /security/paymentAccount: the account the insurer pays into: bank, number, whose it is (본인 unless she says
// otherwise) and the holder's name. The bank is asked whose account it is (POST /ui/insu/v1/claims/users/accounts); a
// different holder is explained and stops here, never silently accepted. The number stays in memory only. Who pays
// and whom to ask about a payout (/security/paymentCenter) is said here, so that screen is off the walk.
import { useEffect, useState, type FormEvent } from 'react';
import { z } from 'zod';
import {
  bankAccount,
  bankAccountHolder,
  bankAccountRel,
  bankCd,
  maskAccount,
  sameName,
  type AccountCheck,
} from '@auto-claim/contract';
import { ApiError } from '../../api/client';
import { checkAccount } from '../../api/accounts';
import { useBanks } from '../../api/banks';
import { useInsurers } from '../../api/reference';
import { refusal } from '../../i18n/refusals';
import { t as tNow, useT } from '../../i18n/t';
import { chosenInsurers, useClaimStore } from '../../store/claim';
import { alert, Field, withLoading } from '../../ui';
import { useWizard } from '../../wizard/steps';
import { BottomAction, ErrorSummary, LoadError, StepProgress, type SummaryItem } from '../../wizard/WizardStep';
import { accountRelsOf, type AccountRel } from './parts/child';
import './wizard-1.css';

type Key = 'bankCd' | 'bankAccount' | 'bankAccountRel' | 'bankAccountHolder';
const ORDER: Key[] = ['bankCd', 'bankAccount', 'bankAccountRel', 'bankAccountHolder'];
const TARGETS: Record<Key, string> = {
  bankCd: 'bankCd',
  bankAccount: 'bankAccount',
  bankAccountRel: 'rel-', // + the first relation offered
  bankAccountHolder: 'bankAccountHolder',
};

/** The relations offered; one whose holder is known (본인, or in a child's enrolment either) fixes the name. */
const accountForm = (rels: AccountRel[]) =>
  z
    .object({
      bankCd: z
        .string()
        .min(1, { error: () => tNow('account.bank.required', '은행을 골라 주세요.') })
        .pipe(bankCd),
      bankAccount,
      bankAccountRel,
      bankAccountHolder,
    })
    .superRefine((v, ctx) => {
      const rel = rels.find((r) => r.code === v.bankAccountRel);
      if (!rel) {
        ctx.addIssue({
          code: 'custom',
          path: ['bankAccountRel'],
          message: tNow('refusal.bankAccountRel', '예금주와의 관계를 선택해 주세요.'),
        });
      } else if (rel.holder && !sameName(v.bankAccountHolder, rel.holder)) {
        ctx.addIssue({ code: 'custom', path: ['bankAccountHolder'], message: rel.holderMessage });
      }
    });

export default function PaymentAccount() {
  const t = useT();
  const { next, progress } = useWizard('paymentAccount');
  const reg = useClaimStore((s) => s.reg);
  const { setReg, setUi, setRepository } = useClaimStore.getState();
  const rels = accountRelsOf(useClaimStore());
  const banks = useBanks();
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [attempt, setAttempt] = useState(0);
  const [mismatch, setMismatch] = useState<AccountCheck>();
  const [busy, setBusy] = useState(false);
  const insurers = useInsurers();
  const payers = chosenInsurers(reg).flatMap((cd) => insurers.data?.list.filter((i) => i.insuCompCd === cd) ?? []);
  const payerNm = payers.map((i) => i.insuCompNm).join(', ') || t('account.payer', '보험사');

  // Most pay into their own account: the first relation offered (본인; for a child, 보호자 명의) is chosen to begin
  // with, the holder the name it fixes.
  const first = rels[0]!;
  useEffect(() => {
    if (!useClaimStore.getState().reg.bankAccountRel)
      setReg({ bankAccountRel: first.code, bankAccountHolder: first.holder ?? '' });
  }, [setReg, first.code, first.holder]);

  const change = (patch: Partial<Record<Key, string>>) => {
    setReg(patch);
    setMismatch(undefined);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };

  const chooseRel = (code: string) => {
    // 본인 (or, for a child, the parent or the child): the holder is known; someone else: their name, typed.
    const holder = rels.find((r) => r.code === code)?.holder;
    if (holder) change({ bankAccountRel: code, bankAccountHolder: holder });
    else
      change({
        bankAccountRel: code,
        bankAccountHolder: rels.some((r) => r.holder && sameName(reg.bankAccountHolder, r.holder))
          ? ''
          : reg.bankAccountHolder,
      });
  };

  const fail = (found: Partial<Record<Key, string>>) => {
    setErrors(found);
    setAttempt((n) => n + 1);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setMismatch(undefined);
    const r = accountForm(rels).safeParse(reg);
    if (!r.success) {
      const found: Partial<Record<Key, string>> = {};
      for (const issue of r.error.issues) found[issue.path[0] as Key] ??= refusal(issue.message);
      return fail(found);
    }
    const v = r.data;
    setBusy(true);
    try {
      const answer = await withLoading(
        checkAccount({ bankCd: v.bankCd, bankAccount: v.bankAccount, bankAccountHolder: v.bankAccountHolder }),
        t('account.checking', '은행에 계좌를 확인하고 있어요…'),
      );
      if (answer.result !== 'MATCH') {
        setMismatch(answer);
        return fail({
          bankAccountHolder: t('account.mismatch', '은행에 등록된 예금주와 이름이 달라요. 아래 안내를 확인해 주세요.'),
        });
      }
      setReg(v);
      setRepository({ checkBankAccountNm: answer.checkBankAccountNm });
      setUi({
        bankNm: answer.bankNm || banks.data?.list.find((b) => b.bankCd === v.bankCd)?.bankNm || '',
        bankAccountRelNm: rels.find((x) => x.code === v.bankAccountRel)?.name ?? '',
      });
      next();
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? (err.problem?.errors ?? []) : [];
      const found: Partial<Record<Key, string>> = {};
      for (const fe of fieldErrors) if (ORDER.includes(fe.field as Key)) found[fe.field as Key] ??= refusal(fe.message);
      if (Object.keys(found).length > 0) return fail(found);
      await alert(
        err instanceof ApiError
          ? (refusal(err.detail) ?? err.detail)
          : t('account.failed', '계좌를 확인하지 못했어요. 잠시 후 다시 시도해 주세요.'),
      );
    } finally {
      setBusy(false);
    }
  };

  const summary: SummaryItem[] = ORDER.filter((k) => errors[k]).map((k) => ({
    target: k === 'bankAccountRel' ? `${TARGETS[k]}${rels[0]!.code}` : TARGETS[k],
    message: errors[k]!,
  }));
  const bankNm = banks.data?.list.find((b) => b.bankCd === reg.bankCd)?.bankNm ?? '';

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <ErrorSummary items={summary} attempt={attempt} />
      <h2 className="wz-legend">{t('account.legend', '받을 계좌를 알려 주세요')}</h2>
      <p className="wz-lead-note">
        {t(
          'account.lead',
          '보험금은 {payerNm}에서 이 계좌로 직접 보내요. 자동청구는 서류만 대신 보내고 돈은 맡지 않아요.',
          { payerNm },
        )}
      </p>

      {banks.isError && (
        <LoadError
          message={t('account.banks.loadError', '은행 목록을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.')}
          onRetry={() => void banks.refetch()}
        />
      )}
      <Field id="bankCd" label={t('account.bank', '은행')} error={errors.bankCd}>
        {(p) => (
          <select
            {...p}
            className="input select-input"
            value={reg.bankCd}
            onChange={(e) => change({ bankCd: e.target.value })}
          >
            <option value="" disabled>
              {banks.isPending
                ? t('account.banks.loading', '은행 목록을 불러오고 있어요')
                : t('account.bank.required', '은행을 골라 주세요.')}
            </option>
            {(banks.data?.list ?? []).map((b) => (
              <option key={b.bankCd} value={b.bankCd}>
                {b.bankNm}
              </option>
            ))}
          </select>
        )}
      </Field>

      <Field
        id="bankAccount"
        label={t('account.number', '계좌번호')}
        hint={t('account.number.hint', '숫자만 입력해도 되고, - 를 넣어도 돼요.')}
        error={errors.bankAccount}
      >
        {(p) => (
          <input
            {...p}
            className="input"
            value={reg.bankAccount}
            onChange={(e) => change({ bankAccount: e.target.value })}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('account.number.placeholder', '예: 123-456-789012')}
            maxLength={24}
          />
        )}
      </Field>

      <fieldset
        className={`wz-fieldset${errors.bankAccountRel ? ' wz-invalid' : ''}`}
        aria-describedby={errors.bankAccountRel ? 'rel-error' : undefined}
      >
        <legend className="field__label">{t('account.whose', '누구 계좌인가요?')}</legend>
        <ul className="wz-options wz-options--grid">
          {rels.map((r) => (
            <li key={r.code}>
              <label className="wz-option wz-option--compact">
                <input
                  id={`rel-${r.code}`}
                  type="radio"
                  name="bankAccountRel"
                  value={r.code}
                  checked={reg.bankAccountRel === r.code}
                  onChange={() => chooseRel(r.code)}
                />
                <span className="wz-option__title">{r.name}</span>
              </label>
            </li>
          ))}
        </ul>
        <p id="rel-error" className="field__error" aria-live="polite">
          {errors.bankAccountRel ?? ''}
        </p>
      </fieldset>

      <Field
        id="bankAccountHolder"
        label={t('account.holder', '예금주 이름')}
        hint={
          rels.find((r) => r.code === reg.bankAccountRel)?.holderHint ??
          t('account.holder.hint', '통장에 적힌 이름 그대로 입력해 주세요.')
        }
        error={errors.bankAccountHolder}
      >
        {(p) => (
          <input
            {...p}
            className="input"
            value={reg.bankAccountHolder}
            onChange={(e) => change({ bankAccountHolder: e.target.value })}
            autoComplete="off"
            placeholder={t('identity.name.placeholder', '홍길동')}
            maxLength={30}
          />
        )}
      </Field>

      {mismatch && (
        <div className="mismatch" role="alert" aria-labelledby="mismatch-title">
          <h3 id="mismatch-title">{t('account.mismatch.title', '은행에 등록된 예금주가 달라요')}</h3>
          <dl className="mismatch__facts">
            <div>
              <dt>{t('account.mismatch.account', '계좌')}</dt>
              <dd>
                {bankNm} {mismatch.bankAccountMasked || maskAccount(reg.bankAccount)}
              </dd>
            </div>
            <div>
              <dt>{t('account.mismatch.bankHolder', '은행에 등록된 예금주')}</dt>
              <dd>{mismatch.checkBankAccountNm}</dd>
            </div>
            <div>
              <dt>{t('account.mismatch.typedHolder', '입력하신 예금주')}</dt>
              <dd>{reg.bankAccountHolder}</dd>
            </div>
          </dl>
          <ul>
            <li>{t('account.mismatch.digits', '계좌번호를 한 자리씩 다시 확인해 주세요.')}</li>
            <li>
              {t(
                'account.mismatch.family',
                '가족 명의 계좌라면 ‘누구 계좌인가요?’에서 가족을 고르고 그분의 이름을 입력해 주세요.',
              )}
            </li>
            <li>{t('account.mismatch.other', '이름이 맞는데도 다르다고 나오면 다른 계좌를 입력해 주세요.')}</li>
          </ul>
        </div>
      )}

      <details className="wz-more">
        <summary>{t('account.when', '보험금이 언제, 얼마나 들어오는지 궁금하다면')}</summary>
        <p>
          {t(
            'account.when.text',
            '{payerNm}에서 서류를 심사한 뒤에 보내요. 지급 여부와 금액, 심사 결과도 보험사에서 정하고 알려 드려요.',
            { payerNm },
          )}
        </p>
        {payers.map((insurer) =>
          insurer.callCenter ? (
            <a
              key={insurer.insuCompCd}
              className="btn btn--secondary btn--block call-link"
              href={`tel:${insurer.callCenter.replace(/\D/g, '')}`}
            >
              {t('account.call', '{insurer} 고객센터 {phone} 전화하기', {
                insurer: insurer.insuCompNm,
                phone: insurer.callCenter,
              })}
            </a>
          ) : (
            <p key={insurer.insuCompCd} className="field__hint">
              {t('account.call.none', '{insurer} 고객센터 번호는 보험증권이나 보험사 누리집에서 확인할 수 있어요.', {
                insurer: insurer.insuCompNm,
              })}
            </p>
          ),
        )}
      </details>

      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? t('account.busy', '계좌 확인하는 중…') : t('account.next', '계좌 확인하고 다음')}
        </button>
      </BottomAction>
    </form>
  );
}
