// The console's own calls through app.inject(): who is signed in, and the paged lists every screen is built on
// (never more than 100 rows; paging, sorting and filters in SQL; a refusal in Korean naming the field).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_API } from '@auto-claim/contract';
import { OPS_API } from '@auto-claim/contract/ops';
import { build, problemOf, signInOperator, type TestApp } from '../../helper.js';

let t: TestApp;
let ops: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await build();
  ops = await signInOperator(t, 'operator');
  // Three held records of two hospitals (whose they are is in doubt), straight into the claims module's table.
  for (const [i, hospitalCd, outcome] of [
    [1, '90000001', 'identity_mismatch'],
    [2, '90000001', 'not_patients'],
    [3, '90000002', 'identity_mismatch'],
  ] as const) {
    await t.db.db
      .insertInto('treatmentRecord')
      .values({
        hospitalCd,
        receiptNo: `HELD-${i}`,
        contentHash: `held-${i}`,
        personEnc: t.app.ctx.crypto.encryptJson({ name: '김보류', birthDate: '19800101' }),
        detailEnc: t.app.ctx.crypto.encryptJson({ department: '내과', kcdCodes: [] }),
        visitDate: `2026060${i}`,
        visitType: '외래',
        coveredCopay: 1000,
        uncovered: 0,
        totalPaid: 1000,
        insuApplyId: null,
        outcome,
        receivedAt: new Date(Date.UTC(2026, 5, i)),
        decidedAt: null,
      })
      .execute();
  }
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: ops.headers });

describe('GET /api/admin/me', () => {
  it('says who is signed in, with the role and when the session ends', async () => {
    const res = await get(OPS_API.me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ loginId: ops.loginId, role: 'operator' });
  });
});

describe('a console list', () => {
  it('pages, sorts and filters on the server, with the total the filters match', async () => {
    const page1 = await get(`${OPERATOR_API.heldRecords}?size=2&sort=visitDate&order=asc`);
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ total: 3, list: [{ receiptNo: 'HELD-1' }, { receiptNo: 'HELD-2' }] });
    const next = (page1.json() as { nextCursor: string }).nextCursor;
    const page2 = await get(`${OPERATOR_API.heldRecords}?size=2&cursor=${next}&sort=visitDate&order=asc`);
    expect(page2.json()).toEqual(
      expect.objectContaining({ total: 3, list: [expect.objectContaining({ receiptNo: 'HELD-3' })], nextCursor: null }),
    );
    const filtered = await get(`${OPERATOR_API.heldRecords}?hospitalCd=90000001&reason=not_patients`);
    expect(filtered.json()).toMatchObject({ total: 1, list: [{ receiptNo: 'HELD-2', reason: 'not_patients' }] });
  });

  it('refuses more than 100 rows at once, in Korean, naming the field', async () => {
    const res = await get(`${OPERATOR_API.heldRecords}?size=101`);
    expect(res.statusCode).toBe(400);
    expect(problemOf(res).errors).toEqual([{ field: 'size', message: '한 번에 100건까지 볼 수 있어요.' }]);
  });

  it('refuses a sort it does not have and a malformed filter', async () => {
    expect((await get(`${OPERATOR_API.heldRecords}?sort=ciHmac`)).statusCode).toBe(400);
    const res = await get(`${OPERATOR_API.heldRecords}?hospitalCd=12`);
    expect(problemOf(res).errors?.[0]).toMatchObject({ field: 'hospitalCd', message: '병원 코드는 숫자 8자리예요.' });
  });
});
