// A bundle the guide accepted (fhir/ig/README.md, "The bundle"), read into what the claim engine takes (the JSON feed's
// record) and the 세부산정내역 lines this module keeps. What the guide allows but a claim cannot carry (a receipt
// number outside the feed's alphabet, a unit price in fractions of a won, a future visit) is refused here, naming the
// element, with the feed's own checks (the contract's visitLine and the feed's limits).
import { createHash } from 'node:crypto';
import type {
  Bundle,
  ChargeItem,
  Composition,
  Encounter,
  Invoice,
  MedicationRequest,
  Organization,
  Patient,
} from '@medplum/fhirtypes';
import {
  isRealDate,
  isSafeText,
  kstToday,
  visitLine,
  VISIT_TYPE_NM,
  type VisitType,
  type FeedVisitType,
  type LineCodeSystem,
  type TreatmentRecordInput,
  type VisitLine,
  type BundleKind,
} from '@auto-claim/contract';
import { KR, SILSON, type Share } from '@auto-claim/kr-silson-claim';
import type { IntakeIssue } from './outcome.js';

export interface ReadVisit {
  kind: BundleKind;
  /** The receipt number a correction or cancellation replaces. */
  replaces: string | null;
  hospitalCd: string;
  patientNo: string;
  record: TreatmentRecordInput;
  lines: VisitLine[];
  /**
   * The 처방전 as `{issuer 요양기관기호}:{교부번호}`: a clinic's own (MedicationRequest.groupIdentifier, issued by the
   * bundle's author), or the one a pharmacy dispensed (its requester's 요양기관기호). By it a pharmacy's visit follows
   * its clinic's into one claim (README "Claim engine").
   */
  prescriptionKey: string | null;
  contentHash: string;
}

const CODE_SYSTEM: Record<string, LineCodeSystem> = {
  [KR.ediProcedure]: 'procedure',
  [KR.ediMedication]: 'medication',
  [KR.ediMaterial]: 'material',
};
/** Where each field of a line lives in the bundle, for a refusal naming it. */
const LINE_FIELD: Record<string, (charge: string, item: string) => string> = {
  codeSystem: (c) => `${c}.code.coding`,
  code: (c) => `${c}.code.coding`,
  name: (c) => `${c}.code.coding`,
  date: (c) => `${c}.occurrenceDateTime`,
  unitPrice: (c) => `${c}.priceOverride.value`,
  count: (c) => `${c}.quantity.value`,
  days: (c) => `${c}.extension`,
  category: (c) => `${c}.extension`,
  total: (_c, i) => `${i}.priceComponent`,
  copay: (_c, i) => `${i}.priceComponent`,
  insurer: (_c, i) => `${i}.priceComponent`,
  fullCopay: (_c, i) => `${i}.priceComponent`,
  uncovered: (_c, i) => `${i}.priceComponent`,
};

/** The date a FHIR date or dateTime names, as Korea counts it (YYYYMMDD). */
export function kstDateOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value.replaceAll('-', '');
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : kstToday(new Date(t));
}

const shareOf = (pcs: Invoice['totalPriceComponent'], share: Share) =>
  pcs?.find(
    (p) => p.type === 'informational' && p.code?.coding?.some((c) => c.system === SILSON.share && c.code === share),
  )?.amount?.value ?? 0;

