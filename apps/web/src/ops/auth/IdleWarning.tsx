// Time enough to answer (KWCAG 2.2 6.2.1 응답시간 조절, docs/accessibility.md): the console's session ends after
// OPS_SESSION_IDLE_SECONDS without a call of the operator's own (the banners' polls do not count). Two minutes before,
// a dialog takes focus and says how long is left; "계속할게요" asks the server (GET me), which restarts its idle clock.
// Unanswered, the session is ended here too and the sign-in screen says why. Touching the console (a key, a tap) keeps
// the session without asking, at most one call a minute. Other console tabs share when the session was last kept.
import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { OPS_API, OPS_SESSION_IDLE_SECONDS, type OpsMe } from '@auto-claim/contract/ops';
import { lastTouched, onSessionTouched, opsGet, sessionTouched } from '../api/client';
import { ME_KEY, setSessionEndedBecause, useSignOut } from './session';

export const IDLE_MS = OPS_SESSION_IDLE_SECONDS * 1000;
export const IDLE_WARNING_BEFORE_MS = 2 * 60_000;
/** Activity keeps the session by a call at most this often (well inside the warning's two minutes). */
const KEEP_EVERY_MS = 60_000;

/** How long is left, as she would say it: "2분", then the seconds of the last minute. */
export const timeLeft = (ms: number) =>
  ms >= 60_000 ? `${Math.ceil(ms / 60_000)}분` : `${Math.max(1, Math.ceil(ms / 1000))}초`;

export function IdleWarning() {
  const client = useQueryClient();
  const signOut = useSignOut();
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const [leftMs, setLeftMs] = useState<number>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  // The latest sign-out, without restarting the clock's effect on every render.
  const end = useRef(signOut);
  end.current = signOut;

  useEffect(() => {
    let warnTimer: ReturnType<typeof setTimeout>;
    let endTimer: ReturnType<typeof setTimeout>;
    let tick: ReturnType<typeof setInterval> | undefined;
    const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('ops-session');

    const close = () => {
      clearInterval(tick);
      tick = undefined;
      setLeftMs(undefined);
      if (dialog.current?.open) dialog.current.close();
    };
    const open = () => {
      const deadline = lastTouched() + IDLE_MS;
      setLeftMs(deadline - Date.now());
      tick = setInterval(() => setLeftMs(Math.max(0, deadline - Date.now())), 1000);
      if (!dialog.current?.open) dialog.current?.showModal();
      keep.current?.focus();
    };
    const schedule = (at: number) => {
      clearTimeout(warnTimer);
      clearTimeout(endTimer);
      close();
      const left = at + IDLE_MS - Date.now();
      warnTimer = setTimeout(open, left - IDLE_WARNING_BEFORE_MS);
      endTimer = setTimeout(() => {
        close();
        setSessionEndedBecause('idle');
        void end.current();
      }, left);
    };
    const stopListening = onSessionTouched((at) => {
      schedule(at);
      channel?.postMessage(at);
    });
    // Another tab's call kept the session: this page counts from it too (its own echo is not later, so it stops).
    if (channel) {
      channel.onmessage = (e: MessageEvent<unknown>) => {
        if (typeof e.data === 'number' && e.data > lastTouched()) sessionTouched(e.data);
      };
    }
    // What she does keeps the session, but not while the question is open: there, the button answers it.
    const onActivity = () => {
      if (!dialog.current?.open && Date.now() - lastTouched() >= KEEP_EVERY_MS) {
        void opsGet<OpsMe>(OPS_API.me).catch(() => undefined);
      }
    };
    const events = ['pointerdown', 'keydown'] as const;
    for (const e of events) window.addEventListener(e, onActivity, { passive: true });
    schedule(lastTouched());
    return () => {
      clearTimeout(warnTimer);
      clearTimeout(endTimer);
      clearInterval(tick);
      stopListening();
      channel?.close();
      for (const e of events) window.removeEventListener(e, onActivity);
    };
  }, []);

  async function keepSession() {
    setBusy(true);
    try {
      // GET me restarts the server's idle clock; its answer restarts ours (client.ts), which closes the dialog.
      client.setQueryData(ME_KEY, await opsGet<OpsMe>(OPS_API.me));
    } catch {
      // A 401 has shown the sign-in screen already (client.ts); anything else: the dialog stays, to try again.
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      className="ops-confirm"
      aria-labelledby={`${id}-h`}
      aria-describedby={`${id}-d`}
      // Esc is "keep it" too: closing the question is an answer, and she is plainly here.
      onCancel={(e) => {
        e.preventDefault();
        void keepSession();
      }}
    >
      <h2 id={`${id}-h`}>로그인 시간 연장</h2>
      <p id={`${id}-d`}>
        {timeLeft(leftMs ?? IDLE_WARNING_BEFORE_MS)} 뒤에 로그인 시간이 끝나요. 계속 쓰시려면 아래 버튼을 눌러 주세요.
      </p>
      <div className="ops-confirm__actions">
        <button type="button" className="ops-primary" ref={keep} disabled={busy} onClick={keepSession}>
          {busy ? '연장하는 중이에요…' : '계속할게요'}
        </button>
      </div>
    </dialog>
  );
}
