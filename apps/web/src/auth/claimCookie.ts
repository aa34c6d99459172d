// The JS-readable claim-authorization cookie the server sets on verification (DESIGN §4).
export const CLAIM_AUTH_COOKIE = 'claimAuth';

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
