// One vocabulary (docs/decisions/0009-one-vocabulary.md): each enumeration's Korean labels are written once, in the
// contract; the server, the console and the patient app read them. A label map written again elsewhere, or a label
// typed again as a string, fails here with the file, the line and the contract's map to read instead.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as contract from '@auto-claim/contract';
import * as ops from '@auto-claim/contract/ops';
import { describe, expect, it } from 'vitest';
import { restatementsIn, vocabulariesOf } from './vocabulary-scan.js';

const root = path.resolve(import.meta.dirname, '../../../..');
/**
 * The label maps of the contract's vocabulary, by name: vocabulary.ts and its part vocabulary-records.ts (the records'
 * reasons, kept off the landing's JS; vocabulary.ts re-exports it).
 */
const declared = new Set(
  ['vocabulary.ts', 'vocabulary-records.ts'].flatMap((file) =>
    [
      ...readFileSync(path.join(root, 'packages/contract/src', file), 'utf8').matchAll(/^export const (\w+_NM)\b/gm),
    ].map((m) => m[1]!),
  ),
);
const vocabularies = vocabulariesOf([contract, ops], declared);

/** The source files of the apps (tests and their fixtures are free to spell a label out: they assert it). */
function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|\.d\.ts$/.test(f))
    .map((f) => path.join(dir, f));
}

describe('the vocabulary’s labels', () => {
  it('are read from the contract’s maps', () => {
    // The maps this file guards: a rename that hid them from it would make it pass on nothing.
    for (const name of [
      'CLAIM_STATUS_NM',
      'NOT_CLAIMED_REASON_NM',
      'INSURER_ANSWER_NM',
      'DELIVERY_CHANNEL_NM',
      'DELIVERY_STATE_NM',
      'DELIVERY_ATTEMPT_OUTCOME_NM',
      'REASON_BY_NM',
      'GUARDIAN_REL_NM',
      'RELATION_STATUS_NM',
      'HELD_REASON_NM',
      'RELEASE_REASON_NM',
    ]) {
      expect(vocabularies.map((v) => v.name)).toContain(name);
    }
  });

  it('are written nowhere else in the server, the console or the patient app', () => {
    const found = [...sources('apps/server/src'), ...sources('apps/web/src')].flatMap((file) =>
      restatementsIn(file, readFileSync(path.join(root, file), 'utf8'), vocabularies),
    );
    expect(found.map((r) => `${r.file}:${r.line}: ${r.what}`)).toEqual([]);
  });
});

describe('the scan finds', () => {
  const scan = (text: string) => restatementsIn('apps/web/src/ops/X.tsx', text, vocabularies).map((r) => r.what);

  it('a delivery-state map written again, even in other words', () => {
    expect(
      scan(`const DELIVERY_NM = { pending: '보낼 차례', awaiting: '결과 대기', sent: '갔음', dead: '실패' };`),
    ).toEqual(['a label map of pending, awaiting, sent, dead: read DELIVERY_STATE_NM']);
  });

  it('a channel label typed into a ternary, and one in JSX text', () => {
    expect(
      scan(`const f = (c: string) => (c === 'api' ? 'x' : '팩스');\nconst E = () => <dd>보험사 API</dd>;`),
    ).toEqual(["'팩스' is the label of DELIVERY_CHANNEL_NM", "'보험사 API' is the label of DELIVERY_CHANNEL_NM"]);
  });

  it('nothing in a sentence that contains a label, a map of other codes, a map to codes or to sentences', () => {
    expect(
      scan(
        `const a = '보험사에 보낼 예정인 청구서를 만들고 있어요.';\n` +
          `const b = { title: '제목', body: '본문' };\n` +
          `const c = { received: 'AUTO_CLAIM_ANSWER_RECEIVED', paid: 'AUTO_CLAIM_ANSWER_PAID' };\n` +
          `const d = { ic: '앞면만 찍어요.', dl: '앞면만 찍어요.' };\n` +
          `const E = () => <th>팩스</th>;`,
      ),
    ).toEqual([]);
  });

  it('nothing in the Korean source of a catalog message (her language’s words for a code), but the same words bare', () => {
    expect(scan(`const a = t('helper.rel.family', '기타 가족');\nconst b = '보험사 API';`)).toEqual([
      "'보험사 API' is the label of DELIVERY_CHANNEL_NM",
    ]);
  });
});
