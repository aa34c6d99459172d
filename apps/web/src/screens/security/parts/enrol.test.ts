// Pure rules of the enrolment screens: the signature's minimum ink, amounts, dates and masks as shown.
import { describe, expect, it } from 'vitest';
import { MIN_AMT_CHOICES } from '@auto-claim/contract';
import { checkInk } from './ink';
import { formatWon, formatYmd, maskAccount, maskPhone, maskRrn, retroStart } from './format';
import { minAmtOptions, minAmtName } from './ChooseMoney';

const line = (from: [number, number], to: [number, number], n: number) =>
  Array.from({ length: n }, (_, i) => ({
    x: from[0] + ((to[0] - from[0]) * i) / (n - 1),
    y: from[1] + ((to[1] - from[1]) * i) / (n - 1),
  }));

describe('signature minimum ink', () => {
  it('refuses an empty pad', () => {
    expect(checkInk([])).toEqual({ ok: false, reason: '서명해 주세요.' });
  });
  it('refuses a dot, a short tick and a flat line', () => {
    expect(checkInk([{ points: [{ x: 10, y: 10 }] }]).ok).toBe(false);
    expect(checkInk([{ points: line([10, 10], [30, 30], 20) }]).ok).toBe(false);
    expect(checkInk([{ points: line([10, 50], [300, 52], 40) }]).ok).toBe(false);
  });
  it('accepts a signature that spans the pad', () => {
    expect(checkInk([{ points: line([20, 40], [120, 120], 15) }, { points: line([130, 120], [260, 40], 15) }])).toEqual(
      {
        ok: true,
      },
    );
  });
});

describe('what the summary shows', () => {
  it('masks as DESIGN §5 says', () => {
    expect(maskRrn('19900101', '1234567')).toBe('900101-1******');
    expect(maskPhone('01012345678')).toBe('010-****-5678');
    expect(maskAccount('123-456-781234')).toBe('****1234');
  });
  it('formats amounts in 만 원', () => {
    expect(formatWon(0)).toBe('0원');
    expect(formatWon(10_000)).toBe('1만 원');
    expect(formatWon(15_000)).toBe('1만 5,000원');
  });
  it('offers exactly the amounts the server accepts, each named', () => {
    expect(minAmtOptions().map((o) => o.value)).toEqual([...MIN_AMT_CHOICES]);
    expect(minAmtName(30_000)).toBe('3만 원 이상');
    expect(minAmtName(0)).toBe('모든 진료비');
  });
  it('dates the retroactive period, clamping to the month end', () => {
    expect(formatYmd('20241105')).toBe('2024년 11월 5일');
    // Korea's calendar day, whatever the phone's time zone: 2026-11-21 16:00 UTC is already the 22nd in Seoul.
    expect(retroStart(36, new Date('2026-11-21T16:00:00Z'))).toBe('20231122');
    expect(retroStart(1, new Date('2026-03-31T03:00:00Z'))).toBe('20260228');
  });
});
