// The mapping file: one per EMR product, never per hospital (fhir/ig/README.md, "EMR vendor kit"). It names the
// columns the EMR writes, the values it writes for gender, visit type, insurance and 항목, the date patterns, and the
// HIRA EDI code system of a code by its prefix or pattern; the hospital itself (요양기관기호, name, 종별) comes from each
// receipt's own columns.
import { z } from 'zod';
import { SHARES, type EdiKind, type Receipt, type ReceiptLine, type Share } from '@auto-claim/kr-silson-claim';
import { readDate } from './dates.js';

const column = z.string().min(1);
const optionalColumn = column.optional();

export const mappingSchema = z.object({
  /** The EMR product (and version) this file maps, for people. */
  product: z.string().min(1),
  /** The CSV files' encoding: EMRs of a certain age write EUC-KR (CP949). */
  encoding: z.enum(['utf-8', 'euc-kr']).default('utf-8'),
  delimiter: z.string().length(1).default(','),
  /** Patterns of dates (일자, 생년월일) and of date-times (진료 시작·종료), see dates.ts. */
  dateFormat: z.string().default('YYYY-MM-DD'),
  dateTimeFormat: z.string().default('YYYY-MM-DD HH:mm'),
  /** The offset of the EMR's local times. */
  timeZone: z
    .string()
    .regex(/^[+-]\d{2}:\d{2}$/)
    .default('+09:00'),
  /** The receipt's columns (the visit/receipt header: `<name>.receipt.csv` or `<name>.receipt.json`). */
  receipt: z.object({
    receiptNo: column,
    krnpi: column,
    orgName: column,
    orgType: column,
    patientNo: column,
    patientName: column,
    gender: column,
    birthDate: column,
    /**
     * The 주민등록번호 (dashes allowed) or the CI: the guide asks for one of the two, by which the claim engine finds the
     * patient's subscription (fhir/ig/README.md, "Rules").
     */
    rrn: optionalColumn,
    ci: optionalColumn,
    visit: column,
    insurance: column,
    start: column,
    end: optionalColumn,
    /** KCD-8 codes, several in one cell separated by `listSeparator` */
    diagnoses: column,
    diagnosisNames: optionalColumn,
    /** The receipt number a corrected or cancelled receipt replaces */
    replaces: optionalColumn,
    /** Why a receipt was cancelled; a receipt with a value here is a cancelled one */
    cancelled: optionalColumn,
    title: optionalColumn,
  }),
  /** The 세부산정내역 columns (`<name>.lines.csv` or `<name>.lines.json`), as the 2018 MOHW 고시 names them. */
  lines: z.object({
    date: column,
    code: column,
    name: column,
    unit: column,
    count: column,
    days: column,
    total: column,
    copay: column,
    insurer: column,
    fullCopay: column,
    uncovered: column,
    category: column,
  }),
  /** What the EMR writes → what the guide says; a value already in the guide's words may be left out. */
  values: z
    .object({
      gender: z.record(z.string(), z.enum(['male', 'female', 'other', 'unknown'])).default({}),
      visit: z.record(z.string(), z.enum(['outpatient', 'inpatient', 'pharmacy'])).default({}),
      insurance: z.record(z.string(), z.enum(['4', '5', '7', '9'])).default({}),
      /** 항목 as printed → the silson-item-category code (진찰료 → consult, 검사료 → lab …) */
      category: z.record(z.string(), z.string()).default({}),
    })
    .default({ gender: {}, visit: {}, insurance: {}, category: {} }),
  listSeparator: z.string().min(1).default(';'),
  /** The EMR writes KCD codes without the dot (J189): put it after the third character (J18.9). */
  kcdDot: z.boolean().default(false),
  /** The HIRA EDI system of a line's code: the first rule whose prefix (or pattern) fits decides. */
  codeSystems: z
    .array(
      z.object({
        prefix: z.string().optional(),
        pattern: z.string().optional(),
        system: z.enum(['procedure', 'medication', 'material']),
      }),
    )
    .min(1),
});
export type Mapping = z.infer<typeof mappingSchema>;

