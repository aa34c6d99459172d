import type { ReactNode } from 'react';
import { BackButton } from '../ui/BackButton';

/** Tab's first stop (docs/accessibility.md, 6.4.1): past the header, into the screen. Focus, not the URL's hash. */
function SkipLink() {
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById('main')?.focus();
      }}
    >
      본문 바로가기
    </a>
  );
}

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
  return (
    <div className="layout-app">
      <SkipLink />
      <header className="app-header">
        {!hideBack && <BackButton />}
        {title && <h1 className="app-header__title">{title}</h1>}
      </header>
      <main id="main" tabIndex={-1} className="app-main">
        {children}
      </main>
    </div>
  );
}
