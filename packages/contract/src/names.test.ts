// One rule for whether two names are one person's (names.ts), and every check that compares names uses it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childCalled, childPossessive, nameKey, sameName } from './names.js';

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
