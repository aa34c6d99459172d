// A local double of POST /hospital/fhir/r4/Bundle, exactly as the server's contract says (README "EMR vendors"):
// the hospital key in x-hospital-api-key (401 otherwise), 201 for a new bundle, 200 for the same bundle again
// (idempotent on Bundle.identifier), 422 with an OperationOutcome naming each element for a refused one, 429 with
// Retry-After and 5xx when told to. It counts what it saw: the kit's tests assert on it, and a test against the real
// app asserts the same.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Bundle, OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';

export interface Planned {
  status: number;
  headers?: Record<string, string>;
}

export interface FhirDouble {
  url: string;
  /** Every POST that reached the route, in order, by its bundle identifier. */
  posts: string[];
  /** Identifier → how many times it was stored (201): a receipt stored twice is a double. */
  stored: Map<string, number>;
  /** Reposts answered 200 as the same bundle. */
  idempotent: string[];
  /** Answers to give before the contract's own, one per POST (503, 429 with Retry-After …). */
  plan: Planned[];
  /** Identifier → the issues to refuse it with (422). */
  refuse: Map<string, { expression: string; text: string }[]>;
  /** Waits before each answer, after the bundle is stored (a slow server: the outcome of a killed send is unknown). */
  delayMs: number;
  /** Resolves when the n-th POST (1-based) has arrived. */
  nthPost(n: number): Promise<void>;
  close(): Promise<void>;
}

const outcome = (
  issues: {
    severity?: 'error' | 'information';
    code: OperationOutcomeIssue['code'];
    expression?: string;
    text: string;
  }[],
): OperationOutcome => ({
  resourceType: 'OperationOutcome',
  issue: issues.map((i) => ({
    severity: i.severity ?? 'error',
    code: i.code,
    ...(i.expression ? { expression: [i.expression] } : {}),
    details: { text: i.text },
  })),
});

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFhirDouble(apiKey: string): Promise<FhirDouble> {
  const waiters: { n: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const answer = (status: number, o: OperationOutcome, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/fhir+json', ...headers });
        res.end(JSON.stringify(o));
      };
      if (req.method !== 'POST' || req.url !== HOSPITAL_API.fhirBundle)
        return answer(404, outcome([{ code: 'not-found', text: '찾을 수 없어요.' }]));
      const text = await body(req);
      if (req.headers[HOSPITAL_KEY_HEADER] !== apiKey)
        return answer(401, outcome([{ code: 'security', text: 'API 키가 맞지 않아요.' }]));
      let bundle: Bundle;
      try {
        bundle = JSON.parse(text) as Bundle;
      } catch {
        return answer(400, outcome([{ code: 'structure', text: 'JSON이 아니에요.' }]));
      }
      const id = `${bundle.identifier?.system}|${bundle.identifier?.value}`;
      double.posts.push(id);
      for (const w of waiters.filter((w) => w.n <= double.posts.length)) w.resolve();
      const planned = double.plan.shift();
      if (planned)
        return answer(
          planned.status,
          outcome([{ code: planned.status === 429 ? 'throttled' : 'transient', text: '잠시 후 다시 보내 주세요.' }]),
          planned.headers,
        );
      const refusal = double.refuse.get(bundle.identifier?.value ?? '');
      if (refusal)
        return answer(
          422,
          outcome(refusal.map((r) => ({ code: 'invariant', expression: r.expression, text: r.text }))),
        );
      const again = double.stored.has(id);
      if (again) double.idempotent.push(id);
      else double.stored.set(id, 1);
      if (double.delayMs) await new Promise((r) => setTimeout(r, double.delayMs));
      answer(
        again ? 200 : 201,
        outcome([
          { severity: 'information', code: 'informational', text: again ? '이미 받은 번들이에요.' : '접수했어요.' },
        ]),
      );
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const double: FhirDouble = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posts: [],
    stored: new Map(),
    idempotent: [],
    plan: [],
    refuse: new Map(),
    delayMs: 0,
    nthPost: (n) =>
      new Promise<void>((resolve) => {
        if (double.posts.length >= n) resolve();
        else waiters.push({ n, resolve });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return double;
}
