// /certInput: the 6-digit code from the SMS, with a visible 3:00 countdown and a resend that explains its limits.
import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import {
  API,
  APP_BASE,
  SMS_CODE_TTL_SECONDS,
  SMS_RESEND_INTERVAL_SECONDS,
  SMS_SENDS_PER_DAY,
  maskPhone,
  type SmsAuthAnswer,
  type UserAuthAnswer,
} from '@auto-claim/contract';
import { api, ApiError } from '../../api/client';
import { useClaimStore } from '../../store/claim';
import { toast } from '../../ui';
import { SmsCodeField } from './SmsCodeField';

function useSecondsSince(start: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [start]);
  return Math.floor((now - start) / 1000);
}

export default function CertInput() {
  const navigate = useNavigate();
  const { auth, reg, setAuth, setReg, setRepository } = useClaimStore();
  const [sentAt, setSentAt] = useState(() => Date.now());
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const elapsed = useSecondsSince(sentAt);
  const left = Math.max(0, SMS_CODE_TTL_SECONDS - elapsed);
  const resendIn = Math.max(0, SMS_RESEND_INTERVAL_SECONDS - elapsed);

  const verify = useMutation({ mutationFn: (body: object) => api.post<SmsAuthAnswer>(API.niceSmsAuth, body) });
  const resend = useMutation({ mutationFn: (body: object) => api.post<UserAuthAnswer>(API.niceUserAuth, body) });

  if (!auth.smsRequestSeq) return <Navigate to={`${APP_BASE}/identity`} replace />;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const digits = code.replace(/[\s-]/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError('문자로 받은 인증번호 6자리를 입력해 주세요.');
      inputRef.current?.focus();
      return;
    }
    if (left === 0) {
      setError('인증 시간이 지났어요. 인증번호를 다시 받아 주세요.');
      return;
    }
    try {
      const answer = await verify.mutateAsync({
        smsRequestSeq: auth.smsRequestSeq,
        smsResponseSeq: auth.smsResponseSeq,
        smsAuthNum: digits,
        hospitalCode: auth.hospitalCode,
      });
      setReg({ userCi: answer.ci });
      // spec §5: from now on the guard wants the cookie to carry exactly this session's hash, not just any value.
      setRepository({ hash: answer.hash, access_hash: answer.hash });
      toast('본인인증을 마쳤어요.');
      navigate(`${APP_BASE}/excute`, { replace: true });
    } catch (err) {
      setError(err instanceof ApiError ? err.detail : '인증하지 못했어요. 잠시 후 다시 시도해 주세요.');
      inputRef.current?.focus();
    }
  };

  const again = async () => {
    setError(undefined);
    try {
      const { smsRequestSeq: _a, smsResponseSeq: _b, telecomTermsIds, ...payload } = auth;
      const answer = await resend.mutateAsync({ ...payload, termsIds: telecomTermsIds });
      setAuth({ smsRequestSeq: answer.smsRequestSeq, smsResponseSeq: answer.smsResponseSeq });
      setSentAt(Date.now());
      setCode('');
      toast('인증번호를 다시 보냈어요.');
      inputRef.current?.focus();
    } catch (err) {
      setError(err instanceof ApiError ? err.detail : '인증번호를 보내지 못했어요. 잠시 후 다시 시도해 주세요.');
    }
  };

  return (
    <form className="screen" noValidate onSubmit={submit}>
      <h2 className="screen__lead">문자로 받은 인증번호를 입력해 주세요</h2>
      <p className="screen__sub">{maskPhone(auth.custHp || reg.userTel)} 번호로 인증번호 6자리를 보냈어요.</p>
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
        <h3 id="no-sms-title">문자를 받지 못했어요</h3>
        <ul>
          <li>스팸 문자함을 확인해 주세요.</li>
          <li>
            인증번호는 {SMS_RESEND_INTERVAL_SECONDS}초가 지나면 다시 받을 수 있고, 하루에 {SMS_SENDS_PER_DAY}번까지 보낼
            수 있어요.
          </li>
        </ul>
        <button
          type="button"
          className="btn btn--secondary btn--block"
          onClick={again}
          disabled={resendIn > 0 || resend.isPending}
        >
          {resendIn > 0 ? `${resendIn}초 후에 다시 받을 수 있어요` : '인증번호 다시 받기'}
        </button>
      </section>

      <div className="bottom-action">
        <button type="submit" className="btn btn--primary btn--block" disabled={verify.isPending}>
          {verify.isPending ? '확인하는 중…' : '확인'}
        </button>
      </div>
    </form>
  );
}
