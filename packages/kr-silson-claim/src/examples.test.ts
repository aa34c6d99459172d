// Every example of the guide (fhir/ig/examples) conforms to FHIR R4 and to the guide; each rule of the guide refuses
// a broken copy of an example and names the offending element by its FHIRPath.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Bundle, ChargeItem, Composition, Encounter, Invoice, Organization } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkProfile, KR, loadR4, validateR4, validateSilsonBundle } from './index';

const ig = path.resolve(import.meta.dirname, '../../../fhir/ig');
const files = readdirSync(path.join(ig, 'examples')).filter((f) => f.endsWith('.json'));
const read = (file: string): Bundle => JSON.parse(readFileSync(path.join(ig, 'examples', file), 'utf8'));
const entry = <T>(b: Bundle, type: string, nth = 0) =>
  b.entry!.filter((e) => e.resource!.resourceType === type)[nth]!.resource as T;
const indexOf = (b: Bundle, type: string, nth = 0) =>
  b.entry!.findIndex((e) => e === b.entry!.filter((x) => x.resource!.resourceType === type)[nth]);

beforeAll(() => loadR4(), 120_000);

describe('the guide’s examples', () => {
  it('are the ten the guide names, each as FSH and as JSON', () => {
    const ids = files.map((f) => f.replace(/\.json$/, '')).sort();
    expect(ids).toEqual(
      [
        'cancelled',
        'child',
        'clinic-outpatient',
        'corrected',
        'dental',
        'hospital-outpatient',
        'inpatient',
        'long-stay',
        'medical-aid',
        'pharmacy',
      ].sort(),
    );
    for (const id of ids)
      expect(readFileSync(path.join(ig, 'input/fsh/examples', `${id}.fsh`), 'utf8')).toContain(`Instance: ${id}\n`);
    expect(
      read('long-stay.json').entry!.filter((e) => e.resource!.resourceType === 'ChargeItem').length,
    ).toBeGreaterThanOrEqual(30);
  });

  it.each(files)('%s conforms to FHIR R4 and to the guide', (file) => {
    expect(validateSilsonBundle(read(file))).toEqual([]);
  });
});

