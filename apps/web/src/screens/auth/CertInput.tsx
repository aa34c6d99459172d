// /certInput: the 6-digit code from the SMS, with a visible 3:00 countdown and a resend that explains its limits.
// A reload (the SMS app took the tab's memory) keeps only the request's ids: the server then says where the code
// went and how long it has left by its own clock (README "Identity and sessions"), so the timer is not restarted.
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import {
  API,
  APP_BASE,
  SMS_CODE_TTL_SECONDS,
  SMS_PENDING_PATH,
  SMS_RESEND_INTERVAL_SECONDS,
  SMS_SENDS_PER_DAY,
  maskPhone,
  type SmsAuthAnswer,
  type SmsPendingAnswer,
  type UserAuthAnswer,
} from '@auto-claim/contract';
import { api, ApiError } from '../../api/client';
import { restoreSession } from '../../auth/session';
import { refusal } from '../../i18n/refusals';
import { useT } from '../../i18n/t';
import { useClaimStore, verifiedAs } from '../../store/claim';
import { VerifyPurpose } from './VerifyPurpose';
import { HelperNote } from './Helper';
import { toast } from '../../ui';
import { SmsCodeField } from './SmsCodeField';

function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}
const secondsUntil = (at: number, now: number) => Math.max(0, Math.ceil((at - now) / 1000));

