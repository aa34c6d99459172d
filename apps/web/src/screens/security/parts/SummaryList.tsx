// GOV.UK summary list: a key, its value and a change link per row.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/t';

export interface SummaryRow {
  key: string;
  value: ReactNode;
  /** Shown in red when the answer is missing. */
  missing?: boolean;
  /** Change link (or button) with an id an error summary can focus. */
  action?: { id: string; to?: string; onClick?(): void; label?: string };
}

export function SummaryCard({ title, note, rows }: { title: string; note?: string; rows: SummaryRow[] }) {
  const t = useT();
  return (
    <section className="summary-card" aria-label={title}>
      <h3 className="summary-card__title">{title}</h3>
      {note && <p className="summary-card__note">{note}</p>}
      <dl className="summary-list">
        {rows.map((r) => (
          <div key={r.key} className="summary-list__row">
            <dt className="summary-list__key">{r.key}</dt>
            <dd className={`summary-list__value${r.missing ? ' summary-list__value--missing' : ''}`}>{r.value}</dd>
            {r.action && (
              <dd className="summary-list__action">
                {r.action.to ? (
                  <Link id={r.action.id} to={r.action.to}>
                    {r.action.label ?? t('summary.change', '변경')}
                    <span className="visually-hidden"> {r.key}</span>
                  </Link>
                ) : (
                  <button id={r.action.id} type="button" className="link-button" onClick={r.action.onClick}>
                    {r.action.label ?? t('summary.change', '변경')}
                    <span className="visually-hidden"> {r.key}</span>
                  </button>
                )}
              </dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}
