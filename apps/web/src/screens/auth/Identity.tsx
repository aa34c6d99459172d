// /identity: name, birthday, phone number and telecom, with the telecom terms agreed (spec §2): on the one consent
// screen before it, or here when she came another way (a link's verification). The six birth digits move on to the
// sex digit; the phone number is hyphenated as typed. The server sends the SMS code; the next screen takes it.
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  API,
  APP_BASE,
  custHp,
  custName,
  parseKorRegId,
  phoneAsTyped,
  telecomType,
  validateKorRegId,
  type UserAuthAnswer,
} from '@auto-claim/contract';
import { api, ApiError } from '../../api/client';
import { useCodes } from '../../api/codes';
import { useTerms } from '../../api/terms';
import { refusal } from '../../i18n/refusals';
import { t as tNow, useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';
import { VerifyPurpose } from './VerifyPurpose';
import { HelperNote } from './Helper';
import { Field } from '../../ui/Field';
import { alert } from '../../ui';
import { TermsChecklist } from './TermsChecklist';
import { focusOnOpen } from '../../ui/focusOnOpen';

// The same field rules as the server's userAuth (packages/contract): one schema, browser and server.
const identityForm = z
  .object({
    custName,
    birth6: z.string().regex(/^\d{6}$/, {
      error: () => tNow('refusal.birth6.example', '생년월일 6자리를 숫자로 입력해 주세요. 예: 850101'),
    }),
    sexDigit: z
      .string()
      .regex(/^\d$/, { error: () => tNow('refusal.sexDigit', '주민등록번호 뒷자리 첫 번째 숫자를 입력해 주세요.') }),
    custHp,
    // A radio group holds a plain string until one is chosen.
    telecomType: z.string().pipe(telecomType),
  })
  .superRefine((v, ctx) => {
    if (!/^\d{6}$/.test(v.birth6) || !/^\d$/.test(v.sexDigit)) return;
    const check = validateKorRegId(v.birth6 + v.sexDigit);
    if (!check.ok) ctx.addIssue({ code: 'custom', path: ['birth6'], message: check.reason });
  });
type IdentityInput = z.input<typeof identityForm>;
type IdentityValues = z.output<typeof identityForm>;

export default function Identity() {
  const t = useT();
  const navigate = useNavigate();
  const { reg, auth, setAuth, setReg, setUi } = useClaimStore();
  // The landing's "이미 가입하셨나요?" (a real link, so it works before the landing's code has loaded): a subscriber
  // coming back verifies and goes to her subscription, without the sign-up's consent screen.
  const [params] = useSearchParams();
  const forMine = params.get('for') === 'mine';
  useEffect(() => {
    if (forMine) setUi({ afterVerify: '/security/applyHistory' });
  }, [forMine, setUi]);
  const telecoms = useCodes('telecom_type');
  const telecomTerms = useTerms('v2', 'TELECOM');
  // The telecom terms agreed on the consent screen (spec §7: sent with the SMS request, recorded there).
  const [agreed, setAgreed] = useState<Set<string>>(() => new Set(auth.telecomTermsIds));
  const [termsError, setTermsError] = useState<string>();
  const summaryRef = useRef<HTMLDivElement>(null);

  const form = useForm<IdentityInput, unknown, IdentityValues>({
    resolver: zodResolver(identityForm),
    defaultValues: {
      custName: auth.custName,
      birth6: auth.korRegId.slice(0, 6),
      sexDigit: auth.korRegId.slice(6, 7),
      custHp: phoneAsTyped(auth.custHp),
      telecomType: auth.telecomType,
    },
  });
  const { errors } = form.formState;
  const birth6 = form.register('birth6');
  const custHp = form.register('custHp');
  const sexDigitRef = useRef<HTMLInputElement | null>(null);
  const sexDigit = form.register('sexDigit');
  const custName = form.register('custName');
  const termsList = telecomTerms.data?.list ?? [];
  // Agreed on the consent screen: not asked again (a link's verification comes here without it).
  const termsAgreedBefore =
    termsList.length > 0 && termsList.every((t) => !t.required || auth.telecomTermsIds.includes(t.termsId));

  const send = useMutation({
    mutationFn: (body: object) => api.post<UserAuthAnswer>(API.niceUserAuth, body),
  });

  const onValid = async (v: IdentityValues) => {
    const terms = telecomTerms.data?.list ?? [];
    if (terms.some((t) => t.required && !agreed.has(t.termsId))) {
      setTermsError(t('identity.terms.missing', '본인확인 약관에 모두 동의해 주세요.'));
      return;
    }
    const korRegId = v.birth6 + v.sexDigit;
    const body = {
      korRegId,
      custName: v.custName.trim(),
      telecomType: v.telecomType,
      custHp: v.custHp,
      hospitalCode: reg.hospitalCd,
      termsIds: [...agreed],
    };
    try {
      const answer = await send.mutateAsync(body);
      const person = parseKorRegId(korRegId)!;
      const { termsIds, ...authFields } = body;
      setAuth({
        ...authFields,
        telecomTermsIds: termsIds,
        smsRequestSeq: answer.smsRequestSeq,
        smsResponseSeq: answer.smsResponseSeq,
      });
      setReg({ userNm: body.custName, birthday: person.birthday, sex: person.sex, userTel: v.custHp });
      setUi({ telecomNm: telecoms.data?.list.find((t) => t.code === v.telecomType)?.codeNm ?? '' });
      navigate(`${APP_BASE}/certInput`);
    } catch (e) {
      const detail =
        e instanceof ApiError
          ? e.detail
          : t('identity.sendFailed', '인증번호를 보내지 못했어요. 잠시 후 다시 시도해 주세요.');
      const fieldErrors = e instanceof ApiError ? (e.problem?.errors ?? []) : [];
      const map: Record<string, keyof IdentityInput> = {
        korRegId: 'birth6',
        custName: 'custName',
        custHp: 'custHp',
        telecomType: 'telecomType',
      };
      let placed = false;
      for (const fe of fieldErrors) {
        const name = map[fe.field];
        if (name) {
          form.setError(name, { message: refusal(fe.message) });
          placed = true;
        }
      }
      if (!placed) await alert(refusal(detail) ?? detail);
    }
  };

  const regIdError = refusal(errors.birth6?.message ?? errors.sexDigit?.message);
  const onInvalid = () => requestAnimationFrame(() => summaryRef.current?.focus());
  const fieldErrors = (Object.keys(errors) as (keyof IdentityInput)[]).filter((k) => errors[k]?.message);
  const labels: Record<keyof IdentityInput, string> = {
    custName: t('identity.name', '이름'),
    birth6: t('identity.birth', '생년월일'),
    sexDigit: t('identity.sexDigit', '주민등록번호 뒷자리 첫 숫자'),
    custHp: t('identity.phone', '휴대폰 번호'),
    telecomType: t('identity.telecom', '통신사'),
  };

  return (
    <form className="screen" noValidate onSubmit={form.handleSubmit(onValid, onInvalid)}>
      <VerifyPurpose />
      <h2 className="screen__lead">{t('identity.lead', '본인 명의 휴대폰으로 인증해 주세요')}</h2>
      <HelperNote step="identity" />
      {fieldErrors.length > 0 && (
        <div
          className="error-summary"
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby="error-summary-title"
        >
          <h2 id="error-summary-title">{t('wizard.errorSummary', '입력한 내용을 확인해 주세요')}</h2>
          <ul>
            {fieldErrors.map((k) => (
              <li key={k}>
                <a href={`#f-${k}`} onClick={(e) => (e.preventDefault(), form.setFocus(k))}>
                  {labels[k]}: {refusal(errors[k]?.message)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}

      <Field
        label={labels.custName}
        hint={t('identity.name.hint', '외국인은 외국인등록증에 적힌 대로 입력해 주세요.')}
        error={errors.custName?.message}
      >
        {(p) => (
          <input
            {...p}
            {...custName}
            ref={(el) => {
              custName.ref(el);
              // The screen's first question: the keyboard is up when she arrives, if it is in view.
              if (!form.getValues('custName')) focusOnOpen(el);
            }}
            className="input"
            autoComplete="name"
            // The keyboard's own "다음" key goes on to the birth date, as the six digits go on to the seventh; a
            // syllable still being composed keeps its Enter.
            enterKeyHint="next"
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
              e.preventDefault();
              form.setFocus('birth6');
            }}
            placeholder={t('identity.name.placeholder', '홍길동')}
          />
        )}
      </Field>

      <fieldset
        className={`fieldset${regIdError ? ' field--invalid' : ''}`}
        aria-describedby={regIdError ? 'regid-error' : undefined}
      >
        <legend className="field__label">{t('identity.regId', '생년월일과 주민등록번호 뒷자리 첫 숫자')}</legend>
        {/* Two boxes on one line, one error line under both: narrow columns would break the Korean message. */}
        <div className="regid">
          <label className="visually-hidden" htmlFor="f-birth6">
            {t('identity.birth6', '생년월일 6자리')}
          </label>
          <input
            id="f-birth6"
            {...birth6}
            onChange={(e) => {
              void birth6.onChange(e);
              // Six digits typed: on to the one that follows, as on paper.
              if (/^\d{6}$/.test(e.target.value)) sexDigitRef.current?.focus();
            }}
            className="input regid__birth"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            placeholder={t('identity.birth6', '생년월일 6자리')}
            aria-invalid={Boolean(errors.birth6)}
            aria-describedby={regIdError ? 'regid-error' : undefined}
          />
          <span className="regid__dash" aria-hidden="true">
            –
          </span>
          <label className="visually-hidden" htmlFor="f-sexDigit">
            {labels.sexDigit}
          </label>
          <input
            id="f-sexDigit"
            {...sexDigit}
            ref={(el) => {
              sexDigit.ref(el);
              sexDigitRef.current = el;
            }}
            onChange={(e) => {
              void sexDigit.onChange(e);
              // The digit typed: on to the phone number, as the birth digits went on to it.
              if (/^\d$/.test(e.target.value)) form.setFocus('custHp');
            }}
            className="input regid__digit"
            inputMode="numeric"
            maxLength={1}
            autoComplete="off"
            placeholder="0"
            aria-invalid={Boolean(errors.sexDigit)}
            aria-describedby={regIdError ? 'regid-error' : undefined}
          />
          <span className="regid__dots" aria-hidden="true">
            ●●●●●●
          </span>
        </div>
        <p id="regid-error" className="field__error" aria-live="polite">
          {regIdError ?? ''}
        </p>
      </fieldset>

      <Field label={labels.custHp} error={errors.custHp?.message}>
        {(p) => (
          <input
            {...p}
            {...custHp}
            onChange={(e) => {
              e.target.value = phoneAsTyped(e.target.value);
              void custHp.onChange(e);
            }}
            className="input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={13}
            placeholder="010-1234-5678"
          />
        )}
      </Field>

      <fieldset className="fieldset" aria-describedby={errors.telecomType ? 'telecom-error' : undefined}>
        <legend className="field__label">{labels.telecomType}</legend>
        {telecoms.isError && (
          <p role="alert">
            {t('identity.telecoms.loadError', '통신사 목록을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.')}
          </p>
        )}
        <div className="telecoms">
          {(telecoms.data?.list ?? []).map((t) => (
            <label key={t.code} className="telecom">
              <input type="radio" value={t.code} {...form.register('telecomType')} />
              <span>{t.codeNm}</span>
            </label>
          ))}
        </div>
        <p id="telecom-error" className="field__error">
          {refusal(errors.telecomType?.message) ?? ''}
        </p>
      </fieldset>

      <section aria-labelledby="telecom-terms-title">
        <h3 id="telecom-terms-title" className="field__label">
          {t('identity.terms', '본인확인 약관')}
        </h3>
        {telecomTerms.isError && (
          <p role="alert">
            {t('consent.loadError.telecom', '통신사 약관을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.')}
          </p>
        )}
        {telecomTerms.isSuccess && termsAgreedBefore && (
          <p className="field__hint">{t('identity.terms.agreed', '앞 화면에서 본인확인 약관에 모두 동의하셨어요.')}</p>
        )}
        {telecomTerms.isSuccess && !termsAgreedBefore && (
          <TermsChecklist
            terms={telecomTerms.data.list}
            agreed={agreed}
            onChange={(s) => {
              setAgreed(s);
              setTermsError(undefined);
            }}
            allLabel={t('identity.terms.all', '본인확인 약관에 모두 동의해요')}
            invalid={Boolean(termsError)}
            describedBy="telecom-terms-error"
          />
        )}
        <p id="telecom-terms-error" className="field__error" role={termsError ? 'alert' : undefined}>
          {termsError ?? ''}
        </p>
      </section>

      <div className="bottom-action">
        <button type="submit" className="btn btn--primary btn--block" disabled={send.isPending}>
          {send.isPending ? t('identity.sending', '인증번호 보내는 중…') : t('identity.send', '인증번호 받기')}
        </button>
      </div>
    </form>
  );
}
