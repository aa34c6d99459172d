// Legal texts (terms, 위임장, 동의서) stay Korean and binding (docs/decisions/0010-message-catalogs.md): in another
// language the Korean is shown with a translation beside it, marked as for reference only; where no translation of the
// full text exists yet, the note says so.
import { useContext } from 'react';
import { LangContext, currentLang, useT } from './t';

export function ReferenceNote({ full = false }: { full?: boolean }) {
  const t = useT();
  const lang = useContext(LangContext)?.lang ?? currentLang();
  if (lang === 'ko') return null;
  return (
    <p className="reference-note" lang={lang}>
      {/* i18n-exempt: the mark is in Korean and in her language, whatever she reads */}
      <strong lang="ko">참고용 번역</strong> / <strong>{t('legal.referenceOnly', '참고용 번역')}</strong>{' '}
      {full
        ? t('legal.fullKoreanOnly', '전문은 한국어로만 있어요. 한국어 원문이 효력을 가져요.')
        : t('legal.koreanBinding', '한국어 원문이 효력을 가져요. 옆의 번역은 이해를 돕기 위한 것이에요.')}
    </p>
  );
}
