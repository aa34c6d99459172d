// Where the guard sends a patient (spec §4) and what it lets through (spec §5).
import { describe, expect, it } from 'vitest';
import { emptyReg, type ClaimState } from '../store/claim';
import { checkGuard, landingPath } from './rules';

const state = (over: {
  prcMode?: 'inner' | 'outer';
  hospitalCd?: string;
  userCi?: string;
  hash?: string;
  access_hash?: string;
}) =>
  ({
    reg: { ...emptyReg(), hospitalCd: over.hospitalCd ?? '90000001', userCi: over.userCi ?? '' },
    ui: { prcMode: over.prcMode ?? 'outer' },
    repository: { hash: over.hash ?? '', access_hash: over.access_hash ?? '' },
  }) as unknown as ClaimState;

describe('landingPath (spec §4)', () => {
  it('is the inner landing in inner mode, whatever hospital is stored', () => {
    expect(landingPath(state({ prcMode: 'inner', hospitalCd: '90000001' }))).toBe('/vuex/auto-claim/');
  });
  it('is the landing of the stored hospitalCd otherwise', () => {
    expect(landingPath(state({ prcMode: 'outer', hospitalCd: '90000002' }))).toBe('/vuex/auto-claim/90000002');
  });
});

describe('checkGuard (spec §5)', () => {
  it('refuses a missing cookie before looking at userCi', () => {
    expect(checkGuard(state({ userCi: 'ci' }), '')).toBe('invalidAuth');
    expect(checkGuard(state({}), '')).toBe('invalidAuth');
  });
  it('without access_hash, any non-empty cookie will do; then userCi must be there', () => {
    expect(checkGuard(state({}), 'abc')).toBe('wrongPath');
    expect(checkGuard(state({ userCi: 'ci' }), 'abc')).toBeNull();
  });
  it('with access_hash (verified by SMS in this tab), the cookie must be exactly the stored hash', () => {
    const verified = state({ userCi: 'ci', hash: 'h-2', access_hash: 'h-1' });
    expect(checkGuard(verified, 'h-2')).toBeNull();
    expect(checkGuard(verified, 'h-2x')).toBe('invalidAuth');
    expect(checkGuard(verified, 'h-1')).toBe('invalidAuth');
    expect(checkGuard(verified, '')).toBe('invalidAuth');
  });
});
