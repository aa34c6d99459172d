import type { ReactNode } from 'react';
import { LangSwitch } from '../i18n/LangSwitch';

/**
 * Landings and terms (spec §2): the screen draws its own header; the language switch comes after the screen, so that
 * at 320 px and 200 % text the landing's heading and lead ("이용료는 무료예요") stay on its first screen (the language
 * already follows her phone: ADR 0010).
 */
export function EmptyLayout({ children }: { children: ReactNode; title?: string; hideBack?: boolean }) {
  return (
    <main className="layout-empty">
      {children}
      <LangSwitch />
    </main>
  );
}
