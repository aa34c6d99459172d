// The hospital feed refuses text no record may carry (packages/contract formats.ts, isSafeText): NUL and other control
// characters, lone surrogates, invalid UTF-8, bidirectional overrides, in the patient's name, the CI and the
// department. Each refusal is a 400 naming the field in Korean, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSPITAL_API, HOSPITAL_KEY_HEADER } from '@auto-claim/contract';
import { createSubscriber, treatmentRecord, type Subscriber } from '../../../fixtures/factories.js';
import { build, problemOf, testClock, type TestApp } from '../../helper.js';

const clock = testClock(new Date('2026-06-15T03:00:00Z'));
const DEMO_KEY = { [HOSPITAL_KEY_HEADER]: 'sandbox-90000001' };
let t: TestApp;
let who: Subscriber;

beforeAll(async () => {
  t = await build({ clock });
  who = await createSubscriber(t.app.ctx);
});
afterAll(() => t.close());

const feedJson = (json: string | Buffer) =>
  t.app.inject({
    method: 'POST',
    url: HOSPITAL_API.treatments,
    headers: { ...DEMO_KEY, 'content-type': 'application/json' },
    payload: json,
  });
const stored = async () =>
  Number(
    (
      await t.db.db
        .selectFrom('treatmentRecord')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('text the hospital feed refuses', () => {
  const cases: [string, (r: ReturnType<typeof treatmentRecord>) => object, string, string][] = [
    [
      'NUL in the name',
      (r) => ({ ...r, patient: { ...r.patient, name: '홍\u0000길동' } }),
      'patient.name',
      '환자 이름',
    ],
    [
      'a lone surrogate in the name',
      (r) => ({ ...r, patient: { ...r.patient, name: '홍길\ud800동' } }),
      'patient.name',
      '환자 이름',
    ],
    [
      'a C0 control in the name',
      (r) => ({ ...r, patient: { ...r.patient, name: '홍길동\u001b[2J' } }),
      'patient.name',
      '환자 이름',
    ],
    [
      'a C1 control in the name',
      (r) => ({ ...r, patient: { ...r.patient, name: '홍길\u0085동' } }),
      'patient.name',
      '환자 이름',
    ],
    [
      'a right-to-left override in the name',
      (r) => ({ ...r, patient: { ...r.patient, name: '홍\u202e동길' } }),
      'patient.name',
      '환자 이름',
    ],
    [
      'the replacement character in the name',
      (r) => ({ ...r, patient: { ...r.patient, name: '홍\ufffd동' } }),
      'patient.name',
      '환자 이름',
    ],
    ['NUL in the CI', (r) => ({ ...r, patient: { ...r.patient, ci: `${who.ci}\u0000` } }), 'patient.ci', 'CI'],
    ['a newline in the department', (r) => ({ ...r, department: '내과\n정형외과' }), 'department', '진료과'],
    ['NUL in the department', (r) => ({ ...r, department: '내과\u0000' }), 'department', '진료과'],
  ];

  it.each(cases)('%s: a 400 naming the field in Korean, nothing stored', async (_name, spoil, field, label) => {
    const before = await stored();
    // JSON.stringify writes a lone surrogate as the escape \ud800, as a hospital system's encoder would.
    const res = await feedJson(JSON.stringify({ records: [spoil(treatmentRecord(who))] }));
    const p = problemOf(res);
    expect(p.status).toBe(400);
    const error = p.errors!.find((e) => e.field === `records.0.${field}`);
    expect(error, JSON.stringify(p.errors)).toBeDefined();
    expect(error!.message).toContain(`${label}에 쓸 수 없는 글자`);
    expect(await stored()).toBe(before);
  });

  it('invalid UTF-8 bytes in the name: a 400 naming the field, nothing stored', async () => {
    const before = await stored();
    const json = JSON.stringify({ records: [treatmentRecord(who, { receiptNo: 'BAD-UTF8' })] });
    const [head, tail] = json.split(who.userNm) as [string, string];
    // 0xC3 0x28 is not UTF-8: a lead byte followed by an ASCII byte.
    const bytes = Buffer.concat([Buffer.from(head), Buffer.from([0xc3, 0x28]), Buffer.from('동'), Buffer.from(tail)]);
    const res = await feedJson(bytes);
    const p = problemOf(res);
    expect(p.status).toBe(400);
    expect(p.errors!.map((e) => e.field)).toContain('records.0.patient.name');
    expect(await stored()).toBe(before);
  });

  it('takes names as people have them: spaces, Latin letters, a middle dot, a hyphen', async () => {
    for (const [i, name] of ['남궁 민수', 'JOHN SMITH', 'Nguyễn Văn An', '김·이', 'Anne-Marie'].entries()) {
      const r = treatmentRecord({ ...who, userNm: name }, { receiptNo: `NAME-OK-${i}` });
      const res = await feedJson(JSON.stringify({ records: [r] }));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    }
  });
});
