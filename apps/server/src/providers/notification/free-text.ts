// Words someone else wrote (an insurer's reason, an operator's refusal) that a patient's message carries
// (docs/security.md, "Free text in patients' messages"): never as written. A message says what happened in our own
// fixed sentence; the other party's words follow, labelled with who wrote them, as one line of plain text: no control
// or bidirectional-formatting characters (a right-to-left override reverses what she reads), no line breaks, no link
// of any kind (a URL in the service's own 알림톡 is a phishing link that looks like ours), at most `max` characters.

import { LINK_SOURCE, foldCompatible } from '@auto-claim/contract';

/** C0/C1 controls, the characters that reorder, hide or join text (bidi overrides and isolates, zero-width: format
 * characters), line and paragraph separators, and the Hangul fillers that show as blanks. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]/gu;
/** Anything that reads as a link (the contract's LINK_SOURCE). */
const LINK = new RegExp(LINK_SOURCE, 'giu');
/** What a removed link leaves in the text. */
export const LINK_REMOVED = '(링크 생략)';

/** The reason's words as a message may carry them; '' when nothing is left. */
export function messageSafe(text: string | null | undefined, max = 80): string {
  if (!text) return '';
  let s = foldCompatible(text).replace(/[\r\n\t\u2028\u2029]+/g, ' ');
  s = s.replace(INVISIBLE, '');
  s = s.replace(LINK, LINK_REMOVED);
  s = s.replace(/\s+/g, ' ').trim();
  const chars = [...s];
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : s;
}
