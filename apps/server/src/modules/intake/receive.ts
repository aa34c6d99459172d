// A hospital's bundle, from bytes to a treatment record (fhir/ig/README.md, "Answers"): parsed, checked against FHIR
// R4 and the guide (validateSilsonBundle), its issuer matched to the key's hospital, read into the feed's record and
// lines, and kept once per receipt number; a correction or cancellation changes the visit it replaces. Refused:
// nothing kept but a refusal record of codes and paths. The claim engine is reached through the port app.ts hands in.
import type { Bundle } from '@medplum/fhirtypes';
import type { TreatmentRecordInput } from '@auto-claim/contract';
import { validateSilsonBundle, type GuideIssue } from '@auto-claim/kr-silson-claim';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { keysetPage, type KeysetPaging } from '../../db/page.js';
import { readVisit, type ReadVisit } from './bundle.js';
import { replaceLines, storeLines } from './lines.js';
import { Refusal, type IntakeIssue } from './outcome.js';
import { intakeDb } from './tables.js';

/** What the intake needs of the claim engine (modules/claims, above this one): app.ts hands it in. */
export interface VisitPort {
  receive(
    handle: Handle,
    hospitalCd: string,
    record: TreatmentRecordInput,
    opts?: { prescriptionKey?: string | null },
  ): Promise<{ recordId: number; status: 'created' | 'duplicate' | 'conflict' }>;
  recordOf(handle: Handle, hospitalCd: string, receiptNo: string): Promise<number | undefined>;
  correct(handle: Handle, recordId: number, record: TreatmentRecordInput): Promise<{ sentClaims: number }>;
  withdraw(handle: Handle, recordId: number, actor: string): Promise<{ withdrawn: number; sentClaims: number }>;
  /** Wakes the engine after the transaction (a new or changed record). */
  kick(): Promise<void>;
}

export interface Received {
  status: 201 | 200;
  recordId: number;
  issues: IntakeIssue[];
}

const r4Issue = (i: GuideIssue): IntakeIssue => ({
  code:
    i.rule === 'r4'
      ? 'structure'
      : i.rule === 'line-total' || i.rule.startsWith('receipt')
        ? 'invariant'
        : 'business-rule',
  rule: i.rule,
  expression: i.expression,
  ko: i.ko,
  en: i.en,
});

/** JSON text → a conforming bundle read into a visit, or a Refusal (400 unreadable or not FHIR R4, 422 the guide). */
export function check(text: string, hospitalCd: string): ReadVisit {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Refusal(400, [
      { code: 'structure', rule: 'json', ko: 'JSON으로 읽을 수 없어요.', en: 'The body is not valid JSON.' },
    ]);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json) || (json as Bundle).resourceType !== 'Bundle')
    throw new Refusal(400, [
      {
        code: 'structure',
        rule: 'json',
        expression: 'Bundle',
        ko: 'FHIR Bundle 리소스(resourceType: Bundle)를 보내 주세요.',
        en: 'Send a FHIR Bundle resource (resourceType: Bundle).',
      },
    ]);
  const bundle = json as Bundle;
  const receiptNo = typeof bundle.identifier?.value === 'string' ? bundle.identifier.value.slice(0, 50) : null;
  let issues;
  try {
    issues = validateSilsonBundle(bundle);
  } catch {
    // The validator met a shape it could not walk: the bundle is not FHIR R4.
    throw new Refusal(
      400,
      [
        {
          code: 'structure',
          rule: 'r4',
          expression: 'Bundle',
          ko: 'FHIR R4 Bundle 구조가 아니에요.',
          en: 'Not a FHIR R4 Bundle.',
        },
      ],
      receiptNo,
    );
  }
  const base = issues.filter((i) => i.rule === 'r4');
  if (base.length) throw new Refusal(400, base.map(r4Issue), receiptNo);
  if (issues.length) throw new Refusal(422, issues.map(r4Issue), receiptNo);
  const read = readVisit(bundle);
  if (!read.visit) throw new Refusal(422, read.issues, receiptNo);
  if (read.visit.hospitalCd !== hospitalCd)
    throw new Refusal(
      403,
      [
        {
          code: 'forbidden',
          rule: 'hospital',
          expression: 'Bundle.entry.resource.ofType(Composition).author',
          ko: '이 API 키의 요양기관이 영수증을 발행한 요양기관(요양기관기호)과 달라요.',
          en: "The key's hospital is not the receipt's issuer (요양기관기호).",
        },
      ],
      receiptNo,
    );
  return read.visit;
}

