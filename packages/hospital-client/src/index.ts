// A typed client of the hospitals' API (README "Hospital API"), generated from the document the server serves at
// /hospital/openapi.json: the operations tagged `hospital` only, never the console's, the sandbox's or the patient
// app's (schema.ts: `npm run api:client` writes it, and CI fails when it no longer matches the document). Hospitals'
// EMR vendors use it, or generate their own the same way (docs/hospital-integration.md); our engine benchmark feeds
// records through it, so the document is proven by use.
import createClient from 'openapi-fetch';
import { HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import type { components, paths } from './schema.js';

export type { components, operations, paths } from './schema.js';

/** The problem answer (RFC 9457) every refusal carries: its `code` is stable, its `detail` Korean. */
export type Problem = components['schemas']['Problem'];

/** A client that sends the hospital's API key with every call; `fetch` may be replaced (tests, a proxy, a retry). */
export function createHospitalClient(opts: { baseUrl: string; apiKey: string; fetch?: typeof fetch }) {
  const client = createClient<paths>({ baseUrl: opts.baseUrl, ...(opts.fetch ? { fetch: opts.fetch } : {}) });
  client.use({
    onRequest({ request }) {
      request.headers.set(HOSPITAL_KEY_HEADER, opts.apiKey);
      return request;
    },
  });
  return client;
}

export type TreatmentRecord =
  paths['/hospital/api/v1/treatments']['post']['requestBody']['content']['application/json']['records'][number];
