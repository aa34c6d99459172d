// The JS-readable claim-authorization cookie the server sets on verification (DESIGN §4). It carries the session's
// hash (no personal data); "decrypting" it is decoding it. It grants nothing: the HttpOnly session does.
import { CLAIM_AUTH_COOKIE } from '@auto-claim/contract';

/** The cookie's value as the guard compares it with the stored hash, '' when absent or unreadable. */
export function readClaimAuthorization(cookie = document.cookie): string {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CLAIM_AUTH_COOKIE) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return '';
      }
    }
  }
  return '';
}
