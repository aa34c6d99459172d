// The first sign-in of an account an admin made (docs/security.md, "Insiders: admin accounts"): after the password and
// the second factor, the console asks for nothing but a password of her own; the server answers no other call until
// then. The rules are the server's (12 characters or more, not the issued one); both fields are typed twice so a typo
// does not lock her out. Signing out is the only other way off this screen.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MIN_OPERATOR_PASSWORD_LENGTH, type OpsMe } from '@auto-claim/contract/ops';
import { OpsError } from '../api/client';
import { changePassword } from '../api/auth';
import { useFocusHeading } from '../shared/focus';
import { ME_KEY, useSignOut } from './session';

export function ChangePassword({ me }: { me: OpsMe }) {
  const client = useQueryClient();
  const signOut = useSignOut();
  const heading = useFocusHeading();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<{ field?: 'password' | 'again'; message: string }>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password !== again) {
      setError({ field: 'again', message: '두 번 입력한 비밀번호가 서로 달라요. 같게 입력해 주세요.' });
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const session = await changePassword(password);
      client.setQueryData(ME_KEY, session);
    } catch (err) {
      const message =
        err instanceof OpsError
          ? (err.fieldMessage('newPassword') ?? err.message)
          : '비밀번호를 바꾸지 못했어요. 다시 시도해 주세요.';
      setError({ field: err instanceof OpsError && err.fieldMessage('newPassword') ? 'password' : undefined, message });
    } finally {
      setBusy(false);
    }
  }

  const invalid = (field: 'password' | 'again') =>
    error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': 'new-password-error' } : {};

  return (
    <main className="ops-signin">
      <h1 ref={heading} tabIndex={-1}>
        새 비밀번호 정하기
      </h1>
      <p>
        {me.loginId} 계정의 비밀번호는 관리자가 정해 준 것이에요. 콘솔을 쓰기 전에 나만 아는 비밀번호로 바꿔 주세요.
      </p>
      <form onSubmit={submit} noValidate>
        <input type="text" value={me.loginId} autoComplete="username" readOnly hidden />
        <label>
          새 비밀번호 ({MIN_OPERATOR_PASSWORD_LENGTH}자 이상, 지금 비밀번호와 다르게)
          <input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            required
            {...invalid('password')}
          />
        </label>
        <label>
          새 비밀번호 한 번 더
          <input
            type="password"
            value={again}
            onChange={(e) => setAgain(e.target.value)}
            autoComplete="new-password"
            required
            {...invalid('again')}
          />
        </label>
        {error && (
          <p role="alert" id="new-password-error" className="ops-error">
            {error.message}
          </p>
        )}
        <button type="submit" className="ops-primary" disabled={busy || !password || !again}>
          {busy ? '바꾸는 중이에요…' : '비밀번호 바꾸기'}
        </button>
        <button type="button" onClick={() => void signOut()}>
          로그아웃
        </button>
      </form>
    </main>
  );
}