export default function CertInput() {
  const t = useT();
  const navigate = useNavigate();
  const { auth, reg, setAuth, setRepository } = useClaimStore();
  // The person typed on /identity is in memory unless the tab was reloaded since.
  const resumed = !auth.custHp;
  const [deadlines, setDeadlines] = useState(() => ({
    expiresAt: Date.now() + SMS_CODE_TTL_SECONDS * 1000,
    resendAt: Date.now() + SMS_RESEND_INTERVAL_SECONDS * 1000,
  }));
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const now = useNow();

  const pending = useQuery({
    queryKey: ['smsPending', auth.smsRequestSeq],
    enabled: resumed && Boolean(auth.smsRequestSeq),
    staleTime: Infinity,
    retry: 1,
    queryFn: async () => {
      const answer = await api.post<SmsPendingAnswer>(SMS_PENDING_PATH, {
        smsRequestSeq: auth.smsRequestSeq,
        smsResponseSeq: auth.smsResponseSeq,
        hospitalCode: auth.hospitalCode,
      });
      const at = Date.now();
      setDeadlines({
        expiresAt: at + answer.expiresInSeconds * 1000,
        resendAt: at + answer.resendInSeconds * 1000,
      });
      return answer;
    },
  });
  // The request is gone or closed: a new code needs the person again, which only /identity asks.
  const closed = resumed && (pending.isError || (pending.isSuccess && pending.data.state !== 'open'));
  const left = closed ? 0 : secondsUntil(deadlines.expiresAt, now);
  const resendIn = secondsUntil(deadlines.resendAt, now);

  const verify = useMutation({ mutationFn: (body: object) => api.post<SmsAuthAnswer>(API.niceSmsAuth, body) });
  const resend = useMutation({ mutationFn: (body: object) => api.post<UserAuthAnswer>(API.niceUserAuth, body) });

  if (!auth.smsRequestSeq) return <Navigate to={`${APP_BASE}/identity`} replace />;
  if (resumed && pending.isPending) {
    return (
      <div className="screen">
        <p className="screen__sub" role="status">
          {t('cert.checking', '보낸 인증번호를 확인하고 있어요…')}
        </p>
      </div>
    );
  }
  const phoneShown = resumed ? (pending.data?.userTelMasked ?? '') : maskPhone(auth.custHp || reg.userTel);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const digits = code.replace(/[\s-]/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(t('cert.sixDigits', '문자로 받은 인증번호 6자리를 입력해 주세요.'));
      inputRef.current?.focus();
      return;
    }
    if (left === 0) {
      setError(t('cert.expired', '인증 시간이 지났어요. 인증번호를 다시 받아 주세요.'));
      return;
    }
    try {
      const answer = await verify.mutateAsync({
        smsRequestSeq: auth.smsRequestSeq,
        smsResponseSeq: auth.smsResponseSeq,
        smsAuthNum: digits,
        hospitalCode: auth.hospitalCode,
      });
      verifiedAs(answer.ci);
      // spec §5: from now on the guard wants the cookie to carry exactly this session's hash, not just any value.
      setRepository({ hash: answer.hash, access_hash: answer.hash });
      // After a reload the person is known only to the server: the new session names them.
      if (resumed) await restoreSession();
      toast(t('cert.done', '본인인증을 마쳤어요.'));
      navigate(`${APP_BASE}/excute`, { replace: true });
    } catch (err) {
      setError(
        err instanceof ApiError
          ? refusal(err.detail)
          : t('cert.failed', '인증하지 못했어요. 잠시 후 다시 시도해 주세요.'),
      );
      inputRef.current?.focus();
    }
  };

  const again = async () => {
    setError(undefined);
    if (resumed) {
      // After a reload the browser no longer has the name and number the code is sent to: they are asked again.
      setAuth({ smsRequestSeq: '', smsResponseSeq: '' });
      navigate(`${APP_BASE}/identity`, { replace: true });
      return;
    }
    try {
      const { smsRequestSeq: _a, smsResponseSeq: _b, telecomTermsIds, ...payload } = auth;
      const answer = await resend.mutateAsync({ ...payload, termsIds: telecomTermsIds });
      setAuth({ smsRequestSeq: answer.smsRequestSeq, smsResponseSeq: answer.smsResponseSeq });
      setDeadlines({
        expiresAt: Date.now() + SMS_CODE_TTL_SECONDS * 1000,
        resendAt: Date.now() + SMS_RESEND_INTERVAL_SECONDS * 1000,
      });
      setCode('');
      toast(t('cert.resent', '인증번호를 다시 보냈어요.'));
      inputRef.current?.focus();
    } catch (err) {
      setError(
        err instanceof ApiError
          ? refusal(err.detail)
          : t('identity.sendFailed', '인증번호를 보내지 못했어요. 잠시 후 다시 시도해 주세요.'),
      );
    }
  };

  return (
    <form className="screen" noValidate onSubmit={submit}>
      <VerifyPurpose />
      <h2 className="screen__lead">{t('cert.lead', '문자로 받은 인증번호를 입력해 주세요')}</h2>
      <p className="screen__sub">
        {t('cert.sent', '{phone} 번호로 인증번호 6자리를 보냈어요.', { phone: phoneShown })}
      </p>
      <HelperNote step="code" />
      {closed && (
        <p className="field__error" role="alert">
          {pending.data?.state === 'used'
            ? t('cert.used', '이미 사용한 인증번호예요. 인증번호를 다시 받아 주세요.')
            : pending.data?.state === 'locked'
              ? t('cert.locked', '이 인증번호는 더 쓸 수 없어요. 인증번호를 다시 받아 주세요.')
              : t('cert.expired', '인증 시간이 지났어요. 인증번호를 다시 받아 주세요.')}
        </p>
      )}
      <SmsCodeField
        id="sms-code"
        inputRef={inputRef}
        value={code}
        onChange={(v) => {
          setCode(v);
          setError(undefined);
        }}
        error={error}
        left={left}
        autoFocus
      />

      <section className="help-box" aria-labelledby="no-sms-title">
        <h3 id="no-sms-title">{t('cert.noSms', '문자를 받지 못했어요')}</h3>
        <ul>
          <li>{t('cert.noSms.spam', '스팸 문자함을 확인해 주세요.')}</li>
          <li>
            {t(
              'cert.noSms.limits',
              '인증번호는 {seconds}초가 지나면 다시 받을 수 있고, 하루에 {count}번까지 보낼 수 있어요.',
              { seconds: SMS_RESEND_INTERVAL_SECONDS, count: SMS_SENDS_PER_DAY },
            )}
          </li>
        </ul>
        <button
          type="button"
          className="btn btn--secondary btn--block"
          onClick={again}
          disabled={resendIn > 0 || resend.isPending}
        >
          {resendIn > 0
            ? t('cert.resendIn', '{seconds, plural, other {#초}} 후에 다시 받을 수 있어요', { seconds: resendIn })
            : t('cert.resend', '인증번호 다시 받기')}
        </button>
      </section>

      <div className="bottom-action">
        <button type="submit" className="btn btn--primary btn--block" disabled={verify.isPending}>
          {verify.isPending ? t('cert.verifying', '확인하는 중…') : t('ui.ok', '확인')}
        </button>
      </div>
    </form>
  );
}
