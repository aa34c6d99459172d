// The enrolment draft as the app keeps it (draft.ts, README "Enrolment drafts and coming back"): what it sends holds
// her answers and never the verified person, the terms, a photo or a signature; a step is read from any wizard path;
// and what cannot be restored is named, in the walk's order, in Korean and in her language.
import { describe, expect, it } from 'vitest';
import { translatorOf } from '../i18n/load';
import { korean, setTranslator } from '../i18n/t';
import { emptyChild, emptyReg, type ClaimState } from '../store/claim';
import { draftOf, enrolling, lostBy, lostMessage, stepOfPath } from './draft';

const state = (patch: {
  reg?: Partial<ClaimState['reg']>;
  ui?: Partial<ClaimState['ui']>;
  child?: Partial<ClaimState['child']>;
}) =>
  ({
    reg: { ...emptyReg(), ...patch.reg },
    ui: { prcMode: 'outer', idPhotoRequired: true, insured: '', pendingChanges: [], afterVerify: '', ...patch.ui },
    repository: { hospitalNm: '새봄소아청소년과의원 (데모)', selectCompany: '', checkBankAccountNm: '' },
    child: { ...emptyChild(), ...patch.child },
  }) as unknown as ClaimState;

const PHOTO = `data:image/jpeg;base64,${'A'.repeat(5000)}`;

describe('the enrolment draft', () => {
  const parent = state({
    reg: {
      userCi: 'ci-of-the-parent',
      userNm: '김하나',
      termsIds: ['SERVICE_1'],
      userIdno2: '2345671',
      insuCompCd: 'AIA',
      bankAccount: '123456789012',
      minAmt: 0,
      retroMonth: null,
      idcardImg: PHOTO,
      signImg: PHOTO,
      signTypedNm: '김하나',
      helperRel: 'child',
    },
    ui: { insured: 'child' },
    child: {
      ...emptyChild(),
      person: {
        userNm: '김지민',
        birthday: '20150301',
        sex: 'F',
        userIdno2: '4123451',
        guardianRel: 'mother',
        userTel: '',
      },
      relation: { docType: 'family', issueDate: '20261120', file: PHOTO, fileName: 'family.png' },
    },
  });

  it('keeps her answers and the child, never the verified person, the terms, a photo, a signature or a file', () => {
    const d = draftOf(parent, 'relationDoc');
    expect(d.step).toBe('relationDoc');
    expect(d.reg).toMatchObject({
      userIdno2: '2345671',
      insuCompCd: 'AIA',
      bankAccount: '123456789012',
      minAmt: 0,
      helperRel: 'child',
    });
    expect(d.ui).toMatchObject({ insured: 'child' });
    expect(d.child.person).toMatchObject({ userNm: '김지민', guardianRel: 'mother' });
    expect(d.child.relation).toEqual({ docType: 'family', issueDate: '20261120' });
    const text = JSON.stringify(d);
    for (const never of ['ci-of-the-parent', '김하나', 'SERVICE_1', 'base64', 'family.png'])
      expect(text).not.toContain(never);
    expect(d.reg).not.toHaveProperty('retroMonth'); // not answered yet: left out
  });

  it('is kept only while enrolling: verified, whose answered, not a subscriber changing hers', () => {
    expect(enrolling(parent)).toBe(true);
    expect(enrolling(state({ reg: { userCi: 'x' } }))).toBe(false);
    expect(enrolling(state({ reg: { userCi: 'x', insuApplyId: 'A1' }, ui: { insured: 'self' } }))).toBe(false);
    expect(enrolling(state({ reg: { userCi: 'x', insuApplyId: 'A1' }, ui: { insured: 'child' } }))).toBe(true);
    expect(enrolling(state({ reg: { userCi: 'x' }, ui: { insured: 'self', pendingChanges: ['account'] } }))).toBe(
      false,
    );
  });

  it('reads the step of a wizard path, inside the app base or the context path, and of its /web/ variant', () => {
    expect(stepOfPath('/vuex/auto-claim/security/relationDoc')).toBe('relationDoc');
    expect(stepOfPath('/ui/insu/vuex/auto-claim/security/applyHistory')).toBe('applyHistory');
    expect(stepOfPath('/vuex/auto-claim/web/IDPhoto')).toBe('photo');
    expect(stepOfPath('/vuex/auto-claim/web/treat')).toBeUndefined();
    expect(stepOfPath('/vuex/auto-claim/identity')).toBeUndefined();
  });

  it('names what she must give again, in the walk’s order, only for steps she had passed', () => {
    expect(lostBy('relationDoc', parent).map((l) => l.step)).toEqual(['photo']);
    expect(lostBy('applyHistory', parent).map((l) => l.step)).toEqual(['photo', 'relationDoc', 'signature']);
    const noPhoto = state({ ui: { insured: 'child', idPhotoRequired: false } });
    expect(lostBy('adress', noPhoto).map((l) => l.step)).toEqual(['relationDoc']);
    expect(lostBy('insuChoose', noPhoto)).toEqual([]);
    const self = state({ ui: { insured: 'self', idPhotoRequired: false } });
    expect(lostBy('applyHistory', self).map((l) => l.step)).toEqual(['signature']);
  });

  it('tells her in Korean, with the right particles', () => {
    expect(lostMessage([{ name: '서명' }])).toBe(
      '입력하시던 내용은 불러왔어요. 서명은 안전을 위해 저장하지 않아서 다시 해 주셔야 해요. 서명 화면으로 갈게요.',
    );
    expect(lostMessage([{ name: '가족관계 서류' }])).toContain('가족관계 서류는 안전을 위해');
    expect(lostMessage([{ name: '신분증 사진' }, { name: '가족관계 서류' }, { name: '서명' }])).toContain(
      '신분증 사진, 가족관계 서류와 서명은',
    );
    expect(lostMessage([{ name: '신분증 사진' }, { name: '서명' }])).toContain('신분증 사진과 서명은');
  });

  it('tells her in her language what is lost, the names in it and listed as it lists them', async () => {
    setTranslator(await translatorOf('en'));
    try {
      const lost = lostBy('applyHistory', parent);
      expect(lostMessage(lost)).toBe(
        'We’ve brought back what you had entered. For your safety, some things are not saved and need to be done ' +
          'again: ID photo, family relation document, and signature. We’ll take you to the ID photo screen.',
      );
    } finally {
      setTranslator(korean);
    }
  });
});
