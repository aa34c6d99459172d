// The hospitals' 세부산정내역 lines (fhir/ig/README.md, "The bundle"; the 2018 MOHW 고시's columns) as the JSON feed sends
// them and the console shows them, and the FHIR intake's answers (OperationOutcome, FHIR R4). Paths: HOSPITAL_API.
import { withParticle } from './josa.js';
import { z } from 'zod';
import { isSafeText, unsafeTextMessage, yyyymmdd } from './formats.js';
import { isRealDate } from './person.js';
import { VISIT_REVISION_KINDS } from './vocabulary.js';

/** Lines per visit: a long stay has hundreds, never thousands. */
export const MAX_VISIT_LINES = 1000;
/** A FHIR bundle's bytes at most: a 1,000-line stay is about 3 MB of FHIR JSON. */
export const FHIR_BUNDLE_LIMIT_BYTES = 4 * 1024 * 1024;
/** The media type of FHIR's JSON (FHIR R4 http.html#mime-type); `application/json` is accepted too. */
export const FHIR_JSON = 'application/fhir+json';

/** The HIRA EDI code system a line is coded in (procedure 행위, medication 약제, material 치료재료). */
export const LINE_CODE_SYSTEMS = ['procedure', 'medication', 'material'] as const;
export type LineCodeSystem = (typeof LINE_CODE_SYSTEMS)[number];
export const LINE_CODE_SYSTEM_NM: Record<LineCodeSystem, string> = {
  procedure: '행위',
  medication: '약제',
  material: '치료재료',
};

const won = (label: string) =>
  z
    .number({ message: `${withParticle(label, '은/는')} 원 단위 정수로 보내 주세요.` })
    .int({ message: `${withParticle(label, '은/는')} 원 단위 정수로 보내 주세요.` })
    .min(0, { message: `${withParticle(label, '은/는')} 0 이상이어야 해요.` })
    .max(1_000_000_000, { message: `${withParticle(label, '이/가')} 너무 커요.` });

/** 원 미만 절사: a line's total is its unit price × count × days, cut to whole won (the guide's rule). */
export const lineTotalOf = (unitPrice: number, count: number, days: number) =>
  Math.floor(unitPrice * count * days + 1e-9);

/** One 세부산정내역 line: 일자, 코드, 명칭, 단가, 횟수, 일수, 총액, and its 급여 본인/공단/전액본인/비급여 split. */
export const visitLine = z
  .object({
    codeSystem: z.enum(LINE_CODE_SYSTEMS, { message: '코드 체계는 procedure, medication, material 중 하나여야 해요.' }),
    code: z.string().regex(/^[0-9A-Za-z-]{1,20}$/, { message: 'EDI 코드는 영문, 숫자 20자까지예요.' }),
    name: z
      .string()
      .refine(isSafeText, { message: unsafeTextMessage('명칭') })
      .trim()
      .min(1, { message: '명칭이 없어요.' })
      .max(100, { message: '명칭은 100자까지예요.' }),
    date: yyyymmdd.refine((v) => isRealDate(v), { message: '일자가 올바른 날짜가 아니거나 미래예요.' }),
    unitPrice: won('단가'),
    count: z
      .number({ message: '횟수는 숫자로 보내 주세요.' })
      .gt(0, { message: '횟수는 0보다 커야 해요.' })
      .max(100_000, { message: '횟수가 너무 커요.' })
      .refine((n) => Math.round(n * 1000) === n * 1000, { message: '횟수는 소수 셋째 자리까지예요.' }),
    days: z
      .number({ message: '일수는 정수로 보내 주세요.' })
      .int({ message: '일수는 정수로 보내 주세요.' })
      .min(1, { message: '일수는 1 이상이어야 해요.' })
      .max(32_000, { message: '일수가 너무 커요.' }),
    total: won('총액'),
    copay: won('급여 본인부담금'),
    insurer: won('급여 공단부담금'),
    fullCopay: won('급여 전액본인부담'),
    uncovered: won('비급여'),
    /** The receipt's 항목 the line is summed under (진찰료, 검사료, …), as the guide's silson-item-category codes it. */
    category: z.string().regex(/^[a-z][a-z-]{0,29}$/, { message: '항목 코드는 영문 소문자와 - 30자까지예요.' }),
  })
  .refine((l) => l.total === lineTotalOf(l.unitPrice, l.count, l.days), {
    message: '총액은 단가 × 횟수 × 일수(원 미만 절사)여야 해요.',
    path: ['total'],
  })
  .refine((l) => l.copay + l.insurer + l.fullCopay + l.uncovered === l.total, {
    message: '본인부담·공단부담·전액본인부담·비급여의 합이 총액과 같아야 해요.',
    path: ['copay'],
  });
export type VisitLine = z.infer<typeof visitLine>;

/** A kept line as the console reads it (no input rules: what was accepted is shown as it is). */
export const visitLineView = z.object({
  codeSystem: z.enum(LINE_CODE_SYSTEMS),
  code: z.string(),
  name: z.string(),
  date: z.string(),
  unitPrice: z.number(),
  count: z.number(),
  days: z.number(),
  total: z.number(),
  copay: z.number(),
  insurer: z.number(),
  fullCopay: z.number(),
  uncovered: z.number(),
  category: z.string(),
});

export const visitLines = z
  .array(visitLine)
  .max(MAX_VISIT_LINES, { message: `세부산정내역은 ${MAX_VISIT_LINES}줄까지 보낼 수 있어요.` });

/** What happened to a visit after it was received: a corrected receipt replaced it, or a cancelled one withdrew it. */
export const visitRevision = z.object({
  kind: z.enum(VISIT_REVISION_KINDS),
  at: z.string(),
  /** The receipt number of the correcting or cancelling receipt. */
  receiptNo: z.string(),
  /** Claims of the visit already sent when it changed: their insurers are told (claims/notices.ts). */
  sentClaims: z.number().int(),
});
export type VisitRevision = z.infer<typeof visitRevision>;

/** FHIR R4 OperationOutcome (operationoutcome.html), the fields this server writes. */
const codeableText = z.object({
  text: z.string(),
  extension: z.array(z.object({ url: z.string(), extension: z.array(z.unknown()).optional() })).optional(),
});
export const operationOutcome = z
  .object({
    resourceType: z.literal('OperationOutcome'),
    issue: z.array(
      z.object({
        severity: z.enum(['fatal', 'error', 'warning', 'information']),
        code: z.string(),
        details: codeableText.optional(),
        diagnostics: z.string().optional(),
        expression: z.array(z.string()).optional(),
      }),
    ),
  })
  .meta({ id: 'OperationOutcome', description: 'FHIR R4 OperationOutcome' });
export type OperationOutcome = z.infer<typeof operationOutcome>;
