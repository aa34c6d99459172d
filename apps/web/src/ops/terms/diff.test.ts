import { describe, expect, it } from 'vitest';
import { diffCounts, lineDiff } from './diff';

describe('lineDiff: what a new terms version changes', () => {
  it('keeps the common lines and marks the removed and added ones in order', () => {
    const d = lineDiff('제1조 목적\n제2조 정의\n제3조 보관', '제1조 목적\n제2조 용어의 정의\n제3조 보관\n제4조 시행');
    expect(d).toEqual([
      { kind: 'same', text: '제1조 목적' },
      { kind: 'removed', text: '제2조 정의' },
      { kind: 'added', text: '제2조 용어의 정의' },
      { kind: 'same', text: '제3조 보관' },
      { kind: 'added', text: '제4조 시행' },
    ]);
    expect(diffCounts(d)).toEqual({ added: 2, removed: 1 });
  });

  it('says nothing changed for the same text, whatever its line endings', () => {
    expect(diffCounts(lineDiff('가\r\n나', '가\n나'))).toEqual({ added: 0, removed: 0 });
  });
});
