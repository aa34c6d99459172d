// The step-up sheet (auth/stepUp.tsx): why (the server's words), then the code sent to the session's own phone. Name,
// birth date and phone are the session's and never asked again; only the carrier (an 알림톡 link does not know it)
// and the telecom terms, as on /identity, whose pieces it reuses.
import { useEffect, useRef, useState } from 'react';
import {
  API,
  SMS_CODE_TTL_SECONDS,
  SMS_RESEND_INTERVAL_SECONDS,
  maskPhone,
  type StepUpAnswer,
  type StepUpConfirmAnswer,
} from '@auto-claim/contract';
import { api, ApiError } from '../api/client';
import { useCodes } from '../api/codes';
import { useTerms } from '../api/terms';
import { useT } from '../i18n/t';
import { SmsCodeField } from '../screens/auth/SmsCodeField';
import { TermsChecklist } from '../screens/auth/TermsChecklist';
import { useClaimStore } from '../store/claim';
import { SlideBottom, toast } from '../ui';
import { probeSession, restoreSession } from './session';

function useSecondsSince(start: number | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (start === undefined) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [start]);
  return start === undefined ? 0 : Math.max(0, Math.floor((now - start) / 1000));
}

const failed = (e: unknown, fallback: string) => (e instanceof ApiError ? e.detail : fallback);

