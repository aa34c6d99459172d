// The console's frame: who is signed in, the navigation (only what the role may use), and the screen. Without a
// session it shows the sign-in screen in place, so the address one came for opens right after signing in.
import { useEffect } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { OPERATOR_ROLE_NM } from '@auto-claim/contract/ops';
import { setOpsUnauthorizedHandler } from '../api/client';
import { AccountChangesBanner } from '../operators/AccountChanges';
import { AlertsBanner } from './AlertsBanner';
import { usePageTitle } from './pageTitle';
import { ChangePassword } from '../auth/ChangePassword';
import { PendingChangesBanner } from '../insurers/DestinationChanges';
import { NAV } from './nav';
import { ME_KEY, mayUse, setSessionEndedBecause, useMe, useSignOut } from '../auth/session';
import { IdleWarning } from '../auth/IdleWarning';
import { SecondFactor } from '../auth/SecondFactor';
import { SignIn } from '../auth/SignIn';
import { useQueryClient } from '@tanstack/react-query';

export function Shell() {
  const me = useMe();
  const client = useQueryClient();
  const signOut = useSignOut();
  const navigate = useNavigate();
  usePageTitle();
  useEffect(
    () =>
      setOpsUnauthorizedHandler(() => {
        // A signed-in console answered 401: its session ended on the server (idle, 8 hours, or ended elsewhere).
        if (client.getQueryData(ME_KEY)) setSessionEndedBecause('expired');
        client.setQueryData(ME_KEY, null);
      }),
    [client],
  );

  if (me.isPending) return <p role="status">불러오는 중이에요…</p>;
  if (me.error) {
    return (
      <p role="alert" className="ops-error">
        {me.error.message}
      </p>
    );
  }
  if (!me.data) return <SignIn />;
  if (me.data.stage !== 'full') return <SecondFactor me={me.data} />;
  // A password an admin issued: nothing but its change until she sets her own (the server answers nothing else).
  if (me.data.mustChangePassword) return <ChangePassword me={me.data} />;
  return (
    <div className="ops-shell">
      {/* Focus moves, not the URL's hash (the router's), so Tab goes on inside the screen (docs/accessibility.md). */}
      <a
        className="ops-skip"
        href="#ops-main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('ops-main')?.focus();
        }}
      >
        본문으로 건너뛰기
      </a>
      <header className="ops-header">
        <span className="ops-brand">자동청구 운영 콘솔</span>
        <span className="ops-who">
          {me.data.loginId} ({OPERATOR_ROLE_NM[me.data.role]})
        </span>
        <button
          type="button"
          onClick={async () => {
            await signOut();
            navigate('/');
          }}
        >
          로그아웃
        </button>
      </header>
      <nav className="ops-nav" aria-label="운영 메뉴">
        <ul>
          {NAV.filter((item) => mayUse(me.data, item.role)).map((item) => (
            <li key={item.to}>
              {/* A screen with screens of its own below it in the menu (우리 병원) is current on its own path only. */}
              <NavLink to={item.to} end={NAV.some((o) => o.to.startsWith(`${item.to}/`))}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="ops-main" tabIndex={-1} className="ops-main">
        <AlertsBanner />
        <PendingChangesBanner />
        <AccountChangesBanner />
        <Outlet />
      </main>
      <IdleWarning />
    </div>
  );
}
