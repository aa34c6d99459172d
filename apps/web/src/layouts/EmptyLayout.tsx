import type { ReactNode } from 'react';
import { LangSwitch } from '../i18n/LangSwitch';

/** Landings and terms (spec §2): the screen draws its own header; the language switch stands above it. */
export function EmptyLayout({ children }: { children: ReactNode; title?: string; hideBack?: boolean }) {
  return (
    <main className="layout-empty">
      <LangSwitch />
      {children}
    </main>
  );
}
