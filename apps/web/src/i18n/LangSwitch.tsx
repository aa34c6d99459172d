// The language switch on every patient screen (docs/decisions/0010-message-catalogs.md): each language named in its
// own words, so that she finds hers whatever the screen is in; a native list, a large target on a phone.
import { useContext } from 'react';
import { LANGS, LANG_NAMES, isLang } from '@auto-claim/contract';
import { applyLang } from './lang';
import { LangContext, currentLang } from './t';

// i18n-exempt: the switch's name is in every language at once (she may read none of the screen's)
const SWITCH_NAME = 'Language · 언어 · 语言 · Ngôn ngữ';

export function LangSwitch() {
  const lang = useContext(LangContext)?.lang ?? currentLang();
  return (
    <select
      className="lang-switch"
      aria-label={SWITCH_NAME}
      value={lang}
      onChange={(e) => {
        if (isLang(e.target.value)) void applyLang(e.target.value, true);
      }}
    >
      {LANGS.map((l) => (
        <option key={l} value={l} lang={l}>
          {LANG_NAMES[l]}
        </option>
      ))}
    </select>
  );
}