/** A broken copy of the clinic's example, and the FHIRPath the refusal must name. */
const probes: [string, (b: Bundle) => string][] = [
  [
    'FHIR R4: a JSON type (an amount as text)',
    (b) => {
      const i = indexOf(b, 'Invoice');
      (entry<Invoice>(b, 'Invoice').totalGross as any).value = '35000';
      return `Bundle.entry[${i}].resource.totalGross.value`;
    },
  ],
  [
    'FHIR R4: a required element (Composition.title)',
    (b) => {
      delete (entry<Composition>(b, 'Composition') as any).title;
      return 'Bundle.entry[0].resource.title';
    },
  ],
  [
    'FHIR R4: a document invariant (bdl-11, the Composition first)',
    (b) => {
      b.entry!.push(b.entry!.shift()!);
      return 'Bundle';
    },
  ],
  [
    'the 요양기관기호 in KR Core’s naming system',
    (b) => {
      entry<Organization>(b, 'Organization').identifier![0]!.system = 'https://hira.or.kr/knpi';
      return `Bundle.entry[${indexOf(b, 'Organization')}].resource.identifier`;
    },
  ],
  [
    'the 주민등록번호 the claim is matched by, its first six the birth date',
    (b) => {
      const i = indexOf(b, 'Patient');
      const patient = b.entry![i]!.resource as { identifier: { value: string }[] };
      patient.identifier[1]!.value = '5803152000000';
      return `Bundle.entry[${i}].resource.identifier[1].value`;
    },
  ],
  [
    'KCD-8 on the Condition',
    (b) => {
      const c = b.entry![indexOf(b, 'Condition')]!.resource as any;
      c.code.coding[0].system = 'http://hl7.org/fhir/sid/icd-10';
      return `Bundle.entry[${indexOf(b, 'Condition')}].resource.code.coding`;
    },
  ],
  [
    'the 보험자구분 on the Encounter',
    (b) => {
      entry<Encounter>(b, 'Encounter').extension![0]!.valueCodeableConcept!.coding![0]!.code = '1';
      return `Bundle.entry[${indexOf(b, 'Encounter')}].resource.extension[0].valueCodeableConcept.coding[0]`;
    },
  ],
  [
    'a line coded in HIRA EDI',
    (b) => {
      entry<ChargeItem>(b, 'ChargeItem', 1).code.coding![0]!.system = 'urn:oid:1.2.410.100110.10.41';
      return `Bundle.entry[${indexOf(b, 'ChargeItem', 1)}].resource.code.coding`;
    },
  ],
  [
    'a line’s days',
    (b) => {
      entry<ChargeItem>(b, 'ChargeItem').extension!.pop();
      return `Bundle.entry[${indexOf(b, 'ChargeItem')}].resource.extension`;
    },
  ],
  [
    'line total = unit price × count × days',
    (b) => {
      entry<ChargeItem>(b, 'ChargeItem', 1).priceOverride!.value = 3900;
      return `Bundle.entry[${indexOf(b, 'Invoice')}].resource.lineItem[1].priceComponent[0].amount.value`;
    },
  ],
  [
    'a line’s split sums to its total',
    (b) => {
      entry<Invoice>(b, 'Invoice').lineItem![0]!.priceComponent![2]!.amount!.value! += 10;
      return `Bundle.entry[${indexOf(b, 'Invoice')}].resource.lineItem[0].priceComponent`;
    },
  ],
  [
    'the receipt’s total = the lines’ sum',
    (b) => {
      entry<Invoice>(b, 'Invoice').totalGross!.value! += 100;
      return `Bundle.entry[${indexOf(b, 'Invoice')}].resource.totalGross.value`;
    },
  ],
  [
    'the receipt’s 본인부담 = the lines’ sum',
    (b) => {
      entry<Invoice>(b, 'Invoice').totalPriceComponent![0]!.amount!.value! -= 1;
      return `Bundle.entry[${indexOf(b, 'Invoice')}].resource.totalPriceComponent[0].amount.value`;
    },
  ],
  [
    'what the patient pays = 본인부담 + 전액본인부담 + 비급여',
    (b) => {
      entry<Invoice>(b, 'Invoice').totalNet!.value! += 1;
      return `Bundle.entry[${indexOf(b, 'Invoice')}].resource.totalNet.value`;
    },
  ],
  [
    'a section entry resolves in the bundle',
    (b) => {
      entry<Composition>(b, 'Composition').section![1]!.entry![0]!.reference =
        'urn:uuid:00000000-0000-4000-a000-000000000000';
      return 'Bundle.entry[0].resource.section[1].entry[0].reference';
    },
  ],
  [
    'a corrected receipt names the one it replaces',
    (b) => {
      entry<Composition>(b, 'Composition').status = 'amended';
      return 'Bundle.entry[0].resource.relatesTo';
    },
  ],
  [
    'the 처방전’s 교부번호 and KR Core’s ingredient',
    (b) => {
      const m = b.entry![indexOf(b, 'MedicationRequest')]!.resource as any;
      delete m.medicationCodeableConcept.extension;
      return `Bundle.entry[${indexOf(b, 'MedicationRequest')}].resource.medicationCodeableConcept.extension`;
    },
  ],
  [
    'a required R4 code (Patient.gender), which the library does not check',
    (b) => {
      (b.entry![indexOf(b, 'Patient')]!.resource as any).gender = 'F';
      return `Bundle.entry[${indexOf(b, 'Patient')}].resource.gender`;
    },
  ],
  [
    'a required R4 code (priceComponent.type)',
    (b) => {
      (entry<Invoice>(b, 'Invoice').lineItem![0]!.priceComponent![0] as any).type = 'total';
      return `Bundle.entry[${indexOf(b, 'Invoice')}].resource.lineItem[0].priceComponent[0].type`;
    },
  ],
  [
    'the patient’s birthDate',
    (b) => {
      delete (b.entry![indexOf(b, 'Patient')]!.resource as any).birthDate;
      return `Bundle.entry[${indexOf(b, 'Patient')}].resource.birthDate`;
    },
  ],
];

describe('each rule refuses a broken copy, naming the element', () => {
  it.each(probes)('%s', (_name, breakIt) => {
    const bundle = read('clinic-outpatient.json');
    const expression = breakIt(bundle);
    const issues = validateSilsonBundle(bundle);
    expect(issues.map((i) => i.expression)).toContain(expression);
    for (const i of issues) {
      expect(i.ko).toMatch(/[가-힣]/);
      expect(i.en).toMatch(/[A-Za-z]/);
    }
  });

  it('the base definitions and the guide’s rules are checked apart (an R4-valid bundle may break the guide)', () => {
    const bundle = read('clinic-outpatient.json');
    entry<Organization>(bundle, 'Organization').identifier![0]!.system = KR.kcd8;
    expect(validateR4(bundle)).toEqual([]);
    expect(checkProfile(bundle).map((i) => i.rule)).toContain('organization');
  });
});

describe('the committed JSON is the rendering of fhir/ig/scripts/visits.ts', () => {
  it('matches npm run fhir:examples', async () => {
    const { bundleOf } = await import('../../../fhir/ig/scripts/examples');
    const { visits } = await import('../../../fhir/ig/scripts/visits');
    for (const v of visits) expect(read(`${v.id}.json`)).toEqual(JSON.parse(JSON.stringify(bundleOf(v))));
  });
});

describe('the guide’s profiles, extensions and code systems (fhir/ig/profiles)', () => {
  it('are valid FHIR R4 resources and the rendering of fhir/ig/scripts/profiles.ts', async () => {
    const { conformance } = await import('../../../fhir/ig/scripts/profiles');
    const expected = conformance();
    const dir = path.join(ig, 'profiles');
    expect(readdirSync(dir).sort()).toEqual(expected.map((r) => `${r.resourceType}-${r.id}.json`).sort());
    for (const r of expected) {
      const json = JSON.parse(readFileSync(path.join(dir, `${r.resourceType}-${r.id}.json`), 'utf8'));
      expect(json).toEqual(JSON.parse(JSON.stringify(r)));
      expect(validateR4(json)).toEqual([]);
    }
  });
});