const said = (ko: string, en: string, code: IntakeIssue['code'] = 'informational'): IntakeIssue => ({
  code,
  rule: 'intake',
  ko,
  en,
});

/** A checked visit kept: created (201), the same again (200), or refused (409/422) with nothing changed. */
export async function keep(ctx: AppContext, port: VisitPort, visit: ReadVisit): Promise<Received> {
  const { hospitalCd, record } = visit;
  const now = ctx.clock.now();
  const result = await intakeDb(ctx)
    .transaction()
    .execute(async (tx): Promise<Received> => {
      const before = await tx
        .selectFrom('fhirBundle')
        .select(['recordId', 'contentHash'])
        .where('hospitalCd', '=', hospitalCd)
        .where('receiptNo', '=', record.receiptNo)
        .executeTakeFirst();
      if (before) {
        if (before.contentHash === visit.contentHash)
          return {
            status: 200,
            recordId: Number(before.recordId),
            issues: [said('이미 받은 영수증이에요. 바뀐 것은 없어요.', 'Already received; nothing changed.')],
          };
        throw new Refusal(
          409,
          [
            said(
              '같은 영수증 번호로 다른 내용이 먼저 와 있어요. 고친 영수증은 새 번호로, Composition.status amended와 relatesTo replaces로 보내 주세요.',
              'This receipt number came before with other contents. Send a correction under a new number (Composition.status amended, relatesTo replaces).',
              'conflict',
            ),
          ],
          record.receiptNo,
        );
      }
      const row = {
        hospitalCd,
        receiptNo: record.receiptNo,
        contentHash: visit.contentHash,
        kind: visit.kind,
        patientNoEnc: ctx.crypto.encrypt(visit.patientNo),
        receivedAt: now,
      };
      if (visit.kind === 'original') {
        const got = await port.receive(tx, hospitalCd, record, { prescriptionKey: visit.prescriptionKey });
        if (got.status === 'conflict')
          throw new Refusal(
            409,
            [
              said(
                '같은 영수증 번호의 진료 기록이 JSON 피드로 다른 내용으로 와 있어요. 아무것도 바꾸지 않았어요.',
                'The JSON feed sent this receipt number with other contents; nothing changed.',
                'conflict',
              ),
            ],
            record.receiptNo,
          );
        await tx
          .insertInto('fhirBundle')
          .values({ ...row, recordId: got.recordId })
          .execute();
        if (got.status === 'created') await storeLines(tx, [{ recordId: got.recordId, lines: visit.lines }]);
        return {
          status: got.status === 'created' ? 201 : 200,
          recordId: got.recordId,
          issues: [
            got.status === 'created'
              ? said(
                  '영수증을 받았어요. 가입자의 진료면 청구해요.',
                  "Received; it is claimed if it is a subscriber's visit.",
                )
              : said(
                  '같은 내용이 JSON 피드로 먼저 와 있어요. 바뀐 것은 없어요.',
                  'The JSON feed sent the same before; nothing changed.',
                ),
          ],
        };
      }
      // A correction or cancellation: the visit it replaces, by the bundle that brought it or the feed's record.
      const target = visit.replaces!;
      const earlier = await tx
        .selectFrom('fhirBundle')
        .select('recordId')
        .where('hospitalCd', '=', hospitalCd)
        .where('receiptNo', '=', target)
        .executeTakeFirst();
      const recordId = earlier ? Number(earlier.recordId) : await port.recordOf(tx, hospitalCd, target);
      if (recordId === undefined)
        throw new Refusal(
          422,
          [
            {
              code: 'not-found',
              rule: 'amendment',
              expression: 'Bundle.entry[0].resource.relatesTo',
              ko: `바꾸려는 영수증(${target})을 받은 적이 없어요. 원래 영수증을 먼저 보내 주세요.`,
              en: `The receipt it replaces (${target}) was never received; send that one first.`,
            },
          ],
          record.receiptNo,
        );
      await tx
        .insertInto('fhirBundle')
        .values({ ...row, recordId })
        .execute();
      if (visit.kind === 'correction') {
        const { sentClaims } = await port.correct(tx, recordId, record);
        await replaceLines(tx, recordId, visit.lines);
        await tx
          .insertInto('visitRevision')
          .values({ recordId, kind: 'corrected', receiptNo: record.receiptNo, sentClaims, at: now })
          .execute();
        return {
          status: 201,
          recordId,
          issues: [
            sentClaims
              ? said(
                  `정정 영수증으로 바꿨어요. 이미 보험사에 보낸 청구 ${sentClaims}건은 보험사에 정정을 알려요.`,
                  `Corrected. ${sentClaims} claim(s) already sent: their insurers are told of the correction.`,
                )
              : said(
                  '정정 영수증으로 바꿨어요. 아직 보내지 않은 청구는 고친 금액으로 보내요.',
                  'Corrected; unsent claims go with the new amounts.',
                ),
          ],
        };
      }
      const { withdrawn, sentClaims } = await port.withdraw(tx, recordId, `hospital:${hospitalCd}`);
      await tx
        .insertInto('visitRevision')
        .values({ recordId, kind: 'cancelled', receiptNo: record.receiptNo, sentClaims, at: now })
        .execute();
      return {
        status: 201,
        recordId,
        issues: [
          sentClaims
            ? said(
                `취소 영수증을 받았어요. 보내지 않은 청구 ${withdrawn}건은 거뒀고, 이미 보험사에 보낸 청구 ${sentClaims}건은 보험사에 취소를 알려요.`,
                `Cancelled: ${withdrawn} unsent claim(s) withdrawn; the insurers of ${sentClaims} already sent are told of the cancellation.`,
              )
            : said(
                `취소 영수증을 받았어요. 보내지 않은 청구 ${withdrawn}건을 거뒀어요.`,
                `Cancelled: ${withdrawn} unsent claim(s) withdrawn.`,
              ),
        ],
      };
    });
  if (result.status === 201) await port.kick();
  return result;
}

