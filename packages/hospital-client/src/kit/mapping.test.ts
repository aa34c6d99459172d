// The sample EMR export (examples/emr-export) through the sample mapping file (examples/haneul-chart.mapping.json):
// every receipt becomes a bundle the guide's validator accepts, with the EMR's columns where the guide puts them.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChargeItem, Composition, Condition, DocumentReference, Invoice } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { KR, loadR4, validateSilsonBundle } from '@auto-claim/kr-silson-claim';
import { csvRecords, parseMapping, readDate, readExport } from './index.js';

const examples = path.resolve(import.meta.dirname, '../../examples');
const mappingFile = path.join(examples, 'haneul-chart.mapping.json');
const mapping = parseMapping(readFileSync(mappingFile, 'utf8'));
const of = <T>(b: { entry?: { resource?: unknown }[] }, type: string) =>
  (b.entry ?? []).map((e) => e.resource as T & { resourceType: string }).filter((r) => r.resourceType === type);

beforeAll(() => loadR4(), 120_000);

describe('an EMR export mapped by its product’s mapping file', () => {
  it('maps every receipt of the sample export to a bundle that conforms to FHIR R4 and the guide', () => {
    const items = readExport(path.join(examples, 'emr-export'), mapping);
    expect(items.map((i) => i.name)).toEqual(['20261102-0001', '20261103-0001-C1', '20261105-0003', '20261107-0002']);
    for (const item of items) {
      expect(item.error).toBeUndefined();
      expect(validateSilsonBundle(item.bundle!)).toEqual([]);
    }
    const [clinic, corrected, child] = items.map((i) => i.bundle!);
    // Quoted CSV (a name with a comma), amounts written with thousands separators, codes by their pattern.
    const lines = of<ChargeItem>(clinic!, 'ChargeItem');
    expect(lines.map((l) => [l.code?.coding?.[0]?.system, l.code?.coding?.[0]?.code])).toEqual([
      [KR.ediProcedure, 'AA154'],
      [KR.ediProcedure, 'D2200'],
      [KR.ediMedication, '645301220'],
    ]);
    expect(lines[2]!.code?.coding?.[0]?.display).toBe('아세트아미노펜정500mg, 1정');
    expect(lines[0]!.priceOverride?.value).toBe(18410);
    expect(lines[0]!.occurrenceDateTime).toBe('2026-11-02');
    expect(of<Invoice>(clinic!, 'Invoice')[0]!.totalGross?.value).toBe(18410 + 3810 + 459);
    expect(of<DocumentReference>(clinic!, 'DocumentReference')[0]!.content[0]!.attachment.contentType).toBe(
      'application/pdf',
    );
    expect(clinic!.identifier).toEqual({
      system: 'http://auto-claim.kr/fhir/kr-silson-claim/NamingSystem/receipt/90000002',
      value: 'R-20261102-0001',
    });
    // A header given as JSON; the corrected receipt names the one it replaces.
    expect(of<Composition>(corrected!, 'Composition')[0]!.relatesTo?.[0]?.targetIdentifier?.value).toBe(
      'R-20261102-0001',
    );
    // KCD written without its dot (H669) gets it (kcdDot).
    expect(of<Condition>(child!, 'Condition')[0]!.code?.coding?.[0]?.code).toBe('H66.9');
  });

  it('maps the same export to the same bundle every time (the queue and the server know it again)', () => {
    const a = readExport(path.join(examples, 'emr-export'), mapping);
    const b = readExport(path.join(examples, 'emr-export'), mapping);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('reads EUC-KR, and names the file, row and column of what it cannot map', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kit-map-'));
    const src = path.join(examples, 'emr-export');
    const eucKr = { ...mapping, encoding: 'euc-kr' as const };
    // EUC-KR bytes of the sample's header, as an older EMR writes them.
    const header = readFileSync(path.join(src, '20261107-0002.receipt.csv'), 'utf8');
    writeFileSync(path.join(dir, 'a.receipt.csv'), Buffer.from(new TextEncoderEucKr().encode(header)));
    writeFileSync(
      path.join(dir, 'a.lines.csv'),
      Buffer.from(new TextEncoderEucKr().encode(readFileSync(path.join(src, '20261107-0002.lines.csv'), 'utf8'))),
    );
    const [ok] = readExport(dir, eucKr);
    expect(ok?.error).toBeUndefined();
    expect(validateSilsonBundle(ok!.bundle!)).toEqual([]);

    const lines = readFileSync(path.join(src, '20261107-0002.lines.csv'), 'utf8').replace(',81,', ',81.5,');
    writeFileSync(path.join(dir, 'b.receipt.csv'), header);
    writeFileSync(path.join(dir, 'b.lines.csv'), lines);
    writeFileSync(path.join(dir, 'c.receipt.csv'), header.replace('202611070900', '2026-11-07 09:00'));
    writeFileSync(path.join(dir, 'c.lines.csv'), readFileSync(path.join(src, '20261107-0002.lines.csv')));
    const [, b, c] = readExport(dir, mapping);
    expect(b?.error).toBe("b: 세부산정내역 2행의 '본인부담금' 값 '81.5'이 원 단위 정수가 아니에요.");
    expect(c?.error).toBe("c: 진료 시작 '2026-11-07 09:00'이 날짜·시간 형식(YYYYMMDDHHmm)과 맞지 않아요.");
  });

  it('reads dates by the mapping’s pattern, refusing days that do not exist', () => {
    expect(readDate('20261102', 'YYYYMMDD')).toBe('2026-11-02');
    expect(readDate('2026.11.02 09:10', 'YYYY.MM.DD HH:mm')).toBe('2026-11-02T09:10:00+09:00');
    expect(readDate('20260230', 'YYYYMMDD')).toBeUndefined();
    expect(readDate('2026-11-02', 'YYYYMMDD')).toBeUndefined();
  });

  it('parses CSV as RFC 4180 writes it', () => {
    expect(csvRecords('\uFEFFa,b\r\n"x, ""y""",2\r\n\r\n')).toEqual([{ a: 'x, "y"', b: '2' }]);
  });
});

/** EUC-KR bytes for Hangul and ASCII, through the platform's decoder's table read backwards (Node has no encoder). */
class TextEncoderEucKr {
  private static table: Map<string, number[]> | undefined;
  encode(text: string): number[] {
    const table = (TextEncoderEucKr.table ??= (() => {
      const dec = new TextDecoder('euc-kr');
      const t = new Map<string, number[]>();
      for (let a = 0xa1; a <= 0xfe; a++)
        for (let b = 0xa1; b <= 0xfe; b++) t.set(dec.decode(Uint8Array.of(a, b)), [a, b]);
      return t;
    })());
    return [...text].flatMap((ch) => (ch.charCodeAt(0) < 0x80 ? [ch.charCodeAt(0)] : (table.get(ch) ?? [0x3f])));
  }
}
