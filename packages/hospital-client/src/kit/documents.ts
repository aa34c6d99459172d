// The kit's answer to documents insurers ask of the hospital (README "Documents an insurer asks for"; fhir/ig/README.md,
// "EMR vendor kit"): `auto-claim-kit documents` polls the hospital's open requests (GET
// /hospital/api/v1/document-requests, page by page), writes each one as <dir>/requests/<requestId>.json for the EMR to
// see, finds its PDF — <dir>/answers/<requestId>.pdf, which the EMR writes, or what the vendor's hook command writes
// there when it is given — and sends it (POST …/{requestId}/document) with the sender's retries: no answer, 429 and
// 5xx again with backoff and jitter, never another 4xx. A PDF the server took (200), or a request already answered
// (409: an earlier run's answer whose outcome was lost), moves to <dir>/answered/ and its request file goes; a PDF the
// server refused (400, the field and the Korean reason printed) moves to <dir>/refused/ for the vendor to look at; a
// request no longer there (404) is forgotten. A request without its PDF yet waits for the next run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHospitalClient, type Problem } from '../index.js';
import type { paths } from '../schema.js';
import { backoffMs, retryAfterMs } from './send.js';

export type DocumentRequest =
  paths['/hospital/api/v1/document-requests']['get']['responses'][200]['content']['application/json']['requests'][number];

export interface DocumentsOptions {
  server: string;
  apiKey: string;
  /** The folder the EMR and the kit share: requests/, answers/, answered/, refused/. */
  dir: string;
  /**
   * A command that writes the asked PDF (a shell command line): run with AUTO_CLAIM_REQUEST_ID, AUTO_CLAIM_RECEIPT_NO,
   * AUTO_CLAIM_VISIT_DATE, AUTO_CLAIM_DOCUMENT (diagnosis, receipt_detail, prescription, admission_discharge) and
   * AUTO_CLAIM_OUTPUT (where to write it) in its environment. Exit 0 with the file written: sent; anything else: the
   * request waits for the next run.
   */
  hook?: string;
  fetch?: typeof fetch;
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  out?: (line: string) => void;
}

export interface DocumentsSummary {
  asked: number;
  sent: number;
  waiting: number;
  refused: number;
  /** Could not be sent this run (no answer, 5xx): the PDF stays in answers/ for the next run. */
  deferred: number;
}

const FOLDERS = ['requests', 'answers', 'answered', 'refused'] as const;

