import type { ReactNode } from 'react';

/** Landings and terms (spec §2): the screen draws its own header. */
export function EmptyLayout({ children }: { children: ReactNode; title?: string; hideBack?: boolean }) {
  return <main className="layout-empty">{children}</main>;
}
