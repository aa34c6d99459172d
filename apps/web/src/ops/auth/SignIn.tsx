// Sign-in: login id and password (README "Operator console"). Refusals say what happened in Korean (a wrong pair, a
// lock for some minutes); the password field is cleared after a refusal, the id kept.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { OPS_SESSION_IDLE_SECONDS } from '@auto-claim/contract/ops';
import { OpsError } from '../api/client';
import { signIn } from '../api/auth';
import { ME_KEY, sessionEndedBecause, setSessionEndedBecause } from './session';
import { useFocusHeading } from '../shared/focus';

export function SignIn() {
  const client = useQueryClient();
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const heading = useFocusHeading();
  // Why she is here again, said until she signs in (KWCAG 6.2.1: the session's end is not a surprise).
  const [ended] = useState(sessionEndedBecause);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await signIn({ loginId: loginId.trim(), password });
      setSessionEndedBecause(undefined);
      await client.invalidateQueries({ queryKey: ME_KEY });
    } catch (err) {
      setPassword('');
      setError(err instanceof OpsError ? err.message : '로그인하지 못했어요. 다시 시도해 주세요.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="ops-signin">
      <h1 ref={heading} tabIndex={-1}>
        자동청구 운영 콘솔
      </h1>
      {ended && (
        <p role="alert" className="ops-notice">
          {ended === 'idle'
            ? `${OPS_SESSION_IDLE_SECONDS / 60}분 동안 쓰지 않아 로그아웃했어요. 다시 로그인해 주세요.`
            : '로그인 시간이 지나 로그아웃했어요. 다시 로그인해 주세요.'}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <label>
          아이디
          <input value={loginId} onChange={(e) => setLoginId(e.target.value)} autoComplete="username" required />
        </label>
        <label>
          비밀번호
          <input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            required
          />
        </label>
        {error && (
          <p role="alert" className="ops-error">
            {error}
          </p>
        )}
        <button type="submit" className="ops-primary" disabled={busy || !loginId || !password}>
          {busy ? '확인하는 중이에요…' : '로그인'}
        </button>
      </form>
    </main>
  );
}
