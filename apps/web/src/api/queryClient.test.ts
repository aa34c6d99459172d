// spec §8's "could not load X" (queryClient.ts): in Korean with the particle how the words are read (은행 목록을, never
// 을(를)), and in her language with the query's own `what` read when shown (docs/decisions/0010-message-catalogs.md).
import { afterEach, describe, expect, it } from 'vitest';
import { translatorOf } from '../i18n/load';
import { korean, setTranslator } from '../i18n/t';
import { banksQuery } from './banks';
import { childrenQuery } from './children';
import { loadFailedMessage } from './queryClient';
import { possibleHospitalsQuery } from './possibleHospitals';

const what = (q: { meta?: { what: () => string } }) => q.meta!.what();

describe('the load-error message', () => {
  afterEach(() => setTranslator(korean));

  it('reads in Korean with the object particle of the words before it', () => {
    expect(loadFailedMessage(what(banksQuery))).toBe('은행 목록을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.');
    expect(loadFailedMessage(what(possibleHospitalsQuery))).toBe(
      '자동청구 병원 목록을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.',
    );
    // After a vowel: 를.
    expect(loadFailedMessage(what(childrenQuery))).toBe(
      '자녀 가입 정보를 불러오지 못했어요. 잠시 후 다시 시도해 주세요.',
    );
    expect(loadFailedMessage('DB손해보험 약관')).toBe(
      'DB손해보험 약관을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.',
    );
    expect(loadFailedMessage(what(banksQuery))).not.toContain('(를)');
  });

  it('reads in English, Chinese and Vietnamese, with no Korean left in it', async () => {
    setTranslator(await translatorOf('en'));
    expect(loadFailedMessage(what(banksQuery))).toBe(
      'We couldn’t load the list of banks. Please try again in a moment.',
    );
    setTranslator(await translatorOf('zh-Hans'));
    expect(loadFailedMessage(what(banksQuery))).toBe('无法加载银行列表。请稍后再试。');
    setTranslator(await translatorOf('vi'));
    expect(loadFailedMessage(what(possibleHospitalsQuery))).toBe(
      'Không tải được danh sách bệnh viện có dịch vụ tự động yêu cầu bồi thường. Vui lòng thử lại sau.',
    );
    expect(loadFailedMessage(what(childrenQuery))).not.toMatch(/[\uac00-\ud7a3]/);
  });
});
