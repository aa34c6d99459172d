import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** The auto-claim home layout: a sticky header with back button and the screen's title as its heading. */
export function AutoClaimLayout({
  children,
  title,
  hideBack,
}: {
  children: ReactNode;
  title: string;
  hideBack: boolean;
}) {
  const navigate = useNavigate();
  return (
    <div className="layout-app">
      <header className="app-header">
        {!hideBack && (
          <button type="button" className="app-header__back" onClick={() => navigate(-1)} aria-label="이전 화면으로">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        )}
        {title && <h1 className="app-header__title">{title}</h1>}
      </header>
      <main className="app-main">{children}</main>
    </div>
  );
}
