import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again; a network blip might.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** spec §8: "could not load X", naming what. */
export function loadFailedMessage(what: string) {
  return `${what}${objectParticle(what)} 불러오지 못했어요. 잠시 후 다시 시도해 주세요.`;
}

/** 을 after a final consonant, 를 after a vowel. */
export function objectParticle(word: string) {
  const last = word.trim().at(-1) ?? '';
  const code = last.charCodeAt(0) - 0xac00;
  if (code < 0 || code > 11171) return '을(를)';
  return code % 28 === 0 ? '를' : '을';
}
