// One term's text as a patient reads it (the sheet TermsChecklist opens on "보기"): its version and effective date,
// then the text as written. The console previews a new version with this same component (ops/terms/TermsEditor.tsx).
import type { Terms } from '@auto-claim/contract';
import './terms-reading.css';
import { ReferenceNote } from '../i18n/ReferenceNote';
import { useT } from '../i18n/t';

export const formatEffectiveDate = (ymd: string) => ymd.replace(/(\d{4})(\d{2})(\d{2})/, '$1.$2.$3');

export function TermsReading({ terms }: { terms: Pick<Terms, 'version' | 'effectiveDate' | 'content'> }) {
  const t = useT();
  return (
    <>
      <p className="terms__meta">
        {t('terms.version', '버전 {version} · 시행일 {effectiveDate}', {
          version: terms.version,
          effectiveDate: formatEffectiveDate(terms.effectiveDate),
        })}
      </p>
      <ReferenceNote full />
      <div className="terms__content" lang="ko">
        {terms.content}
      </div>
    </>
  );
}