/** Reads a conforming bundle; `issues` is empty when the visit can be claimed as read. */
export function readVisit(bundle: Bundle): { visit?: ReadVisit; issues: IntakeIssue[] } {
  const issues: IntakeIssue[] = [];
  const fail = (expression: string, ko: string, en: string, code: IntakeIssue['code'] = 'value') =>
    issues.push({ code, rule: 'intake', expression, ko, en });
  const entries = (bundle.entry ?? []).map((e, index) => ({ index, url: e.fullUrl, resource: e.resource! }));
  const at = (index: number, path = '') => `Bundle.entry[${index}].resource${path}`;
  const first = <T>(type: string) =>
    entries.find((e) => e.resource.resourceType === type) as
      { index: number; url: string | undefined; resource: T } | undefined;
  const byUrl = new Map(entries.map((e) => [e.url, e]));
  const composition = first<Composition>('Composition')!;
  const patient = first<Patient>('Patient')!;
  const encounter = first<Encounter>('Encounter')!;
  const invoice = first<Invoice>('Invoice')!;
  const author = byUrl.get(composition.resource.author[0]?.reference) as
    { index: number; resource: Organization } | undefined;
  const hospitalCd = author?.resource.identifier?.find((i) => i.system === KR.krnpi)?.value ?? '';

  const receiptNo = bundle.identifier?.value ?? '';
  if (!/^[A-Za-z0-9_-]{1,50}$/.test(receiptNo))
    fail(
      'Bundle.identifier.value',
      '영수증 번호는 영문, 숫자, -, _ 50자까지예요.',
      'The receipt number is up to 50 of A-Z, a-z, 0-9, - and _.',
    );
  if (bundle.identifier?.system !== `${SILSON.receiptNumber}/${hospitalCd}`)
    fail(
      'Bundle.identifier.system',
      `영수증 번호 체계는 발행 요양기관의 것(${SILSON.receiptNumber}/${hospitalCd})이어야 해요.`,
      `The receipt number's system is the issuer's (${SILSON.receiptNumber}/${hospitalCd}).`,
    );

  // The patient: name and birth date as the feed takes them; the 주민등록번호 or CI the claim is matched by.
  const p = patient.resource;
  const name = p.name?.[0]?.text?.trim() ?? '';
  if (name.length > 30 || !isSafeText(name))
    fail(
      at(patient.index, '.name[0].text'),
      '환자 이름은 30자까지, 글자만 보내 주세요.',
      'The name is up to 30 plain characters.',
    );
  const birthDate = (p.birthDate ?? '').replaceAll('-', '');
  if (!isRealDate(birthDate))
    fail(
      at(patient.index, '.birthDate'),
      '생년월일이 올바른 날짜가 아니에요.',
      'The birth date is not a real past date (YYYY-MM-DD).',
    );
  const rrn = p.identifier?.find((i) => i.system === SILSON.rrn)?.value;
  const ci = p.identifier?.find((i) => i.system === SILSON.ci)?.value;
  const patientNo = p.identifier?.find((i) => i.system?.startsWith(`${SILSON.patientNumber}/`))?.value ?? '';

  const v = encounter.resource;
  const visitCode = v.type?.flatMap((t) => t.coding ?? []).find((c) => c.system === SILSON.doc)?.code as
    VisitType | undefined;
  const visitDate = kstDateOf(v.period?.start) ?? '';
  if (!isRealDate(visitDate))
    fail(
      at(encounter.index, '.period.start'),
      '진료일이 올바른 날짜가 아니거나 미래예요.',
      'The visit date is not a real past date.',
    );
  const department =
    v.serviceType?.text ?? v.serviceType?.coding?.[0]?.display ?? (visitCode === 'pharmacy' ? '약국' : '진료과 미기재');
  const kcdCodes = entries
    .filter((e) => e.resource.resourceType === 'Condition')
    .flatMap((e) => (e.resource as { code?: { coding?: { system?: string; code?: string }[] } }).code?.coding ?? [])
    .filter((c) => c.system === KR.kcd8 && c.code)
    .map((c) => c.code!.replace('.', ''))
    .slice(0, 20);

  // The receipt's totals: 급여 본인부담 (copay and full copay), 비급여, and what the patient paid.
  const inv = invoice.resource;
  const copay = shareOf(inv.totalPriceComponent, 'copay') + shareOf(inv.totalPriceComponent, 'full-copay');
  const uncovered = shareOf(inv.totalPriceComponent, 'uncovered');
  const totalPaid = inv.totalNet?.value ?? 0;
  for (const [value, path] of [
    [copay, '.totalPriceComponent'],
    [uncovered, '.totalPriceComponent'],
    [totalPaid, '.totalNet.value'],
  ] as const)
    if (!Number.isInteger(value) || value < 0 || value > 1_000_000_000)
      fail(
        at(invoice.index, path),
        '금액은 10억 원까지의 원 단위 정수여야 해요.',
        'Amounts are whole won up to 1,000,000,000.',
      );

  // The lines, in the Invoice's order.
  const lines: VisitLine[] = [];
  (inv.lineItem ?? []).forEach((li, l) => {
    const charge = byUrl.get(li.chargeItemReference?.reference);
    if (!charge) return;
    const c = charge.resource as ChargeItem;
    const coding = c.code.coding?.find((x) => CODE_SYSTEM[x.system ?? '']);
    const pcs = li.priceComponent ?? [];
    const line = {
      codeSystem: CODE_SYSTEM[coding?.system ?? ''],
      code: coding?.code,
      name: coding?.display,
      date: kstDateOf(c.occurrenceDateTime),
      unitPrice: c.priceOverride?.value,
      count: c.quantity?.value,
      days: c.extension?.find((x) => x.url === SILSON.daysExtension)?.valuePositiveInt,
      total: pcs.find((x) => x.type === 'base')?.amount?.value,
      copay: shareOf(pcs, 'copay'),
      insurer: shareOf(pcs, 'insurer'),
      fullCopay: shareOf(pcs, 'full-copay'),
      uncovered: shareOf(pcs, 'uncovered'),
      category: c.extension?.find((x) => x.url === SILSON.categoryExtension)?.valueCoding?.code,
    };
    const parsed = visitLine.safeParse(line);
    if (parsed.success) {
      lines.push(parsed.data);
      return;
    }
    for (const e of parsed.error.issues) {
      const field = String(e.path[0] ?? 'total');
      const where = (LINE_FIELD[field] ?? LINE_FIELD.total!)(at(charge.index), at(invoice.index, `.lineItem[${l}]`));
      fail(where, e.message, `Line ${l + 1}: ${field} cannot be claimed as sent (${e.code}).`);
    }
  });
  if (lines.length > 1000)
    fail(at(invoice.index, '.lineItem'), '세부산정내역은 1000줄까지예요.', 'At most 1000 lines.', 'too-costly');

  const prescription = first<MedicationRequest>('MedicationRequest')?.resource;
  const issuer =
    visitCode === 'pharmacy'
      ? prescription?.requester?.identifier?.system === KR.krnpi
        ? prescription.requester.identifier.value
        : undefined
      : hospitalCd;
  const issued = prescription?.groupIdentifier?.value;
  const prescriptionKey = issuer && issued ? `${issuer}:${issued}` : null;

  const c = composition.resource;
  const replaces = c.relatesTo?.find((r) => r.code === 'replaces')?.targetIdentifier?.value ?? null;
  const kind: BundleKind =
    inv.status === 'cancelled' ? 'cancellation' : c.status === 'amended' && replaces ? 'correction' : 'original';
  if (issues.length) return { issues };

  const record: TreatmentRecordInput = {
    receiptNo,
    patient: { name, birthDate, ...(rrn ? { rrn } : {}), ...(ci ? { ci } : {}) },
    visitDate,
    // The feed's visit types are the vocabulary's labels (외래, 입원, 약국).
    visitType: VISIT_TYPE_NM[visitCode ?? 'outpatient'] as FeedVisitType,
    department: department.slice(0, 50),
    kcdCodes,
    coveredCopay: copay,
    uncovered,
    totalPaid,
    lines,
  };
  const contentHash = createHash('sha256')
    .update(JSON.stringify([kind, replaces, patientNo, record, prescriptionKey]))
    .digest('hex');
  return { visit: { kind, replaces, hospitalCd, patientNo, record, lines, prescriptionKey, contentHash }, issues };
}
