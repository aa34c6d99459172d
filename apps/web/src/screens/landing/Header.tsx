import type { ReactNode } from 'react';

/** The landing's header (spec §2 "header"): the hospital (outer) or the service (inner). */
export function Header({
  eyebrow,
  title,
  lead,
  image,
}: {
  eyebrow: string;
  title: ReactNode;
  lead: string;
  image?: ReactNode;
}) {
  return (
    <header className="landing-header">
      <p className="landing-header__eyebrow">{eyebrow}</p>
      <h1 className="landing-header__title">{title}</h1>
      <p className="landing-header__lead">{lead}</p>
      {image}
    </header>
  );
}
