// The console's keyset cursors (contract ops/page.ts, db/page.ts) written by hand: a cursor is text the caller sends
// back, so one may be well formed and still carry a key its sort's column cannot hold (docs/security.md, "A stranger's
// text"). Every list paged by key answers such a cursor with a 400 naming `cursor`, in Korean, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_API } from '@auto-claim/contract';
import {
  CURSOR_MESSAGE,
  OPS_CHILD_API,
  OPS_CLAIMS_API,
  OPS_HOSPITALS_API,
  encodeCursor,
} from '@auto-claim/contract/ops';
import { build, problemOf, signInOperator, type TestApp } from '../helper.js';

let t: TestApp;
let ops: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await build();
  ops = await signInOperator(t, 'operator');
});
afterAll(() => t?.close());

/** A cursor the contract takes (sort, order, key and id as text), with a key of the wrong type for the sort. */
const handMade = (k: string, s = '', i = '1') => encodeCursor({ s, o: 'desc', k, i });
const person = { name: '홍길동' };

/**
 * Every console list paged by key, with the cursor. The subscribers to ask again (keyed by text) read no cursor while
 * no term needs asking: modules/terms/console.test.ts sends them one where they do.
 */
const LISTS: { name: string; call: (cursor: string) => ReturnType<typeof get> }[] = [
  { name: 'claims', call: (c) => get(`${OPS_CLAIMS_API.claims}?cursor=${c}`) },
  { name: 'claims by amount', call: (c) => get(`${OPS_CLAIMS_API.claims}?sort=amount&cursor=${c}`) },
  { name: 'claims searched by person', call: (c) => post(OPS_CLAIMS_API.claimsSearch, { ...person, cursor: c }) },
  { name: 'dead letters', call: (c) => get(`${OPERATOR_API.deadLetters}?cursor=${c}`) },
  { name: 'held records', call: (c) => get(`${OPERATOR_API.heldRecords}?cursor=${c}`) },
  { name: 'operator actions', call: (c) => get(`${OPS_CLAIMS_API.operatorActions}?cursor=${c}`) },
  { name: 'patient access', call: (c) => get(`${OPS_CLAIMS_API.patientAccess}?cursor=${c}`) },
  {
    name: 'patient access searched by person',
    call: (c) => post(OPS_CLAIMS_API.patientAccessSearch, { ...person, cursor: c }),
  },
  { name: 'relation documents', call: (c) => get(`${OPS_CHILD_API.relationDocuments}?cursor=${c}`) },
  { name: 'insured disputes', call: (c) => get(`${OPS_CHILD_API.insuredDisputes}?cursor=${c}`) },
  { name: 'feed rejections', call: (c) => get(`${OPS_HOSPITALS_API.rejections('90000001')}?cursor=${c}`) },
];
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: ops.headers });
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: ops.headers, payload });

describe('a well-formed cursor with a key of the wrong type', () => {
  for (const list of LISTS) {
    it(`${list.name}: 400 naming cursor, in Korean, never a 500`, async () => {
      const sort = list.name === 'claims by amount' ? 'amount' : '';
      for (const k of ['not-a-time', '2026-13-45T99:00:00Z', '9'.repeat(30)]) {
        const res = await list.call(handMade(k, sort));
        expect(res.statusCode, k).toBe(400);
        expect(problemOf(res), k).toMatchObject({
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'cursor', message: CURSOR_MESSAGE }],
        });
      }
    });
  }
});
