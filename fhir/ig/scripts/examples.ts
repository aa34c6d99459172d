// The guide's example bundles, written once as data: `npm run fhir:examples` renders each as FSH
// (fhir/ig/input/fsh/examples) and as JSON (fhir/ig/examples), the JSON that CI validates.
import type { Bundle } from '@medplum/fhirtypes';
import { lineTotal, silsonBundle, type EdiKind, type Share } from '../../../packages/kr-silson-claim/src/index';

/** One 세부산정내역 line. `pay`: 급여 at the visit's copay rate, 전액본인부담, or 비급여. */
export interface Line {
  category: string;
  edi: EdiKind;
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

function split(line: Line, total: number, rate: number): Record<Share, number> {
  if (line.pay === 'uncovered') return { copay: 0, insurer: 0, 'full-copay': 0, uncovered: total };
  if (line.pay === 'full') return { copay: 0, insurer: 0, 'full-copay': total, uncovered: 0 };
  const copay = Math.floor(total * rate);
  return { copay, insurer: total - copay, 'full-copay': 0, uncovered: 0 };
}

/** The example's bundle: the split of each line worked out at the visit's copay rate, then the kit's builder. */
export function bundleOf(v: Visit): Bundle {
  const { id, copayRate, lines, ...rest } = v;
  return silsonBundle({
    ...rest,
    seed: id,
    id: true,
    lines: lines.map((l) => {
      const { pay: _, ...line } = l;
      return { ...line, shares: split(l, lineTotal(l.unit, l.count, l.days), copayRate) };
    }),
  });
}
