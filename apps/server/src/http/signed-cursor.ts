// A person search's cursors (docs/security.md, "Operator releases"): signed by the server for the operator and the
// search's filter, so that no cursor written by hand (past the end, to read a count) or made for another search is read.
import { CURSOR_MESSAGE, decodeCursor, encodeCursor } from '@auto-claim/contract/ops';
import { safeEqual, sha256 } from '../security/crypto.js';
import { AppError } from './errors.js';

/** The refusal of a cursor: 400 naming `cursor`, in Korean. */
export const cursorRefused = () =>
  new AppError('VALIDATION_FAILED', CURSOR_MESSAGE, [{ field: 'cursor', message: CURSOR_MESSAGE }]);

/**
 * What a person search's cursor is bound to (docs/security.md, "Operator releases"): the operator and the hash of the
 * search's filter (its keys as normalised, the list's filters, sort and order; never the cursor or page size). A cursor
 * signed for one scope is refused in any other, and one written by hand in every scope.
 */
export function cursorScope(loginId: string, filter: Record<string, unknown>): string {
  const kept = Object.entries(filter)
    .filter(([k, v]) => k !== 'cursor' && k !== 'size' && v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${loginId}\u0000${sha256(JSON.stringify(kept))}`;
}

type Macs = { hmac(purpose: string, value: string): string };
const macOf = (crypto: Macs, scope: string, c: { s: string; o: string; k: string; i: string }) =>
  crypto.hmac('cursor', [scope, c.s, c.o, c.k, c.i].join('\u0000'));

/** The next page's cursor with its MAC for the scope (null stays null). */
export function signCursor(crypto: Macs, scope: string, cursor: string | null): string | null {
  const c = cursor === null ? undefined : decodeCursor(cursor);
  if (!c) return null;
  const { h: _h, ...plain } = c;
  return encodeCursor({ ...plain, h: macOf(crypto, scope, plain) });
}

/** Refuses (400 naming `cursor`, in Korean) a cursor this server did not sign for this scope. */
export function checkSignedCursor(crypto: Macs, scope: string, cursor: string) {
  const c = decodeCursor(cursor);
  const want = c && macOf(crypto, scope, c);
  if (c?.h === undefined || want === undefined || !safeEqual(want, c.h)) throw cursorRefused();
}
