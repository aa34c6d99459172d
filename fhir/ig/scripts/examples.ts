// The guide's example bundles, written once as data: `npm run fhir:examples` renders each as FSH
// (fhir/ig/input/fsh/examples) and as JSON (fhir/ig/examples), the JSON that CI validates.
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
import { KR, lineTotal, SHARES, SILSON, type Share } from '../../../packages/kr-silson-claim/src/index';

type Edi = 'procedure' | 'medication' | 'material';
const EDI: Record<Edi, string> = { procedure: KR.ediProcedure, medication: KR.ediMedication, material: KR.ediMaterial };

/** One 세부산정내역 line. `pay`: 급여 at the visit's copay rate, 전액본인부담, or 비급여. */
export interface Line {
  category: string;
  edi: Edi;
  code: string;
  name: string;
  date: string;
  unit: number;
  count: number;
  days: number;
  pay?: 'covered' | 'full' | 'uncovered';
}

export interface Visit {
  id: string;
  title: string;
  org: { krnpi: string; type: string; name: string };
  /** rrn: the 주민등록번호 (13 digits) the claim is matched by; test numbers, 0s after the gender digit. */
  patient: { no: string; name: string; gender: 'male' | 'female'; birthDate: string; rrn: string };
  visit: 'outpatient' | 'inpatient' | 'pharmacy';
  /** 보험자구분 (hira-insurance-types): 4 건강보험, 5 의료급여 */
  insurance: '4' | '5';
  /** 급여 본인부담률 of this visit (의원 외래 30 %, 입원 20 %, 6세 미만 외래 21 %, 의료급여 1종 정액 …) */
  copayRate: number;
  start: string;
  end: string;
  receiptNo: string;
  diagnoses: { code: string; display: string }[];
  lines: Line[];
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
  pdf?: boolean;
  replaces?: string;
  cancelled?: string;
}

const uuid = (seed: string) => {
  const h = createHash('sha256').update(seed).digest('hex');
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const krw = (value: number) => ({ value, currency: 'KRW' as const });

function split(line: Line, total: number, rate: number): Record<Share, number> {
  if (line.pay === 'uncovered') return { copay: 0, insurer: 0, 'full-copay': 0, uncovered: total };
  if (line.pay === 'full') return { copay: 0, insurer: 0, 'full-copay': total, uncovered: 0 };
  const copay = Math.floor(total * rate);
  return { copay, insurer: total - copay, 'full-copay': 0, uncovered: 0 };
}

export function bundleOf(v: Visit): Bundle {
  const url = (name: string) => uuid(`${v.id}/${name}`);
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
      { system: SILSON.rrn, value: v.patient.rrn },
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
          coding: [
            { system: KR.insuranceTypes, code: v.insurance, display: v.insurance === '4' ? '건강보험' : '의료급여' },
          ],
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
    code: { coding: [{ system: EDI[l.edi], code: l.code, display: l.name }] },
    subject: ref('patient'),
    context: ref('encounter'),
    occurrenceDateTime: l.date,
    quantity: { value: l.count },
    priceOverride: krw(l.unit),
  }));
  const sums: Record<Share, number> = { copay: 0, insurer: 0, 'full-copay': 0, uncovered: 0 };
  let gross = 0;
  const lineItem = v.lines.map((l, i) => {
    const total = lineTotal(l.unit, l.count, l.days);
    const parts = split(l, total, v.copayRate);
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
          data: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
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
    id: v.id,
    meta: { profile: [SILSON.bundle] },
    identifier: { system: `${SILSON.receiptNumber}/${v.org.krnpi}`, value: v.receiptNo },
    type: 'document',
    timestamp: v.end,
    entry: entries.map(([name, resource]): BundleEntry => ({ fullUrl: url(name), resource })),
  };
}
