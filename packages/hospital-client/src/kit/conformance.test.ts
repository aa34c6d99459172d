// auto-claim-kit conformance: the guide's ten examples and the vendor's own output through the local validator.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Bundle, Invoice } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadR4 } from '@auto-claim/kr-silson-claim';
import { conformance, GUIDE_EXAMPLES, type Io } from './index.js';

const pkg = path.resolve(import.meta.dirname, '../..');
const capture = () => {
  const lines: string[] = [];
  const io: Io = { out: (l) => lines.push(l), err: (l) => lines.push(l) };
  return { lines, io };
};

beforeAll(() => loadR4(), 120_000);

describe('conformance', () => {
  it('passes the guide’s ten examples and the sample export mapped by its mapping file', () => {
    const { lines, io } = capture();
    const code = conformance(
      { dir: path.join(pkg, 'examples/emr-export'), mapping: path.join(pkg, 'examples/haneul-chart.mapping.json') },
      io,
    );
    expect(code, lines.join('\n')).toBe(0);
    expect(lines.filter((l) => l.startsWith('통과  가이드'))).toHaveLength(10);
    expect(lines.filter((l) => l.startsWith('통과  업체'))).toHaveLength(4);
    expect(lines.at(-1)).toBe('통과 14 · 실패 0');
  });

  it('fails, naming the element, on a vendor bundle that breaks the guide', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kit-conf-'));
    const bundle = JSON.parse(readFileSync(path.join(GUIDE_EXAMPLES, 'dental.json'), 'utf8')) as Bundle;
    const i = bundle.entry!.findIndex((e) => e.resource?.resourceType === 'Invoice');
    (bundle.entry![i]!.resource as Invoice).totalGross!.value! += 1;
    writeFileSync(path.join(dir, 'broken.bundle.json'), JSON.stringify(bundle));
    const { lines, io } = capture();
    expect(conformance({ dir }, io)).toBe(1);
    const at = lines.findIndex((l) => l.startsWith('실패  업체  broken'));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toContain(`Bundle.entry[${i}].resource.totalGross`);
    expect(lines.at(-1)).toBe('통과 10 · 실패 1');
  });

  it('fails when the vendor’s directory holds nothing to check', () => {
    const { io } = capture();
    expect(conformance({ dir: mkdtempSync(path.join(tmpdir(), 'kit-empty-')) }, io)).toBe(1);
  });
});