/** A refusal's record for the hospital's view: codes and paths only (a message may quote a value; none is kept). */
export async function recordRefusal(ctx: AppContext, hospitalCd: string, refusal: Refusal) {
  await intakeDb(ctx)
    .insertInto('fhirRefusal')
    .values({
      hospitalCd,
      at: ctx.clock.now(),
      status: refusal.status,
      receiptNo: refusal.receiptNo,
      issues: JSON.stringify(
        refusal.issues.slice(0, 100).map((i) => ({ code: i.code, rule: i.rule, expression: i.expression ?? '' })),
      ) as unknown as FhirIssues,
    })
    .execute();
}
type FhirIssues = { code: string; rule: string; expression: string }[];

/** A hospital's refused bundles, newest first (its own view of its feed). */
export async function refusalsOf(handle: Handle, hospitalCd: string, limit = 100) {
  return intakeDb(handle)
    .selectFrom('fhirRefusal')
    .select(['at', 'status', 'receiptNo', 'issues'])
    .where('hospitalCd', '=', hospitalCd)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
}

/** A hospital's refused bundles in [from, to), a page at a time by key along (hospital_cd, at) (its own month). */
export async function refusalPage(
  handle: Handle,
  hospitalCd: string,
  range: { from: Date; to: Date },
  q: KeysetPaging,
) {
  const { rows, ...page } = await keysetPage(
    handle,
    intakeDb(handle)
      .selectFrom('fhirRefusal')
      .select(['id', 'at', 'status', 'receiptNo', 'issues'])
      .where('hospitalCd', '=', hospitalCd)
      .where('at', '>=', range.from)
      .where('at', '<', range.to),
    q,
    { by: 'at', id: 'id' },
  );
  return {
    ...page,
    list: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      status: r.status,
      receiptNo: r.receiptNo,
      issues: r.issues,
    })),
  };
}

/** How many bundles the hospital had refused in [from, to) (the same index). */
export async function refusalCount(handle: Handle, hospitalCd: string, range: { from: Date; to: Date }) {
  const r = await intakeDb(handle)
    .selectFrom('fhirRefusal')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('hospitalCd', '=', hospitalCd)
    .where('at', '>=', range.from)
    .where('at', '<', range.to)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
