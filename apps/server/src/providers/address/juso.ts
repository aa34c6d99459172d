// Road-address search through the 행정안전부 도로명주소 검색 API (business.juso.go.kr, "검색 API"): one GET of
// /addrlink/addrLinkApi.do with the approval key (confmKey), the keyword, a page size and resultType=json. Its answer
// is { results: { common: { errorCode, errorMessage, totalCount, … }, juso: [{ roadAddrPart1, jibunAddr, zipNo,
// bdNm, … }] } }; errorCode "0" is success. The patient can always type an address instead, so a keyword the vendor
// finds too vague is an empty list, and an outage is ADDRESS_SEARCH_UNAVAILABLE (503), never a stack trace.
import type { Address } from '@auto-claim/contract';
import { AppError } from '../../http/problem.js';
import type { Checkable, ProviderCheck } from '../check.js';
import type { AddressProvider } from './types.js';

export interface JusoOptions {
  /** The approval key (승인키) issued for this service. */
  confmKey: string;
  /** https://business.juso.go.kr by default; tests and staging point it at a local double. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface JusoAnswer {
  results?: {
    common?: { errorCode?: string; errorMessage?: string; totalCount?: string };
    juso?: { roadAddrPart1?: string; roadAddr?: string; jibunAddr?: string; zipNo?: string; bdNm?: string }[] | null;
  };
}

/** Codes the vendor gives a keyword it will not search (too short, only special characters, too vague). */
const KEYWORD_ERRORS = new Set(['E0005', 'E0006', 'E0008', 'E0009', 'E0010', 'E0011', 'E0012', 'E0013', 'E0014']);

const unavailable = () =>
  new AppError('ADDRESS_SEARCH_UNAVAILABLE', '주소 검색이 잠시 안 돼요. 주소를 직접 입력해 주세요.');

export function jusoAddress(opts: JusoOptions): AddressProvider & Checkable {
  const call = opts.fetch ?? fetch;
  const provider: AddressProvider & Checkable = {
    name: 'juso',
    // The approval key: one search of a public building (a read; nothing about a patient is sent).
    async check(): Promise<ProviderCheck[]> {
      try {
        const { total } = await provider.search('세종대로 110', 1);
        return [{ kind: 'address', vendor: 'juso', ok: true, detail: `approval key accepted (${total} found)` }];
      } catch {
        return [
          {
            kind: 'address',
            vendor: 'juso',
            ok: false,
            detail: 'the approval key was refused, or the API cannot be reached',
          },
        ];
      }
    },
    async search(keyword, limit) {
      const url = new URL('/addrlink/addrLinkApi.do', opts.baseUrl);
      url.search = new URLSearchParams({
        confmKey: opts.confmKey,
        currentPage: '1',
        countPerPage: String(Math.min(Math.max(limit, 1), 100)),
        keyword,
        resultType: 'json',
      }).toString();
      let answer: JusoAnswer;
      try {
        const res = await call(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 5_000) });
        if (!res.ok) throw new Error(`juso answered ${res.status}`);
        answer = (await res.json()) as JusoAnswer;
      } catch {
        throw unavailable();
      }
      const common = answer.results?.common;
      if (!common || typeof common.errorCode !== 'string') throw unavailable();
      if (KEYWORD_ERRORS.has(common.errorCode)) return { list: [], total: 0 };
      if (common.errorCode !== '0') throw unavailable();
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