export default function StepUpSheet({ detail, onDone }: { detail: string; onDone(ok: boolean): void }) {
  const t = useT();
  const telecoms = useCodes('telecom_type');
  const telecomTerms = useTerms('v2', 'TELECOM');
  const [phone, setPhone] = useState('');
  const [telecom, setTelecom] = useState(() => useClaimStore.getState().auth.telecomType);
  const [agreed, setAgreed] = useState<Set<string>>(new Set());
  const [sent, setSent] = useState<{ smsRequestSeq: string; smsResponseSeq: string; at: number }>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const elapsed = useSecondsSince(sent?.at);
  const left = Math.max(0, SMS_CODE_TTL_SECONDS - elapsed);
  const resendIn = Math.max(0, SMS_RESEND_INTERVAL_SECONDS - elapsed);

  // Where the code goes, as the session knows it (masked); the carrier when the session has it.
  useEffect(() => {
    void probeSession().then((s) => {
      if (!s) return;
      setPhone(s.userTelMasked ?? (s.person ? maskPhone(s.person.userTel) : ''));
      // The carrier she chose before: this session's verification, or (a link's session) her subscription's.
      const known = s.person?.telecomType || s.telecomType;
      if (known) setTelecom((t) => t || known);
    });
  }, []);

  const send = async () => {
    setError(undefined);
    if (!telecom) return setError(t('refusal.telecomType', '통신사를 선택해 주세요.'));
    const terms = telecomTerms.data?.list ?? [];
    if (terms.some((term) => term.required && !agreed.has(term.termsId))) {
      return setError(t('identity.terms.missing', '본인확인 약관에 모두 동의해 주세요.'));
    }
    setBusy(true);
    try {
      const answer = await api.post<StepUpAnswer>(API.stepUp, { telecomType: telecom, termsIds: [...agreed] });
      setPhone(answer.userTelMasked);
      setSent({ smsRequestSeq: answer.smsRequestSeq, smsResponseSeq: answer.smsResponseSeq, at: Date.now() });
      setCode('');
      // The shorter code step starts at the top, so the reason stays in view above the code box.
      requestAnimationFrame(() => {
        codeRef.current?.closest('.sheet__body')?.scrollTo(0, 0);
        codeRef.current?.focus({ preventScroll: true });
      });
    } catch (e) {
      setError(failed(e, t('identity.sendFailed', '인증번호를 보내지 못했어요. 잠시 후 다시 시도해 주세요.')));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!sent) return;
    const digits = code.replace(/[\s-]/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(t('cert.sixDigits', '문자로 받은 인증번호 6자리를 입력해 주세요.'));
      codeRef.current?.focus();
      return;
    }
    if (left === 0) return setError(t('cert.expired', '인증 시간이 지났어요. 인증번호를 다시 받아 주세요.'));
    setBusy(true);
    try {
      const answer = await api.post<StepUpConfirmAnswer>(API.stepUpConfirm, {
        smsRequestSeq: sent.smsRequestSeq,
        smsResponseSeq: sent.smsResponseSeq,
        smsAuthNum: digits,
      });
      const { setReg, setRepository, setAuth } = useClaimStore.getState();
      setReg({ userCi: answer.ci });
      // The session has a new id: the guard wants the cookie to carry exactly its hash (spec §5).
      setRepository({ hash: answer.hash, access_hash: answer.hash });
      setAuth({ telecomType: telecom });
      await restoreSession();
      toast(t('cert.done', '본인인증을 마쳤어요.'));
      onDone(true);
    } catch (err) {
      setError(failed(err, t('cert.failed', '인증하지 못했어요. 잠시 후 다시 시도해 주세요.')));
      codeRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <SlideBottom open onClose={() => onDone(false)} title={t('stepUp.title', '본인인증을 한 번 더 해 주세요')}>
      <div className="stepup">
        <p className="stepup__why">{detail}</p>
        <p className="stepup__who">
          {phone
            ? t('stepUp.to', '{phone} 휴대폰으로 인증번호를 보내요.', { phone })
            : t('stepUp.toOwn', '본인 명의 휴대폰으로 인증번호를 보내요.')}{' '}
          {t('stepUp.noRetype', '이름과 생년월일은 다시 입력하지 않아도 돼요.')}
        </p>

        {!sent ? (
          <>
            <fieldset className="fieldset">
              <legend className="field__label">{t('identity.telecom', '통신사')}</legend>
              {telecoms.isError && (
                <p role="alert">
                  {t('identity.telecoms.loadError', '통신사 목록을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.')}
                </p>
              )}
              <div className="telecoms">
                {(telecoms.data?.list ?? []).map((c) => (
                  <label key={c.code} className="telecom">
                    <input
                      type="radio"
                      name="stepup-telecom"
                      value={c.code}
                      checked={telecom === c.code}
                      onChange={() => {
                        setTelecom(c.code);
                        setError(undefined);
                      }}
                    />
                    <span>{c.codeNm}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            {telecomTerms.isError && (
              <p role="alert">
                {t('consent.loadError.telecom', '통신사 약관을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.')}
              </p>
            )}
            {telecomTerms.isSuccess && (
              <TermsChecklist
                terms={telecomTerms.data.list}
                agreed={agreed}
                onChange={(s) => {
                  setAgreed(s);
                  setError(undefined);
                }}
                allLabel={t('identity.terms.all', '본인확인 약관에 모두 동의해요')}
                describedBy="stepup-error"
              />
            )}
            <p id="stepup-error" className="field__error" role={error ? 'alert' : undefined}>
              {error ?? ''}
            </p>
            <button type="button" className="btn btn--primary btn--block" onClick={send} disabled={busy}>
              {busy ? t('identity.sending', '인증번호 보내는 중…') : t('identity.send', '인증번호 받기')}
            </button>
          </>
        ) : (
          <form noValidate onSubmit={confirm}>
            <SmsCodeField
              id="stepup-code"
              inputRef={codeRef}
              value={code}
              onChange={(v) => {
                setCode(v);
                setError(undefined);
              }}
              error={error}
              left={left}
            />
            <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
              {busy ? t('cert.verifying', '확인하는 중…') : t('ui.ok', '확인')}
            </button>
            <button type="button" className="btn btn--ghost btn--block" onClick={send} disabled={resendIn > 0 || busy}>
              {resendIn > 0
                ? t('cert.resendIn', '{seconds, plural, other {#초}} 후에 다시 받을 수 있어요', { seconds: resendIn })
                : t('cert.resend', '인증번호 다시 받기')}
            </button>
          </form>
        )}
        <p className="stepup__note">
          {t('stepUp.newPhone', '휴대폰 번호가 바뀌었다면 닫고 처음 화면에서 본인인증을 새로 해 주세요.')}
        </p>
      </div>
    </SlideBottom>
  );
}
