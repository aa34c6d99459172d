// The claim store's two promises: reset() keeps exactly spec §4's list (and always clears retroMonth), and a reload
// finds nothing personal in browser storage (DESIGN §5): only what PERSISTED names is written.
import { beforeAll, describe, expect, it } from 'vitest';
import { stubBrowserStorage, type MemoryStorage } from '../test-support/storage';
import type * as ClaimModule from './claim';

let storage: MemoryStorage;
let m: typeof ClaimModule;

beforeAll(async () => {
  storage = stubBrowserStorage().session;
  m = await import('./claim');
});

/** A recognisable non-empty value for every field of a slice, so a kept or leaked value is visible. */
function filled<T extends object>(slice: T): T {
  return Object.fromEntries(
    Object.entries(slice).map(([k, v]) => [
      k,
      Array.isArray(v)
        ? [`${k}-1`]
        : typeof v === 'boolean' || k === 'idPhotoRequired'
          ? !v
          : k === 'minAmt'
            ? 30_000
            : k === 'retroMonth'
              ? 12
              : `${k}-v`,
    ]),
  ) as T;
}

function fillEverything() {
  const s = m.useClaimStore.getState();
  s.setReg({ ...filled(s.reg), sex: 'M', idcardType: 'ic', hospitalCd: '90000001' });
  s.setAuth({ ...filled(s.auth), custName: '김테스트', custHp: '01000001234', korRegId: '8501011' });
  s.setRepository({ ...filled(s.repository), hospitalNm: '하늘빛종합병원' });
  s.setUi({ ...filled(s.ui), prcMode: 'inner', socialNum: '850101-1******', afterVerify: '/web/treat' });
}

/** spec §4, word for word: what reset() keeps, written out here independently of the store's own list. */
const SPEC_RESET_KEEPS = [
  'multiSubscrib',
  'userCi',
  'termsIds',
  'optTerms',
  'userTel',
  'userIdno2',
  'sex',
  'birthday',
  'userNm',
  'hospitalCd',
  'applyOrg',
  'hospitalNm',
  'socialNum',
  'hash',
  'access_hash',
  'prcMode',
];

describe('the repository slice (spec §3)', () => {
  it('holds exactly the 16 repository fields of spec §3', () => {
    const spec = [
      'terms',
      'authTerms',
      'telecomTerms',
      'insuCompanys',
      'selectCompany',
      'checkBankAccountNm',
      'userId',
      'hospitalNm',
      'hash',
      'access_hash',
      'hospitalThumbnail',
      'androidPackage',
      'iOSPackage',
      'possibleHospitals',
      'myPossibleHospitals',
      'findUiControlVal',
    ];
    expect(Object.keys(m.useClaimStore.getState().repository).sort()).toEqual(spec.sort());
  });
});

describe('reset() (spec §4)', () => {
  it('keeps exactly multiSubscrib, userCi, termsIds, optTerms, userTel, userIdno2, sex, birthday, userNm, hospitalCd, applyOrg, hospitalNm, socialNum, hash, access_hash, prcMode', () => {
    fillEverything();
    const before = m.useClaimStore.getState();
    before.reset();
    const after = m.useClaimStore.getState();

    const kept: string[] = [];
    for (const slice of ['reg', 'auth', 'repository', 'ui'] as const) {
      for (const [k, v] of Object.entries(after[slice])) {
        const was = (before[slice] as unknown as Record<string, unknown>)[k];
        if (JSON.stringify(v) === JSON.stringify(was)) kept.push(k);
      }
    }
    // Fields whose filled value equals their empty value would look "kept" even when cleared; none are.
    expect(kept.sort()).toEqual([...SPEC_RESET_KEEPS].sort());
    expect(after.reg.userCi).toBe('userCi-v');
    expect(after.reg.sex).toBe('M');
    expect(after.ui.prcMode).toBe('inner');
    expect(after.repository.hospitalNm).toBe('하늘빛종합병원');
  });

  it('clears everything else, and always clears retroMonth', () => {
    fillEverything();
    m.useClaimStore.getState().reset();
    const { reg, auth, repository, ui } = m.useClaimStore.getState();
    expect(reg.retroMonth).toBeNull();
    expect(reg.minAmt).toBeNull();
    expect(reg.signImg).toBe('');
    expect(reg.bankAccount).toBe('');
    expect(reg.insuApplyId).toBe('');
    expect(reg.idcardType).toBe('');
    for (const [k, v] of Object.entries(auth))
      expect(v === '' || v === false || (Array.isArray(v) && v.length === 0), k).toBe(true);
    expect(repository.userId).toBe('');
    expect(repository.selectCompany).toBe('');
    expect(ui.signBackup).toBe('');
    expect(ui.bankNm).toBe('');
    expect(ui.idPhotoRequired).toBeNull();
  });

  it('RESET_KEEPS is the spec list, nothing more', () => {
    expect([...m.RESET_KEEPS.reg, ...m.RESET_KEEPS.repository, ...m.RESET_KEEPS.ui].sort()).toEqual(
      [...SPEC_RESET_KEEPS].sort(),
    );
  });
});

