// A KR 실손 Claim bundle from one receipt as plain data (fhir/ig/README.md, "The bundle"): the guide's examples and
// the EMR vendor kit (packages/hospital-client) both write their bundles with it, so a vendor's bundle has the shape
// of the examples. The fullUrls are derived from `seed`: the same receipt always gives the same bundle.
import { createHash } from 'node:crypto';
import type {
  Bundle,
  BundleEntry,
  ChargeItem,
  Composition,
  Condition,
  DocumentReference,
  Encounter,
  Invoice,
  MedicationRequest,
  Organization,
  Patient,
  Resource,
} from '@medplum/fhirtypes';
import { lineTotal } from './profile';
import { KR, SHARES, SILSON, type Share } from './systems';

export type EdiKind = 'procedure' | 'medication' | 'material';
export const EDI_SYSTEM: Record<EdiKind, string> = {
  procedure: KR.ediProcedure,
  medication: KR.ediMedication,
  material: KR.ediMaterial,
};

/** One 세부산정내역 line with its split as printed (급여 본인부담금, 공단부담금, 전액본인부담, 비급여). */
export interface ReceiptLine {
  /** 항목: a code of silson-item-category (consult, lab, drug, …) */
  category: string;
  edi: EdiKind;
  code: string;
  name: string;
  /** 일자, YYYY-MM-DD */
  date: string;
  unit: number;
  count: number;
  days: number;
  /** 총액; when absent, 단가 × 횟수 × 일수 cut to whole won */
  total?: number;
  shares: Record<Share, number>;
}

/** One receipt (진료비 계산서·영수증) with its lines, 처방전 and PDF, as an EMR knows it. */
export interface Receipt {
  /** Seeds the fullUrls (and is the Bundle.id when `id` is true). */
  seed: string;
  /** Write `seed` as Bundle.id (the guide's examples do; a vendor's bundle need not). */
  id?: boolean;
  title: string;
  org: { krnpi: string; type: string; name: string };
  /**
   * The hospital's 등록번호, and the 주민등록번호 (or the CI) by which the claim engine finds her subscription (fhir/ig
   * README, "Rules"; ADR 0008).
   */
  patient: {
    no: string;
    name: string;
    gender: 'male' | 'female' | 'other' | 'unknown';
    birthDate: string;
    rrn?: string;
    ci?: string;
  };
  visit: 'outpatient' | 'inpatient' | 'pharmacy';
  /** 보험자구분 (hira-insurance-types): 4 건강보험, 5 의료급여, 7 보훈, 9 무료진료 */
  insurance: '4' | '5' | '7' | '9';
  start: string;
  end: string;
  receiptNo: string;
  diagnoses: { code: string; display?: string }[];
  lines: ReceiptLine[];
  prescription?: {
    no: string;
    code: string;
    atc: string;
    name: string;
    perDose: number;
    perDay: number;
    days: number;
    by?: string;
  };
  /** The receipt as PDF (a DocumentReference); the guide's examples carry a placeholder. */
  pdf?: Buffer | boolean;
  replaces?: string;
  cancelled?: string;
}

const INSURANCE_NAMES: Record<Receipt['insurance'], string> = {
  '4': '건강보험',
  '5': '의료급여',
  '7': '보훈',
  '9': '무료진료',
};

