// A session restored after a reload (session.ts) fills the verified person as the SMS verification does: reg.userCi
// and spec §3's repository.userId.
import { beforeAll, describe, expect, it } from 'vitest';
import { stubBrowserStorage } from '../test-support/storage';
import type * as ClaimModule from '../store/claim';

let m: typeof ClaimModule;

beforeAll(async () => {
  stubBrowserStorage();
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
