// A session restored after a reload (session.ts) fills the verified person as the SMS verification does: reg.userCi
// and spec §3's repository.userId.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as ClaimModule from '../store/claim';

/** sessionStorage as the browser has it, so the store's persist middleware really writes. */
class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, String(v));
  removeItem = (k: string) => void this.data.delete(k);
  clear = () => this.data.clear();
  key = (i: number) => [...this.data.keys()][i] ?? null;
  get length() {
    return this.data.size;
  }
}
let m: typeof ClaimModule;

beforeAll(async () => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('localStorage', new MemoryStorage());
  m = await import('../store/claim');
});

describe('fillFromSession', () => {
  it('a session restored after a reload fills userId as the verification does', async () => {
    m.useClaimStore.getState().setRepository({ userId: '' });
    const { fillFromSession } = await import('./session');
    const filledIn = fillFromSession({
      kind: 'patient',
      scope: 'full',
      hash: 'h-1',
      idleExpiresAt: '',
      absoluteExpiresAt: '',
      ci: 'ci-restored',
      person: { userNm: '홍길동', birthday: '19580302', sex: 'M', userTel: '01012345678', telecomType: 'SKT' },
    });
    expect(filledIn).toBe(true);
    expect(m.useClaimStore.getState().repository.userId).toBe('ci-restored');
    expect(m.useClaimStore.getState().reg.userCi).toBe('ci-restored');
  });
});
