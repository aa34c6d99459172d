// One rule for whether two names are one person's (names.ts), and every check that compares names uses it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { custName } from './auth.js';
import { BANK_HOLDER_NAME_MAX, childCalled, childPossessive, nameKey, sameName } from './names.js';

describe('sameName', () => {
  it('ignores every kind of space, the Unicode form and the case of Latin letters', () => {
    expect(sameName('홍 길동', '홍길동')).toBe(true);
    expect(sameName('홍\u3000길동', '홍길동')).toBe(true); // full-width space
    expect(sameName(' 홍길\u00a0동\t', '홍길동')).toBe(true); // no-break space, tab, ends
    expect(sameName('홍\u200b길동', '홍길동')).toBe(true); // zero-width space
    expect(sameName('홍길동'.normalize('NFD'), '홍길동')).toBe(true);
    expect(sameName('Kim Minsu', 'KIMMINSU')).toBe(true);
    expect(sameName('홍길동', '홍길순')).toBe(false);
    expect(sameName('홍길동', '홍길')).toBe(false);
    expect(nameKey(' 김 테스트 ')).toBe('김테스트');
  });
});

describe('every name comparison', () => {
  const root = join(import.meta.dirname, '../../..');
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) return sources(p);
      return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
    });

  it('goes through names.ts: no other module normalises a name itself', () => {
    const own = [
      ...sources(join(root, 'apps/server/src')),
      ...sources(join(root, 'apps/web/src')),
      ...sources(join(root, 'packages/contract/src')),
    ]
      // postcode.ts normalises an address, not a name; formats.ts folds free text to find links in it (foldCompatible).
      .filter(
        (p) => !p.endsWith('names.ts') && !p.endsWith('address/postcode.ts') && !p.endsWith('contract/src/formats.ts'),
      )
      .filter((p) => /\.normalize\('NF|const sameName|normalName/.test(readFileSync(p, 'utf8')))
      .map((p) => relative(root, p));
    expect(own).toEqual([]);
  });

  it('is used by the bank holder check, subscribing, the record matcher, identity, the typed signature and the wizard', () => {
    for (const file of [
      'apps/server/src/modules/accounts/service.ts',
      'apps/server/src/modules/subscriptions/checks.ts',
      'apps/server/src/modules/claims/rules.ts',
      'apps/server/src/modules/identity/service.ts',
      'apps/web/src/screens/security/PaymentAccount.tsx',
      'apps/web/src/screens/security/Signature.tsx',
    ]) {
      expect(readFileSync(join(root, file), 'utf8'), file).toMatch(/\bsameName\(/);
    }
  });
});

describe('how a parent calls her child', () => {
  it('takes the surname off and adds 이 after a final consonant', () => {
    expect(childPossessive('김지민')).toBe('지민이의');
    expect(childPossessive('이서아')).toBe('서아의');
    expect(childCalled('박 하 준')).toBe('하준이');
    expect(childCalled('남궁민준')).toBe('민준이');
    expect(childCalled('최솔')).toBe('솔이');
    expect(childCalled('Emma Kim')).toBe('Emma Kim');
  });
});

describe('a foreign resident’s name in Latin letters (the one name rule)', () => {
  const same = (a: string, b: string) => [sameName(a, b), sameName(b, a)];
  it('is the same name whatever its case, spaces, order, diacritics, or a middle name the other side left out', () => {
    expect(same('nguyen van an', 'NGUYEN VAN AN')).toEqual([true, true]);
    expect(same('NGUYEN  VAN AN ', 'NGUYENVAN AN')).toEqual([true, true]);
    expect(same('An Nguyen Van', 'NGUYEN VAN AN')).toEqual([true, true]); // given name first
    expect(same('An Van Nguyen', 'NGUYEN VAN AN')).toEqual([true, true]); // family name last
    expect(same('NGUYEN AN', 'NGUYEN VAN AN')).toEqual([true, true]); // the hospital dropped the middle name
    expect(same('AN NGUYEN', 'NGUYEN VAN AN')).toEqual([true, true]);
    expect(same('Nguyễn Văn An', 'NGUYEN VAN AN')).toEqual([true, true]); // Vietnamese diacritics
    expect(same('Trần Thị Đào', 'TRAN THI DAO')).toEqual([true, true]); // Đ is D
    expect(same('Nguyễn Văn An'.normalize('NFD'), 'nguyen van an')).toEqual([true, true]);
    expect(same('Smith-Jones Mary', 'MARY SMITH JONES')).toEqual([true, true]);
  });

  it('is a different person when a part differs, a family or given name is missing, or only one part is given', () => {
    expect(same('NGUYEN VAN BINH', 'NGUYEN VAN AN')).toEqual([false, false]);
    expect(same('NGUYEN THI AN', 'NGUYEN VAN AN')).toEqual([false, false]);
    expect(same('NGUYEN VAN ANH', 'NGUYEN VAN AN')).toEqual([false, false]);
    expect(same('TRAN VAN AN', 'NGUYEN VAN AN')).toEqual([false, false]);
    expect(same('NGUYEN VAN', 'NGUYEN VAN AN')).toEqual([false, false]); // the given name is missing
    expect(same('VAN AN', 'NGUYEN VAN AN')).toEqual([false, false]); // the family name is missing
    expect(same('NGUYEN', 'NGUYEN VAN AN')).toEqual([false, false]);
    expect(same('AN', 'NGUYEN VAN AN')).toEqual([false, false]);
    expect(same('NGUYEN NGUYEN AN', 'NGUYEN VAN AN')).toEqual([false, false]);
    expect(same('', 'NGUYEN VAN AN')).toEqual([false, false]);
    // A Hangul spelling and a Latin one are never compared; a Korean name keeps the strict rule (no reordering).
    expect(same('응우옌반안', 'NGUYEN VAN AN')).toEqual([false, false]);
    expect(same('길동 홍', '홍길동')).toEqual([false, false]);
  });

  it('takes a bank’s name cut at 20 characters only from the side that cuts, and only as the start of hers', () => {
    const hers = 'NGUYEN VAN AN THANH HUONG'; // 25 characters
    const bank = hers.slice(0, BANK_HOLDER_NAME_MAX); // 'NGUYEN VAN AN THANH '
    expect(sameName(bank, hers, { aCutAt: BANK_HOLDER_NAME_MAX })).toBe(true);
    expect(sameName('NGUYEN VAN AN THANHH', 'nguyen van an thanh huong', { aCutAt: 20 })).toBe(false);
    expect(sameName('TRAN VAN AN THANH HU', hers, { aCutAt: 20 })).toBe(false);
    expect(sameName(bank, hers)).toBe(false); // no cut is assumed where none is said
    expect(sameName('NGUYEN VAN', hers, { aCutAt: 20 })).toBe(false); // a short name is not a cut one
  });
});

describe('a typed name (custName: the identity form)', () => {
  it('takes 한글 and Latin names as ID cards print them, diacritics, hyphens and apostrophes included', () => {
    for (const ok of [
      '홍길동',
      '남궁 민수',
      'NGUYEN VAN AN',
      'Nguyễn Văn An',
      'Smith-Jones Mary',
      "O'Neil Sean",
      'Wang Xiaoming',
    ])
      expect(custName.safeParse(ok).success, ok).toBe(true);
  });
  it('refuses nonsense in polite Korean, saying what to fix', () => {
    const refusal = (v: string) => custName.safeParse(v).error?.issues[0]?.message;
    expect(refusal('Nguyen2')).toBe('이름에는 숫자를 쓸 수 없어요. 신분증에 적힌 이름을 그대로 입력해 주세요.');
    expect(refusal('ㅋㅋㅋ')).toBe('이름을 완성된 글자로 입력해 주세요. 예: 홍길동');
    expect(refusal('홍길동 KIM')).toBe('이름은 한글이나 영문 중 하나로, 신분증에 적힌 그대로 입력해 주세요.');
    expect(refusal('@@@')).toBe('이름에는 글자만 쓸 수 있어요. 기호는 빼고 한글이나 영문으로 입력해 주세요.');
    expect(refusal('-An')).toBe('이름에는 글자만 쓸 수 있어요. 기호는 빼고 한글이나 영문으로 입력해 주세요.');
    expect(refusal('张伟')).toBe('이름에는 글자만 쓸 수 있어요. 기호는 빼고 한글이나 영문으로 입력해 주세요.');
    expect(custName.safeParse('').error?.issues.map((i) => i.message)).toEqual(['이름을 입력해 주세요.']);
  });
});
