// The wizard's one order (steps.ts) for each patient: the self walk (본인 or 자녀 is asked on jumin, so it is no longer
// for it), a child's walk with her details and relation document, and a parent's next child, who passes the answers
// she carries (nextChild.ts). The walk is what nextStep gives from the first screen to the summary.
import { describe, expect, it } from 'vitest';
import { emptyChild, emptyReg, type ClaimState } from '../store/claim';
import { nextStep, type StepId } from './steps';

const state = (patch: {
  reg?: Partial<ClaimState['reg']>;
  ui?: Partial<ClaimState['ui']>;
  child?: Partial<ClaimState['child']>;
}) =>
  ({
    reg: { ...emptyReg(), ...patch.reg },
    ui: { prcMode: 'outer', idPhotoRequired: true, insured: '', ...patch.ui },
    child: { ...emptyChild(), ...patch.child },
  }) as unknown as ClaimState;

function walk(s: ClaimState, from: StepId = 'jumin') {
  const seen: StepId[] = [from];
  while (seen.at(-1) !== 'applyHistory' && seen.length < 40) seen.push(nextStep(seen.at(-1)!, s));
  return seen;
}

/** Without the insurer's consent from the one consent screen (agreeIds empty), its screen is walked too. */
const SELF: StepId[] = [
  'jumin',
  'insuChoose',
  'claimAgreeInfo',
  'photo',
  'paymentAccount',
  'adress',
  'signature',
  'applyHistory',
];

describe('the wizard order', () => {
  it('self: no screen of a child, and none the walk leaves to the summary', () => {
    expect(walk(state({ ui: { insured: 'self' } }))).toEqual(SELF);
  });
  it('a child: the parent’s number, the child, then the ID step and the relation document before the account', () => {
    const steps = walk(state({ ui: { insured: 'child' } }));
    expect(steps.slice(0, 3)).toEqual(['jumin', 'childInfo', 'insuChoose']);
    expect(steps.slice(steps.indexOf('photo'), steps.indexOf('photo') + 3)).toEqual([
      'photo',
      'relationDoc',
      'paymentAccount',
    ]);
    expect(steps.length).toBe(SELF.length + 2);
  });
  it('the next child of the same parent passes what she carries: her ID, account, address, amounts and e-mail', () => {
    const carried = state({
      ui: { insured: 'child' },
      reg: {
        userIdno2: '2000001',
        idcardImg: 'data:image/jpeg;base64,AA',
        idcardType: 'ic',
        bankAccount: '123456789012',
        bankAccountRel: '3',
        minAmt: 30_000,
        retroMonth: 12,
        userAddr: '서울특별시 중구 세종대로 110',
      },
      child: { carry: { reg: {}, ui: {} } },
    });
    expect(walk(carried, 'childInfo')).toEqual([
      'childInfo',
      'insuChoose',
      'claimAgreeInfo',
      'relationDoc',
      'signature',
      'applyHistory',
    ]);
  });
  it('an account in the first child’s own name is not carried: the next child is asked for hers', () => {
    const s = state({
      ui: { insured: 'child' },
      reg: {
        userIdno2: '2000001',
        bankAccount: '123456789012',
        bankAccountRel: '1',
        minAmt: 0,
        retroMonth: 0,
        userAddr: 'x',
      },
      child: { carry: { reg: {}, ui: {} } },
    });
    expect(walk(s, 'childInfo')).toContain('paymentAccount');
  });
  it('a patient who chose 본인 after a child is walked the whole self path (nothing carried)', () => {
    const s = state({
      ui: { insured: 'self' },
      reg: { userAddr: 'x', minAmt: 0 },
      child: { carry: { reg: {}, ui: {} } },
    });
    expect(walk(s)).toEqual(SELF);
  });
});
