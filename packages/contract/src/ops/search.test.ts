// The one parser of dates as people write them, and the normalisers a person search and the stored hashes share.
import { describe, expect, it } from 'vitest';
import { normName, normPhone, searchedWith, typedDate } from './search.js';

describe('typedDate', () => {
  it('reads the ways people write a date', () => {
    for (const t of ['2026.11.26', '2026. 11. 26.', '2026-11-26', '2026/11/26', '20261126', ' 2026.11.26 ']) {
      expect(typedDate(t), t).toBe('20261126');
    }
    expect(typedDate('2026.1.5')).toBe('20260105');
    expect(typedDate('1958-03-02')).toBe('19580302');
  });
  it('refuses what is no day of the calendar or no date at all', () => {
    for (const t of [
      '2026.02.30',
      '2026.13.01',
      '20261300',
      '2026.11',
      '26.11.26',
      '어제',
      '',
      '2026-11-26x',
      '1800.01.01',
    ]) {
      expect(typedDate(t), t).toBeUndefined();
    }
    expect(typedDate('2024.02.29')).toBe('20240229');
    expect(typedDate('2025.02.29')).toBeUndefined();
  });
});

describe('normalisers', () => {
  it('takes a name to NFC without spaces', () => {
    expect(normName(' 홍 길동 ')).toBe('홍길동');
    expect(normName('홍길동'.normalize('NFD'))).toBe('홍길동');
  });
  it('takes a phone to its digits', () => {
    expect(normPhone('010-1234-5678')).toBe('01012345678');
    expect(normPhone('010 1234 5678')).toBe('01012345678');
  });
  it('says how a search was made with the right particle', () => {
    expect(searchedWith(['name'])).toBe('이름으로');
    expect(searchedWith(['name', 'phone'])).toBe('이름·휴대폰 번호로');
    expect(searchedWith(['birthDate'])).toBe('생년월일로');
    expect(searchedWith(['bogus'])).toBe('');
  });
});
