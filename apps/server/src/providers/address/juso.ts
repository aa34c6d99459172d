// Road-address search through the 행정안전부 도로명주소 검색 API (business.juso.go.kr, "검색 API"): one GET of
// /addrlink/addrLinkApi.do with the approval key (confmKey), the keyword, a page size and resultType=json. Its answer
// is { results: { common: { errorCode, errorMessage, totalCount, … }, juso: [{ roadAddrPart1, jibunAddr, zipNo,
// bdNm, … }] } }; errorCode "0" is success. The patient can always type an address instead, so a keyword the vendor
// finds too vague is an empty list, one that finds too many is a 400 asking for more of the address, and an outage or
// a refused key is ADDRESS_SEARCH_UNAVAILABLE (503), never a stack trace.
import type { Address } from '@auto-claim/contract';
import { AppError } from '../../http/errors.js';
import type { Checkable, ProviderCheck } from '../check.js';
import type { AddressProvider } from './types.js';

export interface JusoOptions {
  /** The approval key (승인키) issued for this service. */
  confmKey: string;
  /** https://business.juso.go.kr by default; tests and staging point it at a local double. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Told the vendor's error code when a search fails on our side (a refused or expired key), never the keyword. */
  onFailure?: (reason: string) => void;
}

interface JusoAnswer {
  results?: {
    common?: { errorCode?: string; errorMessage?: string; totalCount?: string };
    juso?: { roadAddrPart1?: string; roadAddr?: string; jibunAddr?: string; zipNo?: string; bdNm?: string }[] | null;
  };
}

/**
 * What each errorCode of the vendor's published list (docs/providers/juso-address.md) means for a patient's search:
 * the keyword is one the vendor will not search (empty, only a 시도, one letter, only digits, too long, special
 * characters: nothing found, the patient types the address); it finds more than 9,000 (E0015: ask for a narrower
 * keyword); the approval key is refused or expired (E0001, E0014: ours to fix, so the search is unavailable and
 * doctor says so); anything else (-999 시스템에러, a code not on the list) is an outage.
 */
const VAGUE = new Set(['E0005', 'E0006', 'E0008', 'E0009', 'E0010', 'E0011', 'E0012', 'E0013']);
const KEY_REFUSED: Record<string, string> = {
  E0001: 'the approval key is not approved (E0001)',
  E0014: 'the approval key has expired (E0014): issue a new one',
};
export const TOO_MANY = 'E0015';

const unavailable = () =>
  new AppError('ADDRESS_SEARCH_UNAVAILABLE', '주소 검색이 잠시 안 돼요. 주소를 직접 입력해 주세요.');
const tooMany = () => {
  const message = '찾은 주소가 너무 많아요. 도로명과 건물번호까지 입력해 주세요. 예: 세종대로 110';
  return new AppError('VALIDATION_FAILED', message, [{ field: 'keyword', message }]);
};

export function jusoAddress(opts: JusoOptions): AddressProvider & Checkable {
  const call = opts.fetch ?? fetch;
  /** One GET as the API documents it; throws on no answer, a non-200 or an unreadable body. */
  async function ask(keyword: string, limit: number): Promise<JusoAnswer> {
    const url = new URL('/addrlink/addrLinkApi.do', opts.baseUrl);
    url.search = new URLSearchParams({
      confmKey: opts.confmKey,
      currentPage: '1',
      countPerPage: String(Math.min(Math.max(limit, 1), 100)),
      keyword,
      resultType: 'json',
    }).toString();
    const res = await call(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 5_000) });
    if (!res.ok) throw new Error(`juso answered ${res.status}`);
    return (await res.json()) as JusoAnswer;
  }
  const provider: AddressProvider & Checkable = {
    name: 'juso',
    // The approval key: one search of a public building (a read; nothing about a patient is sent).
    async check(): Promise<ProviderCheck[]> {
      const line = (ok: boolean, detail: string) => [{ kind: 'address', vendor: 'juso', ok, detail }];
      const common = await ask('세종대로 110', 1).then(
        (a) => a.results?.common,
        () => undefined,
      );
      const code = common?.errorCode;
      if (code === '0') return line(true, `approval key accepted (${Number(common?.totalCount) || 0} found)`);
      if (code && KEY_REFUSED[code]) return line(false, KEY_REFUSED[code]);
      return line(false, code ? `the API answered ${code}` : 'the API cannot be reached or answered garbage');
    },
    async search(keyword, limit) {
      let answer: JusoAnswer;
      try {
        answer = await ask(keyword, limit);
      } catch {
        throw unavailable();
      }
      const common = answer.results?.common;
      if (!common || typeof common.errorCode !== 'string') throw unavailable();
      if (VAGUE.has(common.errorCode)) return { list: [], total: 0 };
      if (common.errorCode === TOO_MANY) throw tooMany();
      if (common.errorCode !== '0') {
        opts.onFailure?.(`juso ${common.errorCode}`);
        throw unavailable();
      }
      const list = (answer.results?.juso ?? []).slice(0, limit).map((j): Address => ({
        postNo: j.zipNo ?? '',
        roadAddr: j.roadAddrPart1 || j.roadAddr || '',
        jibunAddr: j.jibunAddr ?? '',
        buildingNm: j.bdNm ?? '',
      }));
      return { list, total: Number(common.totalCount) || list.length };
    },
  };
  return provider;
}