const uuid = (seed: string) => {
  const h = createHash('sha256').update(seed).digest('hex');
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const krw = (value: number) => ({ value, currency: 'KRW' as const });

export function silsonBundle(v: Receipt): Bundle {
  const url = (name: string) => uuid(`${v.seed}/${name}`);
  const ref = (name: string) => ({ reference: url(name) });
  const entries: [string, Resource][] = [];
  const org: Organization = {
    resourceType: 'Organization',
    identifier: [{ system: KR.krnpi, value: v.org.krnpi }],
    type: [{ coding: [{ system: KR.organizationTypes, code: v.org.type }] }],
    name: v.org.name,
  };
  const patient: Patient = {
    resourceType: 'Patient',
    identifier: [
      { system: `${SILSON.patientNumber}/${v.org.krnpi}`, value: v.patient.no },
      ...(v.patient.rrn ? [{ system: SILSON.rrn, value: v.patient.rrn }] : []),
      ...(v.patient.ci ? [{ system: SILSON.ci, value: v.patient.ci }] : []),
    ],
    name: [{ text: v.patient.name }],
    gender: v.patient.gender,
    birthDate: v.patient.birthDate,
  };
  const encounter: Encounter = {
    resourceType: 'Encounter',
    extension: [
      {
        url: KR.insuranceTypeExtension,
        valueCodeableConcept: {
          coding: [{ system: KR.insuranceTypes, code: v.insurance, display: INSURANCE_NAMES[v.insurance] }],
        },
      },
    ],
    status: 'finished',
    class: {
      system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
      code: v.visit === 'inpatient' ? 'IMP' : 'AMB',
    },
    type: [{ coding: [{ system: SILSON.doc, code: v.visit }] }],
    subject: ref('patient'),
    period: { start: v.start, end: v.end },
    serviceProvider: ref('org'),
  };
  const conditions = v.diagnoses.map((d): Condition => ({
    resourceType: 'Condition',
    clinicalStatus: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }],
    },
    category: [
      {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'encounter-diagnosis' }],
      },
    ],
    code: { coding: [{ system: KR.kcd8, code: d.code, display: d.display }] },
    subject: ref('patient'),
    encounter: ref('encounter'),
    recordedDate: v.start.slice(0, 10),
  }));
  const charges: ChargeItem[] = v.lines.map((l) => ({
    resourceType: 'ChargeItem',
    extension: [
      { url: SILSON.categoryExtension, valueCoding: { system: SILSON.itemCategory, code: l.category } },
      { url: SILSON.daysExtension, valuePositiveInt: l.days },
    ],
    status: 'billed',
    code: { coding: [{ system: EDI_SYSTEM[l.edi], code: l.code, display: l.name }] },
    subject: ref('patient'),
    context: ref('encounter'),
    occurrenceDateTime: l.date,
    quantity: { value: l.count },
    priceOverride: krw(l.unit),
  }));
  const sums: Record<Share, number> = { copay: 0, insurer: 0, 'full-copay': 0, uncovered: 0 };
  let gross = 0;
  const lineItem = v.lines.map((l, i) => {
    const total = l.total ?? lineTotal(l.unit, l.count, l.days);
    const parts = l.shares;
    gross += total;
    for (const s of SHARES) sums[s] += parts[s];
    return {
      sequence: i + 1,
      chargeItemReference: ref(`line-${i + 1}`),
      priceComponent: [
        { type: 'base' as const, amount: krw(total) },
        ...SHARES.map((s) => ({
          type: 'informational' as const,
          code: { coding: [{ system: SILSON.share, code: s }] },
          amount: krw(parts[s]),
        })),
      ],
    };
  });
  const invoice: Invoice = {
    resourceType: 'Invoice',
    identifier: [{ system: `${SILSON.receiptNumber}/${v.org.krnpi}`, value: v.receiptNo }],
    status: v.cancelled ? 'cancelled' : 'issued',
    ...(v.cancelled ? { cancelledReason: v.cancelled } : {}),
    subject: ref('patient'),
    recipient: ref('patient'),
    date: v.end,
    issuer: ref('org'),
    lineItem,
    totalPriceComponent: SHARES.map((s) => ({
      type: 'informational' as const,
      code: { coding: [{ system: SILSON.share, code: s }] },
      amount: krw(sums[s]),
    })),
    totalNet: krw(sums.copay + sums['full-copay'] + sums.uncovered),
    totalGross: krw(gross),
  };
  const p = v.prescription;
  const prescription: MedicationRequest | undefined = p && {
    resourceType: 'MedicationRequest',
    groupIdentifier: { system: SILSON.prescriptionNumber, value: p.no },
    status: v.visit === 'pharmacy' ? 'completed' : 'active',
    intent: 'order',
    medicationCodeableConcept: {
      // KR Core asks for the ingredient beside a product code.
      extension: [
        { url: KR.medicationIngredientExtension, valueCodeableConcept: { coding: [{ system: KR.atc, code: p.atc }] } },
      ],
      coding: [{ system: KR.ediMedication, code: p.code, display: p.name }],
    },
    subject: ref('patient'),
    ...(v.visit === 'pharmacy' ? {} : { encounter: ref('encounter') }),
    authoredOn: v.start,
    requester: p.by ? { identifier: { system: KR.krnpi, value: p.by } } : ref('org'),
    dosageInstruction: [
      {
        text: `1회 ${p.perDose}정, 1일 ${p.perDay}회, ${p.days}일분`,
        timing: {
          repeat: {
            frequency: p.perDay,
            period: 1,
            periodUnit: 'd',
            boundsDuration: { value: p.days, unit: '일', system: 'http://unitsofmeasure.org', code: 'd' },
          },
        },
        doseAndRate: [{ doseQuantity: { value: p.perDose, unit: '정' } }],
      },
    ],
    dispenseRequest: {
      expectedSupplyDuration: { value: p.days, unit: '일', system: 'http://unitsofmeasure.org', code: 'd' },
    },
  };
  const pdf: DocumentReference | undefined | false = v.pdf && {
    resourceType: 'DocumentReference',
    status: 'current',
    type: { coding: [{ system: SILSON.doc, code: 'receipt-pdf', display: '진료비 계산서·영수증 (PDF)' }] },
    subject: ref('patient'),
    date: v.end,
    author: [ref('org')],
    content: [
      {
        attachment: {
          contentType: 'application/pdf',
          title: `영수증-${v.receiptNo}.pdf`,
          data: (Buffer.isBuffer(v.pdf) ? v.pdf : Buffer.from('%PDF-1.4\n%%EOF\n')).toString('base64'),
        },
      },
    ],
  };
  const section = (code: string, title: string, names: string[]) => ({
    title,
    code: { coding: [{ system: SILSON.doc, code }] },
    entry: names.map(ref),
  });
  const composition: Composition = {
    resourceType: 'Composition',
    identifier: { system: `${SILSON.receiptNumber}/${v.org.krnpi}`, value: v.receiptNo },
    status: v.replaces ? 'amended' : 'final',
    type: { coding: [{ system: SILSON.doc, code: 'receipt', display: '진료비 계산서·영수증' }] },
    subject: ref('patient'),
    encounter: ref('encounter'),
    date: v.end,
    author: [ref('org')],
    title: v.title,
    ...(v.replaces
      ? {
          relatesTo: [
            {
              code: 'replaces',
              targetIdentifier: { system: `${SILSON.receiptNumber}/${v.org.krnpi}`, value: v.replaces },
            },
          ],
        }
      : {}),
    section: [
      section('receipt', '진료비 계산서·영수증', ['invoice']),
      section(
        'lines',
        '진료비 세부산정내역',
        v.lines.map((_, i) => `line-${i + 1}`),
      ),
      ...(prescription ? [section('prescription', '처방전', ['prescription'])] : []),
      ...(pdf ? [section('attachments', '첨부', ['pdf'])] : []),
    ],
  };
  entries.push(['composition', composition], ['patient', patient], ['org', org]);
  entries.push(['encounter', encounter]);
  conditions.forEach((c, i) => entries.push([`condition-${i + 1}`, c]));
  entries.push(['invoice', invoice]);
  charges.forEach((c, i) => entries.push([`line-${i + 1}`, c]));
  if (prescription) entries.push(['prescription', prescription]);
  if (pdf) entries.push(['pdf', pdf]);
  return {
    resourceType: 'Bundle',
    ...(v.id ? { id: v.seed } : {}),
    meta: { profile: [SILSON.bundle] },
    identifier: { system: `${SILSON.receiptNumber}/${v.org.krnpi}`, value: v.receiptNo },
    type: 'document',
    timestamp: v.end,
    entry: entries.map(([name, resource]): BundleEntry => ({ fullUrl: url(name), resource })),
  };
}
