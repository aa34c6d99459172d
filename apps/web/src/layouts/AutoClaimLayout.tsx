import type { ReactNode } from 'react';
import { LangSwitch } from '../i18n/LangSwitch';
import { BackButton } from '../ui/BackButton';

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
      <header className="app-header">
        {!hideBack && <BackButton />}
        {title && <h1 className="app-header__title">{title}</h1>}
        <LangSwitch />
      </header>
      <main className="app-main">{children}</main>
    </div>
  );
}
