// The directory an EMR writes (fhir/ig/README.md, "EMR vendor kit"), one receipt per name:
//   <name>.receipt.csv | <name>.receipt.json   the visit/receipt header: one row (CSV with its header line) or one object
//   <name>.lines.csv   | <name>.lines.json     the 세부산정내역: one row (or object) per line
//   <name>.pdf                                 the receipt as PDF, if the EMR prints one (optional)
//   <name>.bundle.json                         or a KR 실손 Claim bundle the EMR already writes, sent as it is
// A receipt whose header or lines are not there yet is left for the next run: the EMR should write each file under
// another name and rename it when complete.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Bundle } from '@medplum/fhirtypes';
import { silsonBundle } from '@auto-claim/kr-silson-claim';
import { csvRecords } from './csv.js';
import { MappingError, receiptOf, type Mapping } from './mapping.js';

export interface ExportItem {
  /** The receipt's name in the directory (its files' common stem). */
  name: string;
  bundle?: Bundle;
  /** Why it could not be read or mapped (Korean). */
  error?: string;
}

const KINDS = ['.receipt.csv', '.receipt.json', '.lines.csv', '.lines.json', '.bundle.json', '.pdf'] as const;

function rowsOf(file: string, m: Mapping | undefined): Record<string, string>[] {
  const bytes = readFileSync(file);
  if (file.endsWith('.json')) {
    const json: unknown = JSON.parse(bytes.toString('utf8'));
    const list = Array.isArray(json) ? json : [json];
    return list.map((o) =>
      Object.fromEntries(Object.entries(o as object).map(([k, v]) => [k, v === null ? '' : String(v).trim()])),
    );
  }
  const text = new TextDecoder(m?.encoding ?? 'utf-8').decode(bytes);
  return csvRecords(text, m?.delimiter ?? ',');
}

/** Every receipt of `dir`, mapped by `mapping` (bundles written by the EMR need none), in name order. */
export function readExport(dir: string, mapping: Mapping | undefined): ExportItem[] {
  const files = new Map<string, Set<string>>();
  for (const f of readdirSync(dir)) {
    const kind = KINDS.find((k) => f.endsWith(k));
    if (!kind) continue;
    const name = f.slice(0, -kind.length);
    files.set(name, (files.get(name) ?? new Set()).add(kind));
  }
  const items: ExportItem[] = [];
  for (const [name, kinds] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const file = (kind: string) => path.join(dir, `${name}${kind}`);
    try {
      if (kinds.has('.bundle.json')) {
        items.push({ name, bundle: JSON.parse(readFileSync(file('.bundle.json'), 'utf8')) as Bundle });
        continue;
      }
      const header = kinds.has('.receipt.csv') ? '.receipt.csv' : kinds.has('.receipt.json') ? '.receipt.json' : '';
      const lines = kinds.has('.lines.csv') ? '.lines.csv' : kinds.has('.lines.json') ? '.lines.json' : '';
      if (!header || !lines) continue;
      if (!mapping) throw new MappingError(`${name}: CSV를 번들로 바꾸려면 --mapping 파일이 필요해요.`);
      const [row, ...more] = rowsOf(file(header), mapping);
      if (!row || more.length) throw new MappingError(`${name}${header}: 영수증은 한 행이어야 해요.`);
      const receipt = receiptOf(row, rowsOf(file(lines), mapping), mapping, name);
      items.push({
        name,
        bundle: silsonBundle({ ...receipt, ...(kinds.has('.pdf') ? { pdf: readFileSync(file('.pdf')) } : {}) }),
      });
    } catch (err) {
      items.push({
        name,
        error: err instanceof MappingError ? err.message : `${name}: 읽을 수 없어요 (${(err as Error).message}).`,
      });
    }
  }
  return items;
}