/** Writes a file whole or not at all (a temporary name, then a rename). */
function writeAtomic(file: string, text: string) {
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

export async function answerDocuments(o: DocumentsOptions): Promise<DocumentsSummary> {
  const out = o.out ?? ((l: string) => process.stdout.write(`${l}\n`));
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const policy = {
    baseDelayMs: o.baseDelayMs ?? 1000,
    maxDelayMs: o.maxDelayMs ?? 60_000,
    random: o.random ?? Math.random,
  };
  const folder = (f: (typeof FOLDERS)[number]) => path.join(o.dir, f);
  for (const f of FOLDERS) mkdirSync(folder(f), { recursive: true });
  const client = createHospitalClient({ baseUrl: o.server, apiKey: o.apiKey, ...(o.fetch ? { fetch: o.fetch } : {}) });
  const summary: DocumentsSummary = { asked: 0, sent: 0, waiting: 0, refused: 0, deferred: 0 };

  // Every open request, page by page.
  const requests: DocumentRequest[] = [];
  for (let after: string | undefined; ;) {
    let page;
    try {
      page = await client.GET('/hospital/api/v1/document-requests', {
        params: { query: { limit: 100, ...(after ? { after } : {}) } },
      });
    } catch {
      out(`서버(${o.server})에 연결하지 못했어요. 다음 실행에서 다시 받아요.`);
      summary.deferred++;
      return summary;
    }
    const { data, error, response } = page;
    if (!data) {
      const code = (error as Problem | undefined)?.code ?? '';
      out(
        response.status === 401
          ? 'API 키가 맞지 않아요 (401). 키 파일을 확인해 주세요.'
          : `요청 목록을 받지 못했어요 (${response.status} ${code}). 다음 실행에서 다시 받아요.`,
      );
      summary.deferred++;
      return summary;
    }
    requests.push(...data.requests);
    if (!data.next) break;
    after = data.next;
  }
  summary.asked = requests.length;

  for (const r of requests) {
    const label = `${r.requestId}  ${r.receiptNo}  ${r.documentNm}`;
    writeAtomic(path.join(folder('requests'), `${r.requestId}.json`), `${JSON.stringify(r, null, 2)}\n`);
    const pdfFile = path.join(folder('answers'), `${r.requestId}.pdf`);
    if (!existsSync(pdfFile) && o.hook) {
      const run = spawnSync(o.hook, {
        shell: true,
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: 60_000,
        env: {
          ...process.env,
          AUTO_CLAIM_REQUEST_ID: r.requestId,
          AUTO_CLAIM_RECEIPT_NO: r.receiptNo,
          AUTO_CLAIM_VISIT_DATE: r.visitDate,
          AUTO_CLAIM_DOCUMENT: r.document,
          AUTO_CLAIM_OUTPUT: pdfFile,
        },
      });
      if (run.status !== 0) out(`훅 실패    ${label}: 종료 코드 ${run.status ?? run.signal}. 다음 실행에서 다시 해요.`);
    }
    if (!existsSync(pdfFile)) {
      summary.waiting++;
      out(`PDF 기다림 ${label}: ${path.relative(o.dir, pdfFile)}에 PDF를 두면 다음 실행에서 보내요.`);
      continue;
    }
    const pdf = `data:application/pdf;base64,${readFileSync(pdfFile).toString('base64')}`;
    let outcome: 'sent' | 'refused' | 'gone' | 'deferred' = 'deferred';
    let why = '';
    for (let n = 0; n < (o.maxAttempts ?? 6); n++) {
      let status = 0;
      let problem: Problem | undefined;
      let retryAfter: number | undefined;
      try {
        const res = await client.POST('/hospital/api/v1/document-requests/{requestId}/document', {
          params: { path: { requestId: r.requestId } },
          body: { pdf },
        });
        status = res.response.status;
        problem = res.error as Problem | undefined;
        retryAfter = retryAfterMs(res.response.headers.get('retry-after'));
      } catch (err) {
        why = (err as Error).name === 'TimeoutError' ? '시간 초과' : '연결 실패';
      }
      if (status === 200 || status === 409) outcome = 'sent';
      else if (status === 404) outcome = 'gone';
      else if (status >= 400 && status < 500 && status !== 429) {
        outcome = 'refused';
        why = (problem?.errors ?? []).map((e) => `${e.field}: ${e.message}`).join(', ') || (problem?.detail ?? '');
      }
      if (outcome !== 'deferred') break;
      if (status) why = `HTTP ${status}`;
      await sleep(retryAfter ?? backoffMs(n, policy));
    }
    const requestFile = path.join(folder('requests'), `${r.requestId}.json`);
    if (outcome === 'sent') {
      renameSync(pdfFile, path.join(folder('answered'), `${r.requestId}.pdf`));
      rmSync(requestFile, { force: true });
      summary.sent++;
      out(`보냄      ${label}`);
    } else if (outcome === 'refused') {
      renameSync(pdfFile, path.join(folder('refused'), `${r.requestId}.pdf`));
      summary.refused++;
      out(`거절      ${label}: ${why}`);
    } else if (outcome === 'gone') {
      rmSync(requestFile, { force: true });
      out(`없는 요청 ${label}: 이미 처리된 요청이에요.`);
    } else {
      summary.deferred++;
      out(`미전송    ${label}: ${why}. 다음 실행에서 다시 보내요.`);
    }
  }
  out(
    `요청 ${summary.asked} · 보냄 ${summary.sent} · PDF 기다림 ${summary.waiting} · 거절 ${summary.refused} · 미전송 ${summary.deferred}`,
  );
  return summary;
}