/** A mapping file's text as a Mapping, or what is wrong with it (Korean, naming the field). */
export function parseMapping(text: string): Mapping {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new MappingError('매핑 파일이 JSON이 아니에요.');
  }
  const parsed = mappingSchema.safeParse(json);
  if (!parsed.success)
    throw new MappingError(
      `매핑 파일이 올바르지 않아요: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(전체)'}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

/** A receipt that cannot be mapped: the file, row and column, in Korean. */
export class MappingError extends Error {}

type Row = Record<string, string>;

const VISIT_NAMES = { outpatient: '외래', inpatient: '입원', pharmacy: '약국' } as const;
const SHARE_COLUMN: Record<Share, keyof Mapping['lines']> = {
  copay: 'copay',
  insurer: 'insurer',
  'full-copay': 'fullCopay',
  uncovered: 'uncovered',
};

/** The EDI system a code belongs to by the mapping's rules. */
export function ediKindOf(code: string, m: Mapping): EdiKind | undefined {
  return m.codeSystems.find(
    (r) => (r.prefix === undefined || code.startsWith(r.prefix)) && (!r.pattern || new RegExp(r.pattern).test(code)),
  )?.system;
}

/**
 * One receipt as the guide's builder takes it, from its header (one row) and its 세부산정내역 rows, named for errors as
 * `where` (the file's name, never a patient's).
 */
export function receiptOf(header: Row, rows: Row[], m: Mapping, where: string): Receipt {
  const fail = (what: string): never => {
    throw new MappingError(`${where}: ${what}`);
  };
  const cell = (row: Row, name: string, at: string, required = true): string => {
    const v = row[name];
    if (v === undefined) return required ? fail(`${at}에 '${name}' 열이 없어요.`) : '';
    if (required && v === '') return fail(`${at}의 '${name}' 값이 비어 있어요.`);
    return v;
  };
  const h = (key: keyof Mapping['receipt'], required = true) => {
    const name = m.receipt[key];
    return name ? cell(header, name, '영수증', required) : '';
  };
  const mapped = <T extends string>(table: Record<string, T>, value: string, allowed: readonly T[], what: string) => {
    const v = table[value] ?? (allowed.includes(value as T) ? (value as T) : undefined);
    return v ?? fail(`${what} 값 '${value}'을 매핑 파일의 values에서 찾을 수 없어요.`);
  };
  const date = (value: string, what: string) =>
    readDate(value, m.dateFormat, m.timeZone) ?? fail(`${what} '${value}'이 날짜 형식(${m.dateFormat})과 맞지 않아요.`);
  /** The 주민등록번호 (13 digits once its dash is gone) or the CI; never echoed in an error, which names the file only. */
  const patientKey = () => {
    const rrn = h('rrn', false).replace(/-/g, '');
    const ci = h('ci', false);
    if (rrn && !/^\d{13}$/.test(rrn)) fail('주민등록번호가 13자리 숫자가 아니에요.');
    if (!rrn && !ci) fail('주민등록번호나 CI 가운데 하나가 있어야 해요.');
    return { ...(rrn ? { rrn } : {}), ...(ci ? { ci } : {}) };
  };
  const dateTime = (value: string, what: string) =>
    readDate(value, m.dateTimeFormat, m.timeZone) ??
    fail(`${what} '${value}'이 날짜·시간 형식(${m.dateTimeFormat})과 맞지 않아요.`);

  const visit = mapped(m.values.visit, h('visit'), ['outpatient', 'inpatient', 'pharmacy'], '진료구분');
  const orgName = h('orgName');
  const kcd = (code: string) =>
    m.kcdDot && /^[A-Z]\d{3,}$/.test(code) ? `${code.slice(0, 3)}.${code.slice(3)}` : code;
  const codes = h('diagnoses', visit !== 'pharmacy')
    .split(m.listSeparator)
    .map((c) => c.trim())
    .filter(Boolean);
  const names = h('diagnosisNames', false).split(m.listSeparator);
  const start = dateTime(h('start'), '진료 시작');
  const end = h('end', false);
  const lines = rows.map((row, i): ReceiptLine => {
    const at = `세부산정내역 ${i + 1}행`;
    const c = (key: keyof Mapping['lines']) => cell(row, m.lines[key], at);
    const money = (key: keyof Mapping['lines']) => {
      const raw = c(key).replace(/,/g, '');
      if (!/^-?\d+$/.test(raw)) fail(`${at}의 '${m.lines[key]}' 값 '${c(key)}'이 원 단위 정수가 아니에요.`);
      return Number(raw);
    };
    const number = (key: keyof Mapping['lines']) => {
      const raw = c(key).replace(/,/g, '');
      if (!/^\d+(\.\d+)?$/.test(raw)) fail(`${at}의 '${m.lines[key]}' 값 '${c(key)}'이 숫자가 아니에요.`);
      return Number(raw);
    };
    const code = c('code');
    const edi = ediKindOf(code, m) ?? fail(`${at}의 코드 '${code}'에 맞는 codeSystems 규칙이 없어요.`);
    const shares = Object.fromEntries(SHARES.map((s) => [s, money(SHARE_COLUMN[s])])) as Record<Share, number>;
    return {
      category: m.values.category[c('category')] ?? c('category'),
      edi,
      code,
      name: c('name'),
      date: date(c('date'), `${at}의 일자`),
      unit: number('unit'),
      count: number('count'),
      days: number('days'),
      total: money('total'),
      shares,
    };
  });
  if (lines.length === 0) fail('세부산정내역이 한 줄도 없어요.');
  const receiptNo = h('receiptNo');
  const krnpi = h('krnpi');
  const replaces = h('replaces', false) || undefined;
  const cancelled = h('cancelled', false) || undefined;
  return {
    seed: `${krnpi}/${receiptNo}`,
    title:
      h('title', false) ||
      `${orgName} ${VISIT_NAMES[visit]} ${visit === 'pharmacy' ? '약제비' : '진료비'} 계산서·영수증${cancelled ? ' (취소)' : replaces ? ' (정정)' : ''}`,
    org: { krnpi, type: h('orgType'), name: orgName },
    patient: {
      no: h('patientNo'),
      name: h('patientName'),
      gender: mapped(m.values.gender, h('gender'), ['male', 'female', 'other', 'unknown'], '성별'),
      birthDate: date(h('birthDate'), '생년월일'),
      ...patientKey(),
    },
    visit,
    insurance: mapped(m.values.insurance, h('insurance'), ['4', '5', '7', '9'], '보험자구분'),
    start,
    end: end ? dateTime(end, '진료 종료') : start,
    receiptNo,
    diagnoses: codes.map((code, i) => ({ code: kcd(code), ...(names[i]?.trim() ? { display: names[i].trim() } : {}) })),
    lines,
    ...(replaces ? { replaces } : {}),
    ...(cancelled ? { cancelled } : {}),
  };
}
