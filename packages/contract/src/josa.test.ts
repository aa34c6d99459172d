// Korean particles chosen by how the word is read (packages/contract/src/josa.ts), never "을(를)".
import { describe, expect, it } from 'vitest';
import { particle, withParticle } from './index.js';

describe('particles after a name, a code or a number', () => {
  it('follows the last syllable: with a final consonant or without', () => {
    expect(withParticle('김영희', '을/를')).toBe('김영희를');
    expect(withParticle('홍길동', '을/를')).toBe('홍길동을');
    expect(withParticle('삼성화재', '은/는')).toBe('삼성화재는');
    expect(withParticle('외국인등록증', '을/를')).toBe('외국인등록증을');
  });
  it('says 으로 after a final consonant but ㄹ, and 로 after a vowel or ㄹ', () => {
    expect(withParticle('지급', '으로/로')).toBe('지급으로');
    expect(withParticle('서류 요청', '으로/로')).toBe('서류 요청으로');
    expect(withParticle('반려', '으로/로')).toBe('반려로');
    expect(withParticle('보류 해제', '으로/로')).toBe('보류 해제로');
  });
  it('reads a number as Korean does: 2 (이) → 는, 1 (일) → 은, 0 (영) → 은', () => {
    expect(particle('2', '은/는')).toBe('는');
    expect(particle('1', '은/는')).toBe('은');
    expect(particle('0', '은/는')).toBe('은');
    expect(withParticle('청구 금액', '이/가')).toBe('청구 금액이');
  });
});
