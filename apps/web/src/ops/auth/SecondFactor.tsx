// The second factor after the password (README "Operator console"): the first time, its set-up (a QR code to scan,
// the secret as text for typing in by hand, the app's code, then the ten recovery codes shown once); every later
// time, the app's 6-digit code or one recovery code. Lockouts and wrong codes are said in Korean by the server.
import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OpsMe } from '@auto-claim/contract/ops';
import { OpsError } from '../api/client';
import { confirmTotp, giveSecondFactor, startTotpSetup, type TotpConfirmed, type TotpSetup } from '../api/auth';
import { useFocusHeading } from '../shared/focus';
import { ME_KEY, useSignOut } from './session';

const messageOf = (err: unknown) => (err instanceof OpsError ? err.message : '확인하지 못했어요. 다시 시도해 주세요.');

export function SecondFactor({ me }: { me: OpsMe }) {
  return me.stage === 'setup' ? <Setup /> : <Code />;
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  const heading = useFocusHeading();
  const signOut = useSignOut();
  return (
    <main className="ops-signin">
      <p className="ops-brand">자동청구 운영 콘솔</p>
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
      <button type="button" className="ops-link" onClick={() => void signOut()}>
        처음으로 (로그아웃)
      </button>
    </main>
  );
}

function CodeField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <label>
      인증 앱의 6자리 숫자
      <input
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
        required
      />
    </label>
  );
}

function Setup() {
  const client = useQueryClient();
  const [setup, setSetup] = useState<TotpSetup>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<TotpConfirmed>();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState('');

  useEffect(() => {
    let live = true;
    startTotpSetup()
      .then((answer) => live && setSetup(answer))
      .catch((err: unknown) => live && setError(messageOf(err)));
    return () => void (live = false);
  }, []);

  async function confirm(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      // The session is a new one from here on: api/auth.ts keeps its token for every later change.
      setDone(await confirmTotp(code));
    } catch (err) {
      setCode('');
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    const { recoveryCodes, ...session } = done;
    return (
      <Frame title="복구 코드를 적어 두세요">
        <p className="ops-lead">
          <strong>한 번만 보여 드려요.</strong> 휴대폰이 없을 때 인증 앱의 숫자 대신 하나씩 쓸 수 있고, 하나는 한 번만
          쓸 수 있어요.
        </p>
        <ol className="ops-codes" aria-label="복구 코드">
          {recoveryCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <p>
          <button
            type="button"
            onClick={() => {
              // Plain text, one code a line: what a password manager or a note takes as it is.
              navigator.clipboard.writeText(recoveryCodes.join('\n')).then(
                () => setCopied('복구 코드 10개를 복사했어요. 한 줄에 하나씩이에요.'),
                () => setCopied('복사하지 못했어요. 위의 코드를 직접 적어 두세요.'),
              );
            }}
          >
            복구 코드 모두 복사하기
          </button>
        </p>
        <p role="status">{copied}</p>
        <label className="ops-check">
          <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
          안전한 곳에 적어 두었어요
        </label>
        <button
          type="button"
          className="ops-primary"
          disabled={!saved}
          onClick={() => client.setQueryData(ME_KEY, session)}
        >
          콘솔로 가기
        </button>
      </Frame>
    );
  }

  return (
    <Frame title="2단계 인증 설정">
      <p className="ops-lead">
        처음 로그인했어요. 휴대폰의 인증 앱(Google Authenticator 등)으로 QR 코드를 찍고, 앱에 보이는 6자리 숫자를 입력해
        주세요.
      </p>
      {setup ? (
        <>
          <img src={setup.qrDataUrl} alt="인증 앱으로 찍을 QR 코드" width={200} height={200} />
          <p>
            QR 코드를 찍을 수 없으면 이 키를 앱에 직접 입력해 주세요:{' '}
            <code data-testid="totp-secret" className="ops-secret">
              {setup.secret}
            </code>
          </p>
          <form onSubmit={confirm} noValidate>
            <CodeField value={code} onChange={setCode} />
            {error && (
              <p role="alert" className="ops-error">
                {error}
              </p>
            )}
            <button type="submit" className="ops-primary" disabled={busy || code.length !== 6}>
              {busy ? '확인하는 중이에요…' : '확인'}
            </button>
          </form>
        </>
      ) : error ? (
        <p role="alert" className="ops-error">
          {error}
        </p>
      ) : (
        <p role="status">QR 코드를 만드는 중이에요…</p>
      )}
    </Frame>
  );
}

function Code() {
  const client = useQueryClient();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await giveSecondFactor(useRecovery ? { recoveryCode: value.trim() } : { code: value });
      client.setQueryData(ME_KEY, answer);
    } catch (err) {
      setValue('');
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Frame title="2단계 인증">
      <form onSubmit={submit} noValidate>
        {useRecovery ? (
          <label>
            복구 코드
            <input value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" required />
          </label>
        ) : (
          <CodeField value={value} onChange={setValue} />
        )}
        {error && (
          <p role="alert" className="ops-error">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="ops-primary"
          disabled={busy || (useRecovery ? !value.trim() : value.length !== 6)}
        >
          {busy ? '확인하는 중이에요…' : '확인'}
        </button>
      </form>
      <button
        type="button"
        className="ops-link"
        onClick={() => {
          setUseRecovery(!useRecovery);
          setValue('');
          setError(undefined);
        }}
      >
        {useRecovery ? '인증 앱의 숫자로 로그인하기' : '휴대폰이 없나요? 복구 코드로 로그인하기'}
      </button>
    </Frame>
  );
}
