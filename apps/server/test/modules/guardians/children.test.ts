// A parent claims for a child (README "Children: a guardian claims for a child"), through app.inject() on PGlite or
// (DATABASE_URL) PostgreSQL: a mother enrols two children, uploads a relation document for each; the hospital's records
// for both are held; an operator confirms one and refuses the other; the confirmed child's record is claimed at her
// insurer and her mother gets one message naming her; each child's history is her own and nobody else's; one live
// subscription per insured resident number (a second guardian, the person herself: refused, a dispute for the
// operators); the age limit (만 19: visits from the birthday are not claimed, the notices, the grown child enrolling
// herself); the payout account's holder; the documents' guardian.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  CHILD_API,
  KAKAO_NOTI_TERMS_ID,
  type ChildrenAnswer,
  type ChildSubscription,
  type SubscriptionView,
  type TreatsAnswer,
} from '@auto-claim/contract';
import {
  OPERATOR_RELEASES_ALERT_AT,
  OPERATOR_RELEASES_PER_HOUR,
  OPS_CHILD_API,
  OPS_CLAIMS_API,
  type CursorPage,
  type InsuredDispute,
  type OpsClaimRow,
  type PatientAccessRow,
  type RelationDocumentDetail,
  type RelationDocumentsPage,
} from '@auto-claim/contract/ops';
import { adultNotices, hashGuardians } from '../../../src/modules/subscriptions/index.js';
import {
  childRegFor,
  dataUrl,
  images,
  personFields,
  regFor,
  relationUpload,
  type Child,
  type Images,
  type Verified,
} from '../../../fixtures/enrolment.js';
import { childVisit, sendRecords } from '../../../fixtures/factories.js';
import {
  build,
  noticesTo,
  personCalls,
  problemOf,
  signInOperator,
  type TestApp,
  testClock,
  verifyPatient,
  expectLog,
} from '../../helper.js';

// Monday 2026-06-15 12:00 KST.
const clock = testClock(new Date('2026-06-15T03:00:00Z'));
let t: TestApp;
let img: Images;
let ops: Record<string, string>;

beforeAll(async () => {
  img = await images();
  t = await build({ clock });
  await t.app.claimEngine.start();
  ops = (await signInOperator(t, 'operator', { loginId: 'relation-ops' })).headers;
}, 180_000);
afterAll(() => t?.close());

const as = personCalls(() => t);
const op = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: ops });

const 지민: Child = { userNm: '김지민', birthday: '20150301', sex: 'F', userIdno2: '4123451', guardianRel: 'mother' };
const 서아: Child = { userNm: '김서아', birthday: '20180720', sex: 'F', userIdno2: '4234561', guardianRel: 'mother' };

/** The child's reg: the verified guardian's person, ID and account (부모: 3), the child in `child`. */
const childReg = async (v: Verified, child: Child, o: Record<string, unknown> = {}) =>
  childRegFor(t, v, img, child, { optTerms: [KAKAO_NOTI_TERMS_ID], ...o });

async function enrolChild(v: Verified, child: Child, o: Record<string, unknown> = {}) {
  const res = await as(v, 'POST', API.subscriptions, await childReg(v, child, o));
  return res;
}
async function childrenOf(v: Verified) {
  const res = await as(v, 'GET', CHILD_API.children);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChildrenAnswer;
}
const rrnOf = (c: Child) => c.birthday.slice(2) + c.userIdno2;

