// The guide's example bundles, written once as data: `npm run fhir:examples` renders each as FSH
// (fhir/ig/input/fsh/examples) and as JSON (fhir/ig/examples), the JSON that CI validates.
import type { Bundle } from '@medplum/fhirtypes';
import {
  lineTotal,
  silsonBundle,
  type Receipt,
  type ReceiptLine,
  type Share,
} from '../../../packages/kr-silson-claim/src/index';

/** One 세부산정내역 line as the builder takes it, its split left to `pay`: 급여 at the visit's copay rate, 전액본인부담, or 비급여. */
export type Line = Omit<ReceiptLine, 'shares' | 'total'> & { pay?: 'covered' | 'full' | 'uncovered' };

/** One example visit: the builder's receipt, named by `id`, with the copay rate its 급여 lines are split at. */
export type Visit = Omit<Receipt, 'seed' | 'id' | 'lines' | 'patient' | 'pdf'> & {
  id: string;
  patient: Receipt['patient'] & { rrn: string };
  /** 급여 본인부담률 of this visit (의원 외래 30 %, 입원 20 %, 6세 미만 외래 21 %, 의료급여 1종 정액 …) */
  copayRate: number;
  lines: Line[];
  pdf?: boolean;
};

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
