// The package is the hospitals' API only (README "Hospital API"): the generated schema names every hospital call and
// none of the console's (/api/admin) or the sandbox's. The server's side (every route a hospital's key opens is in
// the document served at /hospital/openapi.json) is apps/server/test/modules/claims/hospital-client.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { HOSPITAL_API } from '@auto-claim/contract';
import type { paths } from './index.js';

/** The paths the generated schema declares, read from its text (openapi-typescript writes one key a line). */
const schemaPaths = () => {
  const text = readFileSync(new URL('./schema.ts', import.meta.url), 'utf8');
  const block = text.slice(text.indexOf('export interface paths {'), text.indexOf('\nexport type webhooks'));
  return [...block.matchAll(/^ {2}'(\/[^']*)': \{$/gm)].map((m) => m[1]!);
};

describe('the hospital client', () => {
  it('lists every hospital call and no console or sandbox path', () => {
    const listed = schemaPaths();
    // A path with a parameter as the document writes it: …/{requestId}/….
    const documented = Object.values(HOSPITAL_API).map((p) =>
      typeof p === 'function' ? p(':requestId').replace(/:(\w+)/g, '{$1}') : p,
    );
    expect(listed).toEqual(expect.arrayContaining(documented));
    expect(listed.filter((p) => /^\/(api\/admin|sandbox)(\/|$)/.test(p))).toEqual([]);
    // The compiler holds the same for whoever uses the client.
    expectTypeOf<Extract<keyof paths, `/api/admin${string}` | `/sandbox${string}`>>().toEqualTypeOf<never>();
    expectTypeOf<Exclude<(typeof HOSPITAL_API)[keyof typeof HOSPITAL_API], (id: string) => string>>().toExtend<
      keyof paths
    >();
    expectTypeOf<'/hospital/api/v1/document-requests/{requestId}/document'>().toExtend<keyof paths>();
  });
});