const feed = (records: ReturnType<typeof childVisit>[]) => sendRecords(t.app, records);
/** The hospital's record naming the child (no CI of hers). */
const visitOf = (c: Child, visitDate = '20260612') => childVisit(c, { visitDate });
const recordRow = (id: number) =>
  t.db.db
    .selectFrom('treatmentRecord')
    .select(['outcome', 'insuApplyId'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const claimsOf = (id: number) =>
  t.db.db.selectFrom('claim').select(['id', 'insuCompCd', 'ciHmac']).where('recordId', '=', id).execute();
/** A tiny but real PDF (pdf-lib), as 정부24 would give one. */
async function pdfFile() {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  return Buffer.from(await doc.save());
}

let mother: Verified;
let 지민Id: string;
let 서아Id: string;
let 지민Record: number;
let 지민Record2: number;
let 서아Record: number;

describe('a mother enrols two children, each a subscription of her own', () => {
  it('answers 201 with the child as the insured person and her mother as guardian; the self case is untouched', async () => {
    mother = await verifyPatient(t, { custName: '박엄마', korRegId: '8505052' });
    const first = await enrolChild(mother, 지민);
    expect(first.statusCode, first.body).toBe(201);
    const view = (first.json() as SubscriptionView).subscription!;
    expect(view.userNm).toBe('김지민');
    expect(view.userIdnoMasked).toBe('150301-4******');
    expect(view.child).toEqual({
      guardianRel: 'mother',
      guardianNm: '박엄마',
      relationStatus: 'required',
      adultOn: '20340301',
    });
    지민Id = view.insuApplyId;
    // 서아's payout account is her own (1, her name); 지민이's her mother's (3).
    clock.advance(1000);
    const second = await enrolChild(mother, 서아, { bankAccountRel: '1', bankAccountHolder: '김서아' });
    expect(second.statusCode, second.body).toBe(201);
    서아Id = (second.json() as SubscriptionView).subscription!.insuApplyId;

    // Her own subscription, as the spec has it: none (she enrolled her children only).
    const own = await as(mother, 'GET', API.subscriptions);
    expect(own.json()).toEqual({ subscriptionStatus: 'none' });

    const kids = await childrenOf(mother);
    expect(kids.total).toBe(2);
    expect(kids.list.map((c) => [c.calledNm, c.relation.status, c.subsStatus, c.guardianRelNm])).toEqual([
      ['지민이', 'required', 'subscribe', '모'],
      ['서아', 'required', 'subscribe', '모'],
    ]);
    expect(kids.list.map((c) => c.bankAccountRel)).toEqual(['3', '1']);
  });

  it('keeps the child’s details encrypted: no name, RRN or phone in the row in clear', async () => {
    const row = await t.db.db
      .selectFrom('subscription')
      .selectAll()
      .where('insuApplyId', '=', 지민Id)
      .executeTakeFirstOrThrow();
    const text = JSON.stringify(row);
    for (const secret of ['김지민', '박엄마', rrnOf(지민), 지민.userIdno2, mother.person.custHp, mother.ci]) {
      expect(text).not.toContain(secret);
    }
    expect(row.guardianCiHmac).toBe(t.app.ctx.crypto.hmac('ci', mother.ci));
    expect(row.ciHmac).not.toBe(row.guardianCiHmac);
  });

  it('refuses a child aged 19 or more (the mother herself too), a digit that does not fit, and an account of anyone else', async () => {
    const adult = await enrolChild(mother, { ...지민, userNm: '김성인', birthday: '20070615', userIdno2: '4111111' });
    expect(adult.statusCode).toBe(422);
    expect(problemOf(adult)).toMatchObject({ code: 'CHILD_TOO_OLD', errors: [{ field: 'child.birthday' }] });
    const own = personFields(mother);
    const self = await enrolChild(mother, {
      ...지민,
      userNm: '박엄마',
      birthday: own.birthday,
      sex: 'F',
      userIdno2: own.userIdno2,
    });
    expect(self.statusCode).toBe(422);
    expect(problemOf(self).code).toBe('CHILD_TOO_OLD');
    const digit = await enrolChild(mother, { ...지민, userIdno2: '2123451' });
    expect(problemOf(digit)).toMatchObject({ status: 400, errors: [{ field: 'child.userIdno2' }] });
    const uncle = await enrolChild(mother, { ...지민, userIdno2: '4999991' }, { bankAccountRel: '9' });
    expect(problemOf(uncle)).toMatchObject({ status: 400, errors: [{ field: 'bankAccountRel' }] });
    const childAccount = await enrolChild(
      mother,
      { ...지민, userIdno2: '4999991' },
      { bankAccountRel: '1', bankAccountHolder: '박엄마' },
    );
    expect(problemOf(childAccount)).toMatchObject({ status: 400, errors: [{ field: 'bankAccountHolder' }] });
    expect((await childrenOf(mother)).total).toBe(2);
  });

  it('names the child as the patient and the mother as 법정대리인 in the 위임장 and 동의서 (stored and previewed)', async () => {
    const stored = await as(mother, 'POST', API.documentCommission, { insuApplyId: 지민Id });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.headers['content-type']).toBe('application/pdf');
    const { legalForm, legalFormData } = await import('@auto-claim/contract');
    const form = legalForm(
      'agree',
      legalFormData({
        person: { userNm: '김지민', birthday: '20150301', userIdno2: '4123451', userTel: '01000000000' },
        hospitals: [],
        insurers: [],
        retroMonth: 0,
        contractStartDate: '20260615',
        contractEndDate: '20270614',
        guardian: { userNm: '박엄마', birthday: '19850505', userTel: '01000000000', guardianRel: 'mother' },
      }),
    );
    expect(form.signer).toEqual({ role: '동의인(환자 김지민의 법정대리인, 모)', name: '박엄마' });
    expect(form.sections[1]!.rows).toContainEqual(['환자와의 관계', '모 (법정대리인)']);
    const preview = await as(mother, 'POST', API.documentAgree, {
      hospitalCd: '90000001',
      insuCompCd: 'SAMSUNGFIRE',
      child: 서아,
    });
    expect(preview.statusCode, preview.body).toBe(200);
  });
});

describe('the relation document, and the records held until an operator confirms it', () => {
  it('refuses an old issue date, a file that is not a PDF or photo, and someone else’s child, changing nothing', async () => {
    const pdf = await pdfFile();
    const old = await as(
      mother,
      'POST',
      CHILD_API.relationDocument(지민Id),
      relationUpload(dataUrl('application/pdf', pdf), { issueDate: '20260301' }),
    );
    expect(old.statusCode).toBe(400);
    expect(problemOf(old).errors).toEqual([{ field: 'issueDate', message: expect.stringContaining('3개월') }]);
    const fake = await as(
      mother,
      'POST',
      CHILD_API.relationDocument(지민Id),
      relationUpload(dataUrl('application/pdf', Buffer.from('not a pdf at all'))),
    );
    expect(problemOf(fake)).toMatchObject({ status: 400, errors: [{ field: 'file' }] });
    const stranger = await verifyPatient(t, { custName: '최남남', korRegId: '8001011' });
    const foreign = await as(
      stranger,
      'POST',
      CHILD_API.relationDocument(지민Id),
      relationUpload(dataUrl('application/pdf', pdf)),
    );
    expect(foreign.statusCode).toBe(404);
    expect(problemOf(foreign).code).toBe('CHILD_NOT_FOUND');
    expect(await t.db.db.selectFrom('relationDocument').select('id').execute()).toEqual([]);
  });

  it('keeps a photo re-encoded and a PDF as sent, both encrypted in the blob store; each child is then pending', async () => {
    const photo = await as(
      mother,
      'POST',
      CHILD_API.relationDocument(지민Id),
      relationUpload(dataUrl('image/jpeg', img.photo)),
    );
    expect(photo.statusCode, photo.body).toBe(200);
    expect((photo.json() as ChildSubscription).relation).toMatchObject({
      status: 'pending',
      docType: 'family',
      issueDate: '20260601',
    });
    const pdf = await pdfFile();
    const sent = await as(
      mother,
      'POST',
      CHILD_API.relationDocument(서아Id),
      relationUpload(dataUrl('application/pdf', pdf), { docType: 'resident' }),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const rows = await t.db.db.selectFrom('relationDocument').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.insuApplyId, r.contentType, r.status])).toEqual([
      [지민Id, 'image/jpeg', 'pending'],
      [서아Id, 'application/pdf', 'pending'],
    ]);
    expect(Buffer.from(await t.app.ctx.blobs.get(rows[1]!.fileBlobId!)).equals(pdf)).toBe(true);
  });

  it('holds each child’s record (never claimed, shown or told) while her relation is not confirmed', async () => {
    [지민Record = 0, 서아Record = 0] = await feed([visitOf(지민), visitOf(서아)]);
    for (const id of [지민Record, 서아Record]) {
      expect((await recordRow(id)).outcome).toBe('relation_unconfirmed');
      expect(await claimsOf(id)).toEqual([]);
    }
    // Nothing but the confirmations of her enrolments (modules/subscriptions/enrol-notice.ts).
    expect(
      (await noticesTo(t, mother.person.custHp)).filter((m) => !m.body.includes('자동청구 신청을 받았어요')),
    ).toEqual([]);
    const history = (await as(mother, 'GET', `${API.treats}?insuApplyId=${지민Id}`)).json() as TreatsAnswer;
    expect(history.list).toEqual([]);
  });

  it('lists the queue masked, by key; opens a document with the names in full and the file, recording the look', async () => {
    const page = (
      await op('GET', `${OPS_CHILD_API.relationDocuments}?order=asc&size=1`)
    ).json() as RelationDocumentsPage;
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({ insuApplyId: 지민Id, childNmMasked: '김*민', guardianNmMasked: '박*마' });
    expect(page.nextCursor).not.toBeNull();
    const next = (
      await op('GET', `${OPS_CHILD_API.relationDocuments}?order=asc&size=1&cursor=${page.nextCursor}`)
    ).json() as RelationDocumentsPage;
    expect(next.list.map((r) => r.insuApplyId)).toEqual([서아Id]);

    const docId = page.list[0]!.docId;
    const detail = (await op('GET', OPS_CHILD_API.relationDocument(docId))).json() as RelationDocumentDetail;
    expect(detail.child).toEqual({ userNm: '김지민', birthday: '20150301', sex: 'F', rrnMasked: '150301-4******' });
    expect(detail.guardian).toEqual({ userNm: '박엄마', birthday: '19850505', guardianRelNm: '모' });
    const file = await op('GET', OPS_CHILD_API.relationDocumentFile(docId));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    expect(file.headers['content-security-policy']).toMatch(/^sandbox/);
    const viewer = await signInOperator(t, 'viewer');
    const refused = await t.app.inject({
      method: 'GET',
      url: OPS_CHILD_API.relationDocument(docId),
      headers: viewer.headers,
    });
    expect(refused.statusCode).toBe(403);
    const actions = await t.db.db
      .selectFrom('operatorAction')
      .select(['action', 'loginId'])
      .where('action', '=', 'relation_document_viewed')
      .execute();
    expect(actions.length).toBe(2);
  });

  it('holds one operator to the release budget: 80 openings in one burst show at most OPERATOR_RELEASES_PER_HOUR documents', async () => {
    // 30 more documents to open (copies of 지민's, taken out again after), as a family register each.
    const [original] = await t.db.db
      .selectFrom('relationDocument')
      .selectAll()
      .where('insuApplyId', '=', 지민Id)
      .orderBy('id')
      .limit(1)
      .execute();
    const { id: _id, ...row } = original!;
    const copies = (
      await t.db.db
        .insertInto('relationDocument')
        .values(Array.from({ length: 30 }, () => ({ ...row, status: 'refused' as const })))
        .returning('id')
        .execute()
    ).map((r) => Number(r.id));
    const bulk = await signInOperator(t, 'operator', { loginId: 'relation-bulk' });
    // One alert per new release from the threshold on: a document opened again within the hour is none.
    const alerting = OPERATOR_RELEASES_PER_HOUR - OPERATOR_RELEASES_ALERT_AT + 1;
    expectLog({ level: 'warn', msg: 'operator releases of personal data over the alert threshold', count: alerting });
    const alerts = async () =>
      (await t.app.ctx.metrics.registry.getSingleMetric('autoclaim_operator_release_alerts_total')!.get()).values
        .filter((v) => v.labels.kind === 'relation_document')
        .reduce((n, v) => n + v.value, 0);
    const alerts0 = await alerts();
    const opened = await Promise.all(
      Array.from({ length: 80 }, (_, i) => {
        const docId = copies[i % copies.length]!;
        const url = i % 2 ? OPS_CHILD_API.relationDocumentFile(docId) : OPS_CHILD_API.relationDocument(docId);
        return t.app.inject({ method: 'GET', url, headers: bulk.headers }).then((res) => ({ docId, res }));
      }),
    );
    const shown = new Set(opened.filter((o) => o.res.statusCode === 200).map((o) => o.docId));
    expect(shown.size).toBe(OPERATOR_RELEASES_PER_HOUR);
    const refused = opened.filter((o) => o.res.statusCode !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const o of refused) {
      expect(problemOf(o.res)).toMatchObject({ status: 429, code: 'OPERATOR_RELEASE_LIMITED' });
      expect(shown.has(o.docId)).toBe(false);
    }
    // Written: one look per opening shown, of exactly the documents shown; each past the threshold alerted.
    const looks = await t.db.db
      .selectFrom('operatorAction')
      .select('target')
      .where('loginId', '=', 'relation-bulk')
      .where('action', '=', 'relation_document_viewed')
      .execute();
    expect(new Set(looks.map((l) => l.target))).toEqual(new Set([...shown].map((id) => `relation_document:${id}`)));
    expect(await alerts()).toBe(alerts0 + alerting);
    // A document shown within the hour opens again; its file too. Another operator is not held by this one's count.
    const again = [...shown][0]!;
    expect(
      (await t.app.inject({ url: OPS_CHILD_API.relationDocumentFile(again), headers: bulk.headers })).statusCode,
    ).toBe(200);
    expect((await op('GET', OPS_CHILD_API.relationDocument(copies[29]!))).statusCode).toBe(200);
    await t.db.db.deleteFrom('relationDocument').where('id', 'in', copies).execute();
  });

  it('confirms one: her record is claimed at her insurer, her mother told once, naming her; refuses the other with a reason', async () => {
    const queue = (await op('GET', `${OPS_CHILD_API.relationDocuments}?order=asc`)).json() as RelationDocumentsPage;
    const [doc지민, doc서아] = queue.list;
    const confirmed = await op('POST', OPS_CHILD_API.relationDocumentConfirm(doc지민!.docId), {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as RelationDocumentDetail).relationStatus).toBe('confirmed');
    const again = await op('POST', OPS_CHILD_API.relationDocumentConfirm(doc지민!.docId), {});
    expect(problemOf(again).code).toBe('RELATION_DOCUMENT_DECIDED');
    const reason = '발급일이 3개월이 넘은 서류예요. 새로 발급해 올려 주세요.';
    const refused = await op('POST', OPS_CHILD_API.relationDocumentRefuse(doc서아!.docId), { reason });
    expect(refused.statusCode, refused.body).toBe(200);
    await t.app.claimEngine.drain();

    expect((await recordRow(지민Record)).outcome).toBe('claimed');
    const claims = await claimsOf(지민Record);
    expect(claims.map((c) => c.insuCompCd)).toEqual(['SAMSUNGFIRE']);
    expect((await recordRow(서아Record)).outcome).toBe('relation_unconfirmed');
    expect(await claimsOf(서아Record)).toEqual([]);

    const messages = (await noticesTo(t, mother.person.custHp)).map((m) => m.body);
    const claimed = messages.filter((b) => b.includes('진료비를 보험사에 자동으로 청구할게요'));
    // One message and one claim, for the confirmed child only.
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toContain('지민이의 진료비를');
    expect(messages.some((b) => b.includes('지민이의 가족관계증명서를 확인했어요'))).toBe(true);
    expect(messages.some((b) => b.includes('서아의 주민등록등본으로는 관계를 확인하지 못했어요'))).toBe(true);
    expect(messages.some((b) => b.includes(reason))).toBe(true);
    expect(messages.some((b) => b.includes('서아의 진료비를 보험사에'))).toBe(false);

    const kids = await childrenOf(mother);
    const 서아 = kids.list.find((c) => c.insuApplyId === 서아Id)!;
    expect(서아.relation).toMatchObject({ status: 'refused', refuseReason: reason });
    expect(kids.list.find((c) => c.insuApplyId === 지민Id)!.relation.status).toBe('confirmed');
  });

  it('matches a record that also carries a CI no subscription has to the child, by her RRN', async () => {
    const visit = visitOf(지민, '20260613');
    const [id] = await feed([{ ...visit, patient: { ...visit.patient, ci: 'HOSPITAL-CI-OF-JIMIN' } }]);
    expect(await recordRow(id!)).toEqual({ outcome: 'claimed', insuApplyId: 지민Id });
    // The claim is recorded against the visit (the history below shows 2 visits now).
    지민Record2 = id!;
  });

  it('finds the mother by her own name in the console’s search: her child’s claims, masked, and the lines it wrote', async () => {
    // Her child's records carry the child's name; a mother who calls says her own (README "Operator console").
    const search = async (payload: object) => {
      const res = await op('POST', OPS_CLAIMS_API.claimsSearch, payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as CursorPage<OpsClaimRow>;
    };
    const ofMother = await search({ name: '박 엄마' });
    const 지민Claims = [...(await claimsOf(지민Record2)), ...(await claimsOf(지민Record))].map((c) => c.id);
    expect(ofMother.list.map((c) => c.claimId)).toEqual(지민Claims);
    expect(ofMother.list.map((c) => c.patient.name)).toEqual(['김*민', '김*민']);
    // With her birth date (8505052: 1985-05-05) still hers; with another, or another's name, nobody.
    expect((await search({ name: '박엄마', birthDate: '1985.5.5' })).list).toHaveLength(2);
    expect((await search({ name: '박엄마', birthDate: '19850506' })).list).toEqual([]);
    expect((await search({ name: '최남남' })).list).toEqual([]);
    // The child's own name still finds her; a receipt number narrows the mother's to that visit.
    expect((await search({ name: '김지민' })).list).toHaveLength(2);
    const receiptNo = (
      await t.db.db
        .selectFrom('treatmentRecord')
        .select('receiptNo')
        .where('id', '=', 지민Record)
        .executeTakeFirstOrThrow()
    ).receiptNo;
    expect((await search({ name: '박엄마', receiptNo })).list.map((c) => c.recordId)).toEqual([지민Record]);
    // The access log's search finds her child's lines by the mother's name too.
    const access = await op('POST', OPS_CLAIMS_API.patientAccessSearch, { name: '박엄마' });
    expect(access.statusCode, access.body).toBe(200);
    expect((access.json() as CursorPage<PatientAccessRow>).list.length).toBeGreaterThan(0);

    // Children enrolled before the guardian's lookup hashes (migration 0058): the minute tick writes them.
    await t.db.db
      .updateTable('subscription')
      .set({ guardianNameHmac: null, guardianBirthHmac: null })
      .where('insuApplyId', 'in', [지민Id, 서아Id])
      .execute();
    expect((await search({ name: '박엄마' })).list).toEqual([]);
    expect(await hashGuardians(t.app.ctx)).toBe(2);
    expect(await hashGuardians(t.app.ctx)).toBe(0);
    expect((await search({ name: '박엄마' })).list).toHaveLength(2);
  });

  it('gives each child her own history: 지민이’s claim with who looked; 서아 nothing; another guardian neither', async () => {
    const mine = (await as(mother, 'GET', `${API.treats}?insuApplyId=${지민Id}`)).json() as TreatsAnswer;
    expect(mine.list.map((v) => [v.treatId, v.claimState])).toEqual([
      [String(지민Record2), 'claimed'],
      [String(지민Record), 'claimed'],
    ]);
    const said = mine.accessLog.list.map((l) => l.summary);
    expect(said.some((s) => s.startsWith('운영자가 보호자가 올린 가족관계증명서를'))).toBe(true);
    expect(said.some((s) => s.startsWith('운영자가 가족관계증명서로 보호자와 자녀의 관계를 확인했어요'))).toBe(true);
    expect(mine.accessLog.list.find((l) => l.action === 'RELEASED_TO_PATIENT')).toMatchObject({
      actorNm: '보호자',
      summary: '보호자에게 진료 내역 2건을 보여 드렸어요.',
    });
    const hers = (await as(mother, 'GET', `${API.treats}?insuApplyId=${서아Id}`)).json() as TreatsAnswer;
    expect(hers.list).toEqual([]);
    const own = (await as(mother, 'GET', API.treats)).json() as TreatsAnswer;
    expect(own.list).toEqual([]);

    const stranger = await verifyPatient(t, { custName: '최남남', korRegId: '8001011' });
    const foreign = await as(stranger, 'GET', `${API.treats}?insuApplyId=${지민Id}`);
    expect(foreign.statusCode).toBe(404);
    expect(problemOf(foreign).code).toBe('CHILD_NOT_FOUND');
    expect((await childrenOf(stranger)).total).toBe(0);
  });

  it('words her child’s history in the language her phone reads, each Korean line kept beside it', async () => {
    const res = await as(mother, 'GET', `${API.treats}?insuApplyId=${지민Id}`, undefined, {
      'accept-language': 'en-US,en;q=0.9',
    });
    expect(res.statusCode, res.body).toBe(200);
    const log = (res.json() as TreatsAnswer).accessLog;
    expect(log.lang).toBe('en');
    expect(log.list.find((l) => l.action === 'RELEASED_TO_PATIENT')).toMatchObject({
      actorNm: '보호자',
      summary: '보호자에게 진료 내역 2건을 보여 드렸어요.',
      localActorNm: 'Guardian',
      localSummary: 'We showed the guardian 2 visits of the treatment history.',
    });
    // The operator's lines about the relation document name no hospital or insurer: no Korean left in them.
    const relation = log.list.filter((l) => l.summary.includes('가족관계증명서'));
    expect(relation.length).toBeGreaterThanOrEqual(2);
    for (const l of relation) expect(l.localSummary).not.toMatch(/[가-힣]/);
  });

  it('opens the message’s link as the mother’s link session: her children only, never another’s', async () => {
    const body = (await noticesTo(t, mother.person.custHp))
      .map((m) => m.body)
      .find((b) => b.includes('지민이의 진료비를'))!;
    const token = decodeURIComponent(body.match(/#t=([A-Za-z0-9._~%-]+)/)![1]!);
    const res = await t.app.inject({
      method: 'POST',
      url: API.linkExchange,
      payload: { token, purpose: 'treat' },
      remoteAddress: '127.7.0.1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ userNmMasked: '박*마', child: { insuApplyId: 지민Id, calledNm: '지민이' } });
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const link = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie }, remoteAddress: '127.7.0.1' });
    expect(((await link('GET', CHILD_API.children)).json() as ChildrenAnswer).total).toBe(2);
    const history = (await link('GET', `${API.treats}?insuApplyId=${지민Id}`)).json() as TreatsAnswer;
    expect(history.list).toHaveLength(2);
    const upload = await link(
      'POST',
      CHILD_API.relationDocument(서아Id),
      relationUpload(dataUrl('image/jpeg', img.photo)),
    );
    expect(problemOf(upload).code).toBe('STEP_UP_REQUIRED');
    const otherFamily = await verifyPatient(t, { custName: '이아빠', korRegId: '8202021' });
    const theirs = await as(
      otherFamily,
      'POST',
      API.subscriptions,
      await childReg(otherFamily, {
        userNm: '이하준',
        birthday: '20160505',
        sex: 'M',
        userIdno2: '3111221',
        guardianRel: 'father',
      }),
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
    const otherId = (theirs.json() as SubscriptionView).subscription!.insuApplyId;
    expect((await link('GET', `${API.treats}?insuApplyId=${otherId}`)).statusCode).toBe(404);
  });
});

describe('one live subscription per insured resident number', () => {
  it('refuses a second guardian and the mother again, each with a clear message; a dispute waits for the operators', async () => {
    const father = await verifyPatient(t, { custName: '김아빠', korRegId: '8303031' });
    const second = await enrolChild(father, { ...지민, guardianRel: 'father' });
    expect(second.statusCode).toBe(409);
    const p = problemOf(second);
    // No oracle of who is enrolled (docs/security.md, "Who is enrolled"): no one named, no dispute mentioned.
    expect(p.code).toBe('CHILD_NOT_ENROLLABLE');
    expect(p.detail).not.toMatch(/보호자|본인이|가입했|가입되어|운영자|접수/);
    const mine = problemOf(await enrolChild(mother, 지민));
    expect(mine).toMatchObject({
      code: 'CHILD_ALREADY_ENROLLED',
      detail: '지민이는 이미 가입한 자녀예요. 자녀 목록에서 확인해 주세요.',
    });

    const open = (await op('GET', OPS_CHILD_API.insuredDisputes)).json() as { list: InsuredDispute[] };
    expect(open.list).toHaveLength(1);
    expect(open.list[0]).toMatchObject({
      holder: { kind: 'child', insuApplyId: 지민Id, insuredNmMasked: '김*민', guardianNmMasked: '박*마' },
      claimant: { kind: 'child', insuredNmMasked: '김*민', guardianNmMasked: '김*빠', guardianRel: 'father' },
    });
    // The same refusal again leaves no second dispute.
    await enrolChild(father, { ...지민, guardianRel: 'father' });
    expect(((await op('GET', OPS_CHILD_API.insuredDisputes)).json() as { list: unknown[] }).list).toHaveLength(1);

    const kept = await op('POST', OPS_CHILD_API.insuredDisputeResolve(open.list[0]!.disputeId), {
      kept: 'holder',
      reason: '어머니가 먼저 가입했고 관계 서류도 확인했어요.',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ status: 'resolved', kept: 'holder', resolvedBy: 'relation-ops' });
    expect(
      (await noticesTo(t, father.person.custHp)).some((m) =>
        m.body.includes('지민이의 자동청구 가입을 운영자가 확인했어요'),
      ),
    ).toBe(true);
    const twice = await op('POST', OPS_CHILD_API.insuredDisputeResolve(open.list[0]!.disputeId), {
      kept: 'claimant',
      reason: '다시',
    });
    expect(problemOf(twice).code).toBe('DISPUTE_RESOLVED');
  });

  it('refuses a minor enrolling herself while her guardian holds her, and an operator may keep hers instead', async () => {
    const 하린: Child = {
      userNm: '정하린',
      birthday: '20090901',
      sex: 'F',
      userIdno2: '4555551',
      guardianRel: 'mother',
    };
    const enrolled = await enrolChild(mother, 하린);
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const holderId = (enrolled.json() as SubscriptionView).subscription!.insuApplyId;
    const herself = await verifyPatient(t, { custName: '정하린', korRegId: '0909014' });
    const res = await as(herself, 'POST', API.subscriptions, await regFor(t, herself, img, { userIdno2: '4555551' }));
    expect(res.statusCode).toBe(409);
    expect(problemOf(res)).toMatchObject({ code: 'RRN_IN_USE', detail: expect.stringContaining('보호자가') });

    const open = (await op('GET', OPS_CHILD_API.insuredDisputes)).json() as { list: InsuredDispute[] };
    const dispute = open.list.find((d) => d.holder.insuApplyId === holderId)!;
    expect(dispute.claimant).toMatchObject({ kind: 'self', insuredNmMasked: '정*린', guardianNmMasked: null });
    const ruled = await op('POST', OPS_CHILD_API.insuredDisputeResolve(dispute.disputeId), {
      kept: 'claimant',
      reason: '본인이 직접 관리하겠다고 보호자와 통화로 확인했어요.',
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    const ended = (await childrenOf(mother)).list.find((c) => c.insuApplyId === holderId)!;
    expect(ended).toMatchObject({ subsStatus: 'cancel', endReason: 'dispute' });
    const now = await as(herself, 'POST', API.subscriptions, await regFor(t, herself, img, { userIdno2: '4555551' }));
    expect(now.statusCode, now.body).toBe(201);
  });
});

describe('growing up: at 19 the guardian’s subscription stops claiming', () => {
  const 지우: Child = {
    userNm: '한지우',
    birthday: '20070710',
    sex: 'M',
    userIdno2: '3777771',
    guardianRel: 'father',
    userTel: '01099990001',
  };
  let father: Verified;
  let id: string;

  it('claims the visit before the 19th birthday and not the one on it; tells the father a month before and on the day', async () => {
    father = await verifyPatient(t, { custName: '한아빠', korRegId: '7707071' });
    const res = await enrolChild(father, 지우);
    expect(res.statusCode, res.body).toBe(201);
    id = (res.json() as SubscriptionView).subscription!.insuApplyId;
    expect((res.json() as SubscriptionView).subscription!.child!.adultOn).toBe('20260710');
    const up = await as(
      father,
      'POST',
      CHILD_API.relationDocument(id),
      relationUpload(dataUrl('image/jpeg', img.photo)),
    );
    expect(up.statusCode, up.body).toBe(200);
    const docId = (
      (await op('GET', `${OPS_CHILD_API.relationDocuments}?order=desc&size=1`)).json() as RelationDocumentsPage
    ).list[0]!.docId;
    expect((await op('POST', OPS_CHILD_API.relationDocumentConfirm(docId), {})).statusCode).toBe(200);

    // 2026-06-15: the birthday 2026-07-10 is within a month. Run twice: told once.
    expect(await adultNotices(t.app.ctx)).toBe(1);
    expect(await adultNotices(t.app.ctx)).toBe(0);
    const monthBefore = (await noticesTo(t, father.person.custHp)).map((m) => m.body);
    expect(monthBefore.some((b) => b.includes('지우가 2026년 7월 10일에 만 19세가 돼요'))).toBe(true);
    expect((await noticesTo(t, '01099990001')).map((m) => m.body)).toEqual([
      expect.stringContaining('한지우님, 2026년 7월 10일에 만 19세가 돼요'),
    ]);

    clock.set(new Date('2026-07-10T03:00:00Z'));
    expect(await adultNotices(t.app.ctx)).toBe(1);
    expect(
      (await noticesTo(t, father.person.custHp)).some((b) =>
        b.body.includes('오늘(2026년 7월 10일) 지우가 만 19세가 되었어요'),
      ),
    ).toBe(true);
    const [before, onTheDay] = await feed([visitOf(지우, '20260709'), visitOf(지우, '20260710')]);
    expect((await recordRow(before!)).outcome).toBe('claimed');
    expect(await claimsOf(before!)).toHaveLength(1);
    expect(await recordRow(onTheDay!)).toEqual({ outcome: 'insured_adult', insuApplyId: null });
    expect(await claimsOf(onTheDay!)).toEqual([]);
    const history = (
      await as(
        await verifyPatient(t, { custName: '한아빠', korRegId: '7707071', custHp: father.person.custHp }),
        'GET',
        `${API.treats}?insuApplyId=${id}`,
      )
    ).json() as TreatsAnswer;
    expect(history.list.map((v) => v.treatDate)).toEqual(['20260709']);
  });

  it('lets her enrol herself once 19: her guardian’s subscription ends (grown_up) and he is told', async () => {
    const herself = await verifyPatient(t, { custName: '한지우', korRegId: '0707103' });
    const res = await as(herself, 'POST', API.subscriptions, await regFor(t, herself, img, { userIdno2: '3777771' }));
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.db
      .selectFrom('subscription')
      .select(['status', 'endReason'])
      .where('insuApplyId', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cancel', endReason: 'grown_up' });
    expect(
      (await noticesTo(t, father.person.custHp)).some((m) =>
        m.body.includes('지우가 만 19세가 되어 직접 자동청구에 가입했어요'),
      ),
    ).toBe(true);
    clock.set(new Date('2026-06-15T03:00:00Z'));
  });
});
