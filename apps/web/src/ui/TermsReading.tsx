// One term's text as a patient reads it (the sheet TermsChecklist opens on "보기"): its version and effective date,
// then the text as written. The console previews a new version with this same component (ops/terms/TermsEditor.tsx).
import type { Terms } from '@auto-claim/contract';
import './terms-reading.css';

export const formatEffectiveDate = (ymd: string) => ymd.replace(/(\d{4})(\d{2})(\d{2})/, '$1.$2.$3');

export function TermsReading({ terms }: { terms: Pick<Terms, 'version' | 'effectiveDate' | 'content'> }) {
  return (
    <>
      <p className="terms__meta">
        버전 {terms.version} · 시행일 {formatEffectiveDate(terms.effectiveDate)}
      </p>
      <div className="terms__content">{terms.content}</div>
    </>
  );
}
