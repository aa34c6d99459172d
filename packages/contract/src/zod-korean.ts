// Zod's messages in Korean (해요체) for every check that has no message of its own: a refusal a patient can see is never
// the validator's English. Not zod's `ko` locale: it speaks 합니다체 and names JS types and regexes ("예상 타입은
// string, 받은 타입은 number입니다"), which a patient cannot read. Field names stay in `errors[].field`, not in the text.
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const TYPE_MESSAGES: Record<string, string> = {
  string: '글자로 입력해 주세요.',
  number: '숫자로 입력해 주세요.',
  int: '정수로 입력해 주세요.',
  bigint: '숫자로 입력해 주세요.',
  boolean: '예 또는 아니요로 골라 주세요.',
  array: '목록으로 보내 주세요.',
  date: '날짜를 확인해 주세요.',
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: '이메일 주소를 확인해 주세요.',
  url: '인터넷 주소를 확인해 주세요.',
  date: '날짜를 확인해 주세요.',
  datetime: '날짜와 시각을 확인해 주세요.',
  time: '시각을 확인해 주세요.',
};

const REQUIRED = '꼭 입력해야 하는 항목이에요.';
const BAD_FORMAT = '형식이 올바르지 않아요.';

function tooBig(iss: Extract<Issue, { code: 'too_big' }>) {
  const max = String(iss.maximum);
  if (iss.origin === 'string')
    return iss.inclusive ? `${max}자까지 입력할 수 있어요.` : `${max}자보다 짧게 입력해 주세요.`;
  if (iss.origin === 'array' || iss.origin === 'set') return `${max}개까지 보낼 수 있어요.`;
  if (iss.origin === 'file') return '파일이 너무 커요.';
  if (iss.origin === 'date') return '날짜를 확인해 주세요.';
  return iss.inclusive ? `${max} 이하로 입력해 주세요.` : `${max}보다 작게 입력해 주세요.`;
}

function tooSmall(iss: Extract<Issue, { code: 'too_small' }>) {
  const min = String(iss.minimum);
  if (iss.origin === 'string') return min === '1' ? REQUIRED : `${min}자 이상 입력해 주세요.`;
  if (iss.origin === 'array' || iss.origin === 'set')
    return min === '1' ? '하나 이상 골라 주세요.' : `${min}개 이상 보내 주세요.`;
  if (iss.origin === 'file') return '파일이 비어 있어요.';
  if (iss.origin === 'date') return '날짜를 확인해 주세요.';
  return iss.inclusive ? `${min} 이상으로 입력해 주세요.` : `${min}보다 크게 입력해 주세요.`;
}

/** The message of an issue whose schema names none (zod's `localeError`). */
export function koreanIssueMessage(iss: Issue): string {
  switch (iss.code) {
    case 'invalid_type': {
      // The whole body (or query) is not an object: null, an array, a string, or nothing at all.
      if (!iss.path?.length && iss.expected === 'object') {
        return iss.input == null ? '보낸 내용이 비어 있어요.' : '보낸 내용의 형식이 올바르지 않아요.';
      }
      if (iss.input == null) return REQUIRED;
      return TYPE_MESSAGES[iss.expected] ?? BAD_FORMAT;
    }
    case 'too_big':
      return tooBig(iss);
    case 'too_small':
      return tooSmall(iss);
    case 'invalid_value':
      return iss.input == null ? REQUIRED : '고를 수 있는 값이 아니에요. 다시 골라 주세요.';
    case 'invalid_format':
      return FORMAT_MESSAGES[iss.format] ?? BAD_FORMAT;
    case 'not_multiple_of':
      return `${String(iss.divisor)} 단위로 입력해 주세요.`;
    case 'unrecognized_keys':
      return '알 수 없는 항목이 있어요.';
    case 'custom':
      return '값이 올바르지 않아요.';
    default:
      return BAD_FORMAT;
  }
}
