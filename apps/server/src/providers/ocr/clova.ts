// ID-card OCR through NAVER CLOVA OCR's ID-card (신분증) API (no SDK exists: plain HTTPS). One POST to the domain's
// invoke URL with the secret in X-OCR-SECRET and { version: 'V2', requestId, timestamp, images: [{ format, name, data
// (base64) }] }; the answer's images[0].idCard.result holds ic (주민등록증), dl (운전면허증), pp (여권) or ac (외국인등록증), each field a
// list of { text, formatted }. We keep the fields spec §3 uses, for the type the patient chose; the patient confirms
// every one. Anything the vendor cannot or will not read is an empty result: the patient types the fields. Errors are
// { code, message } with CLOVA's own 4-digit code (0001 URL invalid, 0002 secret, 0011 body invalid …: NAVER Cloud
// API reference, CLOVA OCR 공통 응답 상태 코드); docs/providers/clova-ocr.md says what was read where.
import { randomUUID } from 'node:crypto';
import type { Checkable, ProviderCheck } from '../check.js';
import type { OcrFields, OcrProvider } from './types.js';

export interface ClovaOcrOptions {
  /** The domain's invoke URL (…/custom/v1/<id>/<hash>/document/id-card). */
  invokeUrl: string;
  secret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Told why nothing was read (status, vendor code), never what the image says. */
  onFailure?: (reason: string) => void;
}

interface Field {
  text?: string;
  formatted?: { value?: string; year?: string; month?: string; day?: string };
}
type Fields = Record<string, Field[] | undefined>;
interface ClovaAnswer {
  images?: { inferResult?: string; message?: string; idCard?: { result?: Record<string, Fields | undefined> } }[];
}

const text = (f: Fields | undefined, key: string) => f?.[key]?.[0]?.formatted?.value || f?.[key]?.[0]?.text || '';
/** A date field as YYYYMMDD, from its formatted parts or the digits of its text. */
function date(f: Fields | undefined, key: string) {
  const d = f?.[key]?.[0];
  const parts = d?.formatted;
  if (parts?.year && parts.month && parts.day) {
    return `${parts.year}${parts.month.padStart(2, '0')}${parts.day.padStart(2, '0')}`;
  }
  const digits = (d?.text ?? '').replace(/\D/g, '');
  return digits.length === 8 ? digits : '';
}
const compact = (o: OcrFields): OcrFields => Object.fromEntries(Object.entries(o).filter(([, v]) => v)) as OcrFields;

/** CLOVA's error body: its own code beside the HTTP status. */
async function vendorCode(res: Response) {
  const body = (await res.json().catch(() => undefined)) as { code?: unknown } | undefined;
  return typeof body?.code === 'string' ? body.code : undefined;
}

export function clovaOcr(opts: ClovaOcrOptions): OcrProvider & Checkable {
  const call = opts.fetch ?? fetch;
  // One image in the body the ID-card domain documents (version V2, a request id, the image as base64).
  const post = (image: { format: string; name: string; data: Buffer }) =>
    call(opts.invokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ocr-secret': opts.secret },
      body: JSON.stringify({
        version: 'V2',
        requestId: randomUUID(),
        timestamp: Date.now(),
        images: [{ format: image.format, name: image.name, data: image.data.toString('base64') }],
      }),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
  const fail = (reason: string): OcrFields => {
    opts.onFailure?.(reason);
    return {};
  };
  return {
    name: 'clova',
    async readIdCard(image, idcardType) {
      const format = image[0] === 0x89 ? 'png' : 'jpg';
      let answer: ClovaAnswer;
      try {
        const res = await post({ format, name: 'idcard', data: image });
        if (!res.ok) {
          const code = await vendorCode(res);
          return fail(`http ${res.status}${code ? ` ${code}` : ''}`);
        }
        answer = (await res.json()) as ClovaAnswer;
      } catch (e) {
        return fail(e instanceof Error && e.name === 'TimeoutError' ? 'timeout' : 'unreadable answer');
      }
      const first = answer.images?.[0];
      if (!first || first.inferResult !== 'SUCCESS') return fail(`inferResult ${first?.inferResult ?? 'missing'}`);
      // A 영주증 has no model of its own: CLOVA's ID-card model answers it as a 외국인등록증 (ac), the card it is.
      const r = first.idCard?.result?.[idcardType === 'pr' ? 'ac' : idcardType];
      if (!r) return {};
      if (idcardType === 'ac' || idcardType === 'pr') {
        // The 외국인등록증 result: `name` is the Latin name as the card prints it; `alienRegNum` (the number) is not
        // read, as the 주민등록증's `personalNum` is not: she types it (docs/providers/clova-ocr.md).
        return compact({ userNm: text(r, 'name'), idcardIssueDate: date(r, 'issueDate') });
      }
      if (idcardType === 'ic') {
        return compact({
          userNm: text(r, 'name'),
          idcardIssueDate: date(r, 'issueDate'),
          idcardIssueOrg: text(r, 'authority'),
        });
      }
      if (idcardType === 'dl') {
        return compact({
          userNm: text(r, 'name'),
          regNo: text(r, 'num').replace(/\D/g, ''),
          checkCd: text(r, 'code').replace(/\s/g, ''),
          idcardIssueDate: date(r, 'issueDate'),
        });
      }
      // The passport's Korean name is `fullNameKor` (the romanised one is surName/givenName); `name` is the
      // 주민등록증's and 운전면허증's field, read only if an answer carries no fullNameKor.
      return compact({
        userNm: text(r, 'fullNameKor') || text(r, 'name'),
        regNo: text(r, 'num').replace(/\s/g, '').toUpperCase(),
        idcardIssueDate: date(r, 'issueDate'),
      });
    },
    // The secret and the invoke URL without a billed reading: a request with no image. CLOVA checks the URL (400 0001)
    // and the secret (401 0002) before the body, so its 400 0011 (request body invalid) proves both, and nothing
    // was read.
    async check(): Promise<ProviderCheck[]> {
      const line = (ok: boolean, detail: string) => [{ kind: 'ocr', vendor: 'clova', ok, detail }];
      try {
        const res = await call(opts.invokeUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-ocr-secret': opts.secret },
          body: JSON.stringify({ version: 'V2', requestId: randomUUID(), timestamp: Date.now(), images: [] }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
        const code = res.ok ? undefined : await vendorCode(res);
        if (code === '0011') return line(true, 'secret and invoke URL accepted (no image sent, nothing read)');
        if (code === '0002') return line(false, `the secret was refused (HTTP ${res.status} ${code})`);
        if (code === '0001') return line(false, `CLOVA_OCR_URL is not an invoke URL (HTTP ${res.status} ${code})`);
        return line(false, `unexpected answer to an empty request: HTTP ${res.status}${code ? ` ${code}` : ''}`);
      } catch (e) {
        return line(false, e instanceof Error && e.name === 'TimeoutError' ? 'timed out' : 'unreachable or unreadable');
      }
    },
  };
}
