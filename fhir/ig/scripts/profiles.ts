// The guide's conformance resources as JSON, differential only (SUSHI would add the snapshot, which needs the FHIR
// packages): the same constraints as input/fsh, rendered by npm run fhir:examples into fhir/ig/profiles.
import type { CodeSystem, ElementDefinition, StructureDefinition } from '@medplum/fhirtypes';
import { IG, KR, SILSON } from '../../../packages/kr-silson-claim/src/index';

const R4 = 'http://hl7.org/fhir/StructureDefinition';
const KRCORE = 'http://www.hl7korea.or.kr/fhir/krcore/StructureDefinition';
type El = Partial<ElementDefinition> & { path: string };
const req = (path: string, min = 1, max?: string): El => ({ path, min, ...(max ? { max } : {}) });
const bind = (path: string, valueSet: string): El => ({ path, binding: { strength: 'required', valueSet } });

function profile(id: string, type: string, base: string, title: string, elements: El[]): StructureDefinition {
  return {
    resourceType: 'StructureDefinition',
    id,
    url: `${IG}/StructureDefinition/${id}`,
    name: title.replace(/[^A-Za-z]/g, ''),
    title,
    status: 'draft',
    fhirVersion: '4.0.1',
    kind: 'resource',
    abstract: false,
    type,
    baseDefinition: base,
    derivation: 'constraint',
    // One element per path (sdf-17): a path's cardinality and binding given apart are merged.
    differential: {
      element: [...new Set(elements.map((e) => e.path))].map((p) => ({
        id: p,
        ...Object.assign({}, ...elements.filter((e) => e.path === p)),
      })),
    },
  };
}

function extension(id: string, title: string, valueType: string, binding?: string): StructureDefinition {
  return {
    resourceType: 'StructureDefinition',
    id,
    url: `${IG}/StructureDefinition/${id}`,
    name: title.replace(/[^A-Za-z]/g, ''),
    title,
    status: 'draft',
    fhirVersion: '4.0.1',
    kind: 'complex-type',
    abstract: false,
    context: [{ type: 'element', expression: 'ChargeItem' }],
    type: 'Extension',
    baseDefinition: `${R4}/Extension`,
    derivation: 'constraint',
    differential: {
      element: [
        { id: 'Extension.url', path: 'Extension.url', fixedUri: `${IG}/StructureDefinition/${id}` },
        {
          id: 'Extension.value[x]',
          path: 'Extension.value[x]',
          min: 1,
          type: [{ code: valueType }],
          ...(binding ? { binding: { strength: 'required' as const, valueSet: binding } } : {}),
        },
      ],
    },
  };
}

function codeSystem(id: string, title: string, concepts: [string, string][]): CodeSystem {
  return {
    resourceType: 'CodeSystem',
    id,
    url: `${IG}/CodeSystem/${id}`,
    name: title.replace(/[^A-Za-z]/g, '') || id,
    title,
    status: 'draft',
    caseSensitive: true,
    content: 'complete',
    count: concepts.length,
    concept: concepts.map(([code, display]) => ({ code, display })),
  };
}