describe('what survives a reload (PERSISTED)', () => {
  it('writes only the hospital, its name, the mode, the claim settings and non-personal ids to sessionStorage', () => {
    fillEverything();
    const raw = storage.getItem('auto-claim');
    expect(raw).not.toBeNull();
    const saved = JSON.parse(raw!) as { state: unknown };
    expect(saved.state).toEqual({
      reg: {
        hospitalCd: '90000001',
        minAmt: 30_000,
        retroMonth: 12,
        termsIds: ['termsIds-1'],
        optTerms: ['optTerms-1'],
        helperRel: 'helperRel-v',
      },
      desk: { grant: '', hospitalCd: '', hospitalNm: '' },
      auth: {
        hospitalCode: 'hospitalCode-v',
        smsRequestSeq: 'smsRequestSeq-v',
        smsResponseSeq: 'smsResponseSeq-v',
        telecomTermsIds: ['telecomTermsIds-1'],
      },
      repository: { hospitalNm: '하늘빛종합병원' },
      ui: { prcMode: 'inner', afterVerify: '/web/treat' },
    });
  });

  it('never writes personal data to any browser storage', () => {
    fillEverything();
    const everything = JSON.stringify([...storage.data.values()]);
    for (const secret of [
      'userCi-v',
      'userNm-v',
      'userIdno2-v',
      'userTel-v',
      'bankAccount-v',
      'signImg-v',
      'idcardImg-v',
      'userAddr-v',
      'userEmail-v',
      'jobCd-v',
      '김테스트',
      '01000001234',
      '850101',
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect((globalThis.localStorage as unknown as MemoryStorage).length).toBe(0);
  });

  it('after reset() the saved retroMonth is cleared too', () => {
    fillEverything();
    m.useClaimStore.getState().reset();
    const saved = JSON.parse(storage.getItem('auto-claim')!) as { state: { reg: Record<string, unknown> } };
    expect(saved.state.reg.retroMonth).toBeNull();
  });
});

describe('the child being enrolled (README "A parent enrols her children")', () => {
  const child = {
    person: {
      userNm: '김지민',
      birthday: '20150301',
      sex: 'F' as const,
      userIdno2: '4123456',
      guardianRel: 'mother' as const,
      userTel: '',
    },
    relation: {
      docType: 'family' as const,
      issueDate: '20261101',
      file: 'data:image/jpeg;base64,RELDOC',
      fileName: 'family.jpg',
    },
  };
  it('never reaches browser storage: her name, birth date, resident number and the document stay in memory', () => {
    fillEverything();
    m.useClaimStore.getState().setChild(child);
    const everything = JSON.stringify([...storage.data.values()]);
    for (const secret of ['김지민', '20150301', '4123456', 'RELDOC', 'family.jpg'])
      expect(everything).not.toContain(secret);
  });
  it('reset() clears the child asked, and keeps the children finished and what the next one starts from', () => {
    const done = [{ insuApplyId: 'AC20261126ABCDEF0123', userNm: '김지민' }] as ClaimModule.ChildDone[];
    const carry = { reg: { userAddr: '서울' }, ui: { bankNm: 'KB국민은행' } };
    m.useClaimStore.getState().setChild({ ...child, done, carry });
    m.useClaimStore.getState().reset();
    const after = m.useClaimStore.getState().child;
    expect(after.person.userNm).toBe('');
    expect(after.relation.file).toBe('');
    expect(after.done).toEqual(done);
    expect(after.carry).toEqual(carry);
  });
});

describe('the fields spec §3 names that the walk fills: userId, jobType, deptNm', () => {
  it('userId is who the verification named (with reg.userCi); reset clears it (spec §4), never in browser storage', () => {
    m.useClaimStore.getState().reset();
    expect(m.useClaimStore.getState().repository.userId).toBe('');
    m.verifiedAs('ci-of-her-88-characters');
    const { reg, repository } = m.useClaimStore.getState();
    expect(reg.userCi).toBe('ci-of-her-88-characters');
    expect(repository.userId).toBe('ci-of-her-88-characters');
    expect(JSON.stringify([...storage.data.values()])).not.toContain('ci-of-her');
    m.useClaimStore.getState().reset();
    expect(m.useClaimStore.getState().repository.userId).toBe('');
    expect(m.useClaimStore.getState().reg.userCi).toBe('ci-of-her-88-characters');
  });

  it('jobType is the code of the occupation’s group whose name is jobCategoryNm; none chosen, both empty', () => {
    expect(m.jobGroupUi({ code: '3', codeNm: '사무 종사자' })).toEqual({ jobType: '3', jobCategoryNm: '사무 종사자' });
    expect(m.jobGroupUi(undefined)).toEqual({ jobType: '', jobCategoryNm: '' });
  });

  it('deptNm and jobType are UI data: reset clears them', () => {
    m.useClaimStore.getState().setUi({ deptNm: '정형외과', ...m.jobGroupUi({ code: '3', codeNm: '사무 종사자' }) });
    m.useClaimStore.getState().reset();
    expect(m.useClaimStore.getState().ui).toMatchObject({ deptNm: '', jobType: '', jobCategoryNm: '' });
  });
});
