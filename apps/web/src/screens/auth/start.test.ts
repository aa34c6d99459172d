// The landing's start link (start.ts): where it goes, and how the first step starts from the hospital it names.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubBrowserStorage } from '../../test-support/storage';
import type * as ClaimModule from '../../store/claim';

let m: typeof ClaimModule;

beforeAll(async () => {
  stubBrowserStorage();
  m = await import('../../store/claim');
});

describe('the landing’s start link (screens/auth/start.ts)', () => {
  it('starts from the hospital it names: outer for a hospital, inner for 00000000, then spec §4’s reset', async () => {
    const { startFrom, startPath } = await import('./start');
    expect(startPath('90000001')).toBe('/vuex/auto-claim/authAgreeInfo?hospitalCd=90000001');
    m.useClaimStore.getState().setReg({ hospitalCd: '90000002', retroMonth: 12 });
    m.useClaimStore.getState().setRepository({ hospitalNm: '다른병원', selectCompany: 'X' });
    expect(startFrom('90000001')).toBe(true);
    let s = m.useClaimStore.getState();
    expect(s.reg.hospitalCd).toBe('90000001');
    expect(s.ui.prcMode).toBe('outer');
    expect(s.repository.hospitalNm).toBe(''); // the other hospital's name is not this one's
    expect(s.repository.selectCompany).toBe(''); // reset
    expect(s.reg.retroMonth).toBeNull();
    expect(startFrom('00000000')).toBe(true);
    s = m.useClaimStore.getState();
    expect(s.reg.hospitalCd).toBe('00000000');
    expect(s.ui.prcMode).toBe('inner');
    for (const bad of [null, '', '9000', '9000000x', '../../x']) expect(startFrom(bad)).toBe(false);
    expect(m.useClaimStore.getState().reg.hospitalCd).toBe('00000000');
  });

  it('a page the link opened before the app had come starts from its address, and the address loses the parameter', async () => {
    const { startFromAddress } = await import('./start');
    const replaceState = vi.fn();
    const at = (href: string) =>
      vi.stubGlobal('window', { location: { href }, history: { state: { idx: 0 }, replaceState } });
    m.useClaimStore.getState().setReg({ hospitalCd: '00000000' });
    at('http://localhost/ui/insu/vuex/auto-claim/authAgreeInfo?hospitalCd=90000001');
    startFromAddress();
    expect(m.useClaimStore.getState().reg.hospitalCd).toBe('90000001');
    expect(m.useClaimStore.getState().ui.prcMode).toBe('outer');
    expect(replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/ui/insu/vuex/auto-claim/authAgreeInfo');
    // Any other page, or the step without the parameter, is left alone.
    replaceState.mockClear();
    at('http://localhost/ui/insu/vuex/auto-claim/identity?hospitalCd=90000002');
    startFromAddress();
    at('http://localhost/ui/insu/vuex/auto-claim/authAgreeInfo');
    startFromAddress();
    expect(replaceState).not.toHaveBeenCalled();
    expect(m.useClaimStore.getState().reg.hospitalCd).toBe('90000001');
    vi.unstubAllGlobals();
  });
});