export const conformance = (): (StructureDefinition | CodeSystem)[] => [
  profile('silson-bundle', 'Bundle', `${R4}/Bundle`, 'KR Silson Claim Bundle', [
    req('Bundle.identifier', 1, '1'),
    req('Bundle.identifier.system', 1, '1'),
    req('Bundle.identifier.value', 1, '1'),
    { path: 'Bundle.type', fixedCode: 'document' },
    req('Bundle.timestamp', 1, '1'),
    req('Bundle.entry', 3),
    req('Bundle.entry.fullUrl', 1, '1'),
    req('Bundle.entry.resource', 1, '1'),
  ]),
  profile('silson-composition', 'Composition', `${R4}/Composition`, 'KR Silson Claim Composition', [
    req('Composition.identifier', 1, '1'),
    { path: 'Composition.type', patternCodeableConcept: { coding: [{ system: SILSON.doc, code: 'receipt' }] } },
    req('Composition.subject', 1, '1'),
    req('Composition.encounter', 1, '1'),
    req('Composition.author', 1, '1'),
    { path: 'Composition.relatesTo.code', fixedCode: 'replaces' },
    req('Composition.section', 2),
    bind('Composition.section.code', `${IG}/ValueSet/silson-section`),
  ]),
  profile('silson-patient', 'Patient', `${KRCORE}/krcore-patient`, 'KR Silson Claim Patient', [
    req('Patient.identifier'),
    req('Patient.name.text', 1, '1'),
    req('Patient.gender', 1, '1'),
    req('Patient.birthDate', 1, '1'),
  ]),
  profile(
    'silson-organization',
    'Organization',
    `${KRCORE}/krcore-healthcare-organization`,
    'KR Silson Claim Organization',
    [
      req('Organization.identifier'),
      { path: 'Organization.identifier.system', fixedUri: KR.krnpi },
      req('Organization.type'),
      req('Organization.name', 1, '1'),
    ],
  ),
  profile('silson-encounter', 'Encounter', `${KRCORE}/krcore-encounter`, 'KR Silson Claim Encounter', [
    req('Encounter.extension'),
    req('Encounter.type'),
    bind('Encounter.type', `${IG}/ValueSet/silson-visit-type`),
    req('Encounter.period.start', 1, '1'),
    req('Encounter.serviceProvider', 1, '1'),
  ]),
  profile(
    'silson-condition',
    'Condition',
    `${KRCORE}/krcore-condition-encounter-diagnosis`,
    'KR Silson Claim Condition',
    [req('Condition.code.coding'), { path: 'Condition.code.coding.system', fixedUri: KR.kcd8 }],
  ),
  profile('silson-receipt', 'Invoice', `${R4}/Invoice`, 'KR Silson Claim Receipt', [
    req('Invoice.identifier'),
    req('Invoice.subject', 1, '1'),
    req('Invoice.issuer', 1, '1'),
    req('Invoice.date', 1, '1'),
    req('Invoice.lineItem'),
    req('Invoice.lineItem.sequence', 1, '1'),
    req('Invoice.lineItem.priceComponent', 5, '5'),
    { path: 'Invoice.lineItem.priceComponent.amount.currency', fixedCode: 'KRW' },
    req('Invoice.totalPriceComponent', 4, '4'),
    bind('Invoice.totalPriceComponent.code', `${IG}/ValueSet/silson-share`),
    req('Invoice.totalNet', 1, '1'),
    req('Invoice.totalGross', 1, '1'),
  ]),
  profile('silson-line', 'ChargeItem', `${R4}/ChargeItem`, 'KR Silson Claim Line', [
    req('ChargeItem.extension', 2),
    bind('ChargeItem.code', `${IG}/ValueSet/silson-edi-codes`),
    req('ChargeItem.code.coding.display', 1, '1'),
    req('ChargeItem.context', 1, '1'),
    { path: 'ChargeItem.occurrence[x]', min: 1, type: [{ code: 'dateTime' }] },
    req('ChargeItem.quantity.value', 1, '1'),
    req('ChargeItem.priceOverride', 1, '1'),
    { path: 'ChargeItem.priceOverride.currency', fixedCode: 'KRW' },
  ]),
  profile(
    'silson-prescription',
    'MedicationRequest',
    `${KRCORE}/krcore-medicationrequest`,
    'KR Silson Claim Prescription',
    [
      req('MedicationRequest.groupIdentifier', 1, '1'),
      { path: 'MedicationRequest.groupIdentifier.system', fixedUri: SILSON.prescriptionNumber },
      { path: 'MedicationRequest.medicationCodeableConcept.coding.system', fixedUri: KR.ediMedication },
      req('MedicationRequest.requester', 1, '1'),
    ],
  ),
  extension('silson-days', 'KR Silson Claim Days', 'positiveInt'),
  extension('silson-item-category', 'KR Silson Claim Item Category', 'Coding', `${IG}/ValueSet/silson-item-category`),
  codeSystem('silson-share', 'KR Silson Claim Share', [
    ['copay', '급여 본인부담금'],
    ['insurer', '급여 공단부담금'],
    ['full-copay', '급여 전액본인부담'],
    ['uncovered', '비급여'],
  ]),
  codeSystem('silson-document', 'KR Silson Claim Document', [
    ['receipt', '진료비 계산서·영수증'],
    ['lines', '진료비 세부산정내역'],
    ['prescription', '처방전'],
    ['attachments', '첨부'],
    ['receipt-pdf', '진료비 계산서·영수증 (PDF)'],
    ['outpatient', '외래'],
    ['inpatient', '입원'],
    ['pharmacy', '약국 조제'],
  ]),
];
