// The guide's own rules (fhir/ig/README.md, "Rules"): what the profiles in fhir/ig/input/fsh/profiles constrain
// beyond FHIR R4, checked in code because a profile's snapshot needs the FHIR packages this build cannot download.
import type {
  Bundle,
  ChargeItem,
  Composition,
  Condition,
  Encounter,
  Invoice,
  MedicationRequest,
  Organization,
  Patient,
  Resource,
} from '@medplum/fhirtypes';
import type { GuideIssue, GuideRule } from './issue';
import { EDI_SYSTEMS, KR, SECTIONS, SHARES, SHARE_NAMES, SILSON, type Share } from './systems';

/** 원 미만 절사: a line's total is its unit price × count × days, cut to whole won. */
export const lineTotal = (unitPrice: number, count: number, days: number): number =>
  Math.floor(unitPrice * count * days + 1e-9);

// The R4 required bindings of the codes these bundles carry (@medplum/core's validator does not check bindings).
const REQUIRED_CODES: Record<string, Record<string, readonly string[]>> = {
  Composition: { status: ['preliminary', 'final', 'amended', 'entered-in-error'] },
  Patient: { gender: ['male', 'female', 'other', 'unknown'] },
  Encounter: {
    status: [
      'planned',
      'arrived',
      'triaged',
      'in-progress',
      'onleave',
      'finished',
      'cancelled',
      'entered-in-error',
      'unknown',
    ],
  },
  Invoice: { status: ['draft', 'issued', 'balanced', 'cancelled', 'entered-in-error'] },
  ChargeItem: { status: ['planned', 'billable', 'not-billable', 'aborted', 'billed', 'entered-in-error', 'unknown'] },
  MedicationRequest: {
    status: ['active', 'on-hold', 'cancelled', 'completed', 'entered-in-error', 'stopped', 'draft', 'unknown'],
    intent: ['proposal', 'plan', 'order', 'original-order', 'reflex-order', 'filler-order', 'instance-order', 'option'],
  },
  DocumentReference: { status: ['current', 'superseded', 'entered-in-error'] },
};
const PRICE_COMPONENT_TYPES = ['base', 'surcharge', 'deduction', 'discount', 'tax', 'informational'];

interface Entry<T extends Resource = Resource> {
  index: number;
  fullUrl: string | undefined;
  resource: T;
}

export function checkProfile(bundle: Bundle): GuideIssue[] {
  const issues: GuideIssue[] = [];
  const fail = (rule: GuideRule, expression: string, ko: string, en: string) =>
    issues.push({ rule, expression, ko, en });

  if (bundle.resourceType !== 'Bundle') {
    fail('bundle', 'Bundle', '번들(Bundle)이 아니에요.', 'Not a Bundle.');
    return issues;
  }
  if (bundle.type !== 'document')
    fail('bundle', 'Bundle.type', '번들 유형은 document여야 해요.', 'Bundle.type must be document.');
  if (!bundle.meta?.profile?.includes(SILSON.bundle))
    fail(
      'bundle',
      'Bundle.meta.profile',
      `meta.profile에 ${SILSON.bundle}이 있어야 해요.`,
      `meta.profile must name ${SILSON.bundle}.`,
    );
  if (!bundle.identifier?.system?.startsWith(`${SILSON.receiptNumber}/`) || !bundle.identifier.value)
    fail(
      'bundle',
      'Bundle.identifier',
      '번들 식별자는 영수증 번호 체계(…/NamingSystem/receipt/{요양기관기호})와 값이 있어야 해요.',
      'Bundle.identifier must be a receipt number (…/NamingSystem/receipt/{krnpi}) with a value.',
    );

  const entries: Entry[] = (bundle.entry ?? []).flatMap((e, index) =>
    e.resource ? [{ index, fullUrl: e.fullUrl, resource: e.resource }] : [],
  );
  const at = (e: Entry, path = '') => `Bundle.entry[${e.index}].resource${path}`;
  const byUrl = new Map(entries.flatMap((e) => (e.fullUrl ? [[e.fullUrl, e] as const] : [])));
  for (const e of entries)
    if (!e.fullUrl?.startsWith('urn:uuid:'))
      fail(
        'references',
        `Bundle.entry[${e.index}].fullUrl`,
        'fullUrl은 urn:uuid:여야 해요.',
        'fullUrl must be a urn:uuid.',
      );
  const ofType = <T extends Resource>(type: T['resourceType']) =>
    entries.filter((e): e is Entry<T> => e.resource.resourceType === type);
  /** A reference that must name an entry of one of `types`. */
  const resolve = (path: string, reference: string | undefined, types: string[]): Entry | undefined => {
    const target = reference ? byUrl.get(reference) : undefined;
    if (!target || !types.includes(target.resource.resourceType)) {
      fail(
        'references',
        path,
        `번들 안의 ${types.join('/')}를 가리켜야 해요 (${reference ?? '없음'}).`,
        `Must reference a ${types.join('/')} entry of this bundle (${reference ?? 'missing'}).`,
      );
      return undefined;
    }
    return target;
  };
  const one = <T extends Resource>(type: T['resourceType']): Entry<T> | undefined => {
    const found = ofType<T>(type);
    if (found.length !== 1)
      fail(
        'entries',
        'Bundle.entry',
        `${type}가 정확히 하나 있어야 해요 (${found.length}개).`,
        `Exactly one ${type} (found ${found.length}).`,
      );
    return found[0];
  };

  for (const e of entries)
    for (const [field, allowed] of Object.entries(REQUIRED_CODES[e.resource.resourceType] ?? {})) {
      const value = (e.resource as unknown as Record<string, unknown>)[field];
      if (value !== undefined && !allowed.includes(value as string))
        fail(
          'codes',
          at(e, `.${field}`),
          `${field} 값 '${String(value)}'은 FHIR R4 코드(${allowed.join(', ')})가 아니에요.`,
          `${field} '${String(value)}' is not one of the FHIR R4 codes (${allowed.join(', ')}).`,
        );
    }

  const composition = one<Composition>('Composition');
  const patient = one<Patient>('Patient');
  const encounter = one<Encounter>('Encounter');
  const invoice = one<Invoice>('Invoice');
  const issuers = ofType<Organization>('Organization');
  if (composition && composition.index !== 0)
    fail('entries', 'Bundle.entry[0]', '첫 항목은 Composition이어야 해요.', 'The first entry must be the Composition.');

  // Organization: 요양기관 identified by its 요양기관기호 in KR Core's naming system.
  for (const o of issuers) {
    const ids = o.resource.identifier ?? [];
    const i = ids.findIndex((id) => id.system === KR.krnpi);
    if (i < 0 || !/^\d{8}$/.test(ids[i]?.value ?? ''))
      fail(
        'organization',
        at(o, `.identifier${i < 0 ? '' : `[${i}].value`}`),
        `요양기관은 ${KR.krnpi} 체계의 8자리 요양기관기호가 있어야 해요.`,
        `The organization needs an 8-digit identifier in ${KR.krnpi}.`,
      );
    if (!o.resource.type?.some((t) => t.coding?.some((c) => c.system === KR.organizationTypes && c.code)))
      fail(
        'organization',
        at(o, '.type'),
        '요양기관 종별(hira-healthcare-organization-types)이 있어야 해요.',
        `The organization needs a type in ${KR.organizationTypes}.`,
      );
    if (!o.resource.name)
      fail('organization', at(o, '.name'), '요양기관 이름이 있어야 해요.', 'The organization needs a name.');
  }

  // Patient: KR Core Patient's must-haves this guide needs (identifier, name.text, gender, birthDate).
  if (patient) {
    const p = patient.resource;
    if (!p.identifier?.some((id) => id.system?.startsWith(`${SILSON.patientNumber}/`) && id.value))
      fail(
        'patient',
        at(patient, '.identifier'),
        '환자 등록번호(…/NamingSystem/patient/{요양기관기호})가 있어야 해요.',
        'The patient needs a 등록번호 (…/NamingSystem/patient/{krnpi}).',
      );
    if (!p.name?.[0]?.text)
      fail(
        'patient',
        at(patient, '.name[0].text'),
        '환자 이름(name.text)이 있어야 해요.',
        'The patient needs name.text.',
      );
    // Whose visit it is: the 주민등록번호 (or the CI) the claim is matched by, as the JSON feed's rrn/ci.
    const ids = p.identifier ?? [];
    const r = ids.findIndex((id) => id.system === SILSON.rrn);
    const hasCi = ids.some((id) => id.system === SILSON.ci && id.value && id.value.length <= 200);
    if (r < 0 && !hasCi)
      fail(
        'patient',
        at(patient, '.identifier'),
        `주민등록번호(${SILSON.rrn})나 CI(${SILSON.ci}) 중 하나가 있어야 해요.`,
        `The patient needs a 주민등록번호 (${SILSON.rrn}) or a CI (${SILSON.ci}).`,
      );
    const rrn = r < 0 ? undefined : ids[r]?.value;
    if (
      r >= 0 &&
      (!/^\d{13}$/.test(rrn ?? '') || (p.birthDate && rrn?.slice(0, 6) !== p.birthDate.replaceAll('-', '').slice(2)))
    )
      fail(
        'patient',
        at(patient, `.identifier[${r}].value`),
        '주민등록번호는 하이픈 없이 숫자 13자리이고 앞자리가 생년월일과 같아야 해요.',
        'The 주민등록번호 is 13 digits without a hyphen, its first six the birth date.',
      );
    if (!p.gender) fail('patient', at(patient, '.gender'), '성별이 있어야 해요.', 'The patient needs a gender.');
    if (!p.birthDate)
      fail('patient', at(patient, '.birthDate'), '생년월일이 있어야 해요.', 'The patient needs a birthDate.');
  }

  // Encounter: the visit type, its period, and the 보험자구분 as KR Core carries it (on the Encounter).
  if (encounter) {
    const v = encounter.resource;
    if (
      !v.type?.some((t) =>
        t.coding?.some(
          (c) => c.system === SILSON.doc && ['outpatient', 'inpatient', 'pharmacy'].includes(c.code ?? ''),
        ),
      )
    )
      fail(
        'encounter',
        at(encounter, '.type'),
        '방문 유형(outpatient/inpatient/pharmacy)이 있어야 해요.',
        'The encounter needs a visit type (outpatient/inpatient/pharmacy).',
      );
    if (!v.period?.start)
      fail(
        'encounter',
        at(encounter, '.period.start'),
        '진료 시작일이 있어야 해요.',
        'The encounter needs period.start.',
      );
    const ext = v.extension?.findIndex((x) => x.url === KR.insuranceTypeExtension) ?? -1;
    const coding = ext < 0 ? undefined : v.extension?.[ext]?.valueCodeableConcept?.coding?.[0];
    if (coding?.system !== KR.insuranceTypes || !['4', '5', '7', '9'].includes(coding.code ?? ''))
      fail(
        'encounter',
        at(encounter, ext < 0 ? '.extension' : `.extension[${ext}].valueCodeableConcept.coding[0]`),
        `보험자구분(${KR.insuranceTypes}: 4, 5, 7, 9)이 있어야 해요.`,
        `The encounter needs its insurance type in ${KR.insuranceTypes} (4, 5, 7 or 9).`,
      );
    resolve(at(encounter, '.subject.reference'), v.subject?.reference, ['Patient']);
    resolve(at(encounter, '.serviceProvider.reference'), v.serviceProvider?.reference, ['Organization']);
  }
  const pharmacy = encounter?.resource.type?.some((t) => t.coding?.some((c) => c.code === 'pharmacy')) ?? false;

  // Condition: KCD-8. A pharmacy's bundle carries none (the 처방전 names the clinic's).
  const conditions = ofType<Condition>('Condition');
  if (!pharmacy && conditions.length === 0)
    fail('condition', 'Bundle.entry', 'KCD-8 상병이 하나 이상 있어야 해요.', 'At least one Condition coded in KCD-8.');
  for (const c of conditions) {
    const codings = c.resource.code?.coding ?? [];
    const i = codings.findIndex((x) => x.system === KR.kcd8);
    if (i < 0 || !codings[i]?.code)
      fail(
        'condition',
        at(c, '.code.coding'),
        `상병은 ${KR.kcd8} 코드여야 해요.`,
        `The condition must be coded in ${KR.kcd8}.`,
      );
  }

  // The 처방전: EDI 약제 codes and its 교부번호.
  for (const m of ofType<MedicationRequest>('MedicationRequest')) {
    const codings = m.resource.medicationCodeableConcept?.coding ?? [];
    if (!codings.some((x) => x.system === KR.ediMedication && x.code))
      fail(
        'prescription',
        at(m, '.medicationCodeableConcept.coding'),
        `처방 약은 ${KR.ediMedication} 코드여야 해요.`,
        `The medication must be coded in ${KR.ediMedication}.`,
      );
    if (!m.resource.medicationCodeableConcept?.extension?.some((x) => x.url === KR.medicationIngredientExtension))
      fail(
        'prescription',
        at(m, '.medicationCodeableConcept.extension'),
        'KR Core처럼 약품 성분(krcore-medicationIngredient)을 함께 적어야 해요.',
        'KR Core asks for the ingredient (krcore-medicationIngredient) beside the product code.',
      );
    if (m.resource.groupIdentifier?.system !== SILSON.prescriptionNumber || !m.resource.groupIdentifier.value)
      fail(
        'prescription',
        at(m, '.groupIdentifier'),
        '처방전 교부번호(groupIdentifier)가 있어야 해요.',
        `The prescription needs its 교부번호 in groupIdentifier (${SILSON.prescriptionNumber}).`,
      );
  }

  // Composition: the document's type, sections in order, amendments that name what they replace.
  if (composition) {
    const c = composition.resource;
    if (!c.type.coding?.some((x) => x.system === SILSON.doc && x.code === 'receipt'))
      fail(
        'composition',
        at(composition, '.type'),
        `문서 유형은 ${SILSON.doc}#receipt여야 해요.`,
        `Composition.type must be ${SILSON.doc}#receipt.`,
      );
    resolve(at(composition, '.subject.reference'), c.subject?.reference, ['Patient']);
    resolve(at(composition, '.encounter.reference'), c.encounter?.reference, ['Encounter']);
    resolve(at(composition, '.author[0].reference'), c.author[0]?.reference, ['Organization']);
    const wanted: Record<(typeof SECTIONS)[number], string[]> = {
      receipt: ['Invoice'],
      lines: ['ChargeItem'],
      prescription: ['MedicationRequest'],
      attachments: ['DocumentReference'],
    };
    (c.section ?? []).forEach((s, si) => {
      const code = s.code?.coding?.find((x) => x.system === SILSON.doc)?.code as (typeof SECTIONS)[number] | undefined;
      if (!code || !SECTIONS.includes(code)) {
        fail(
          'composition',
          at(composition, `.section[${si}].code`),
          `구역 코드는 ${SECTIONS.join(', ')} 중 하나여야 해요.`,
          `A section code is one of ${SECTIONS.join(', ')}.`,
        );
        return;
      }
      (s.entry ?? []).forEach((r, ri) =>
        resolve(at(composition, `.section[${si}].entry[${ri}].reference`), r.reference, wanted[code]),
      );
    });
    const codes = (c.section ?? []).map((s) => s.code?.coding?.[0]?.code);
    if (codes[0] !== 'receipt' || codes[1] !== 'lines')
      fail(
        'composition',
        at(composition, '.section'),
        '구역은 receipt, lines 순서로 시작해야 해요.',
        'Sections start with receipt, then lines.',
      );
    const replaces = (c.relatesTo ?? []).findIndex((r) => r.code === 'replaces');
    const cancelled = invoice?.resource.status === 'cancelled';
    if ((c.status === 'amended' || cancelled) && (replaces < 0 || !c.relatesTo?.[replaces]?.targetIdentifier?.value))
      fail(
        'amendment',
        at(composition, '.relatesTo'),
        '정정·취소 영수증은 바꾸는 영수증의 번호(relatesTo replaces targetIdentifier)를 밝혀야 해요.',
        'A corrected or cancelled receipt names the receipt it replaces (relatesTo replaces targetIdentifier).',
      );
    if (cancelled && !invoice?.resource.cancelledReason)
      fail(
        'amendment',
        at(invoice!, '.cancelledReason'),
        '취소 영수증은 취소 사유가 있어야 해요.',
        'A cancelled receipt needs its cancelledReason.',
      );
  }

  // The lines: one ChargeItem per 세부산정내역 line, priced in the Invoice's line item with its split.
  const charges = new Map<string, Entry<ChargeItem>>();
  for (const ch of ofType<ChargeItem>('ChargeItem')) {
    if (ch.fullUrl) charges.set(ch.fullUrl, ch);
    const r = ch.resource;
    const codings = r.code.coding ?? [];
    if (!codings.some((x) => EDI_SYSTEMS.includes(x.system ?? '') && x.code && x.display))
      fail(
        'line',
        at(ch, '.code.coding'),
        'HIRA EDI(행위·약제·치료재료) 코드와 명칭이 있어야 해요.',
        'The line needs a HIRA EDI code (procedure, medication or material) with its display.',
      );
    if (!r.occurrenceDateTime)
      fail(
        'line',
        at(ch, '.occurrenceDateTime'),
        '진료 일자가 있어야 해요.',
        'The line needs its date (occurrenceDateTime).',
      );
    if (!((r.quantity?.value ?? 0) > 0))
      fail('line', at(ch, '.quantity.value'), '횟수는 0보다 커야 해요.', 'The count (quantity.value) must be above 0.');
    if (r.priceOverride?.currency !== 'KRW' || !((r.priceOverride.value ?? -1) >= 0))
      fail(
        'line',
        at(ch, '.priceOverride'),
        '단가는 0원 이상, 통화 KRW여야 해요.',
        'The unit price (priceOverride) must be ≥ 0 KRW.',
      );
    const d = r.extension?.findIndex((x) => x.url === SILSON.daysExtension) ?? -1;
    if (d < 0 || !((r.extension?.[d]?.valuePositiveInt ?? 0) > 0))
      fail(
        'line',
        at(ch, d < 0 ? '.extension' : `.extension[${d}].valuePositiveInt`),
        `일수(${SILSON.daysExtension})가 있어야 해요.`,
        `The line needs its days (${SILSON.daysExtension}).`,
      );
    const cat = r.extension?.find((x) => x.url === SILSON.categoryExtension)?.valueCoding;
    if (cat?.system !== SILSON.itemCategory || !cat.code)
      fail(
        'line',
        at(ch, '.extension'),
        `항목(${SILSON.categoryExtension})이 있어야 해요.`,
        `The line needs its 항목 (${SILSON.categoryExtension}).`,
      );
    resolve(at(ch, '.subject.reference'), r.subject.reference, ['Patient']);
  }

  if (invoice) {
    const inv = invoice.resource;
    const sums: Record<Share | 'gross', number> = { gross: 0, copay: 0, insurer: 0, 'full-copay': 0, uncovered: 0 };
    const used = new Set<string>();
    (inv.lineItem ?? []).forEach((li, l) => {
      const path = `.lineItem[${l}]`;
      const ref = li.chargeItemReference?.reference;
      const ch = ref ? charges.get(ref) : undefined;
      if (!ch) {
        fail(
          'receipt',
          at(invoice, `${path}.chargeItemReference`),
          '번들 안의 ChargeItem을 가리켜야 해요.',
          'Must reference a ChargeItem of this bundle.',
        );
        return;
      }
      used.add(ref!);
      const pcs = li.priceComponent ?? [];
      pcs.forEach((p, pi) => {
        if (!PRICE_COMPONENT_TYPES.includes(p.type))
          fail(
            'codes',
            at(invoice, `${path}.priceComponent[${pi}].type`),
            `가격 구성 유형 '${p.type}'은 FHIR R4 코드가 아니에요.`,
            `priceComponent.type '${p.type}' is not a FHIR R4 code.`,
          );
      });
      const base = pcs.findIndex((p) => p.type === 'base');
      const total = pcs[base]?.amount?.value;
      if (base < 0 || total === undefined || pcs[base]?.amount?.currency !== 'KRW') {
        fail(
          'receipt',
          at(invoice, `${path}.priceComponent`),
          '줄마다 총액(base, KRW)이 있어야 해요.',
          'Each line needs its total as a base price component in KRW.',
        );
        return;
      }
      const unit = ch.resource.priceOverride?.value ?? 0;
      const count = ch.resource.quantity?.value ?? 0;
      const days = ch.resource.extension?.find((x) => x.url === SILSON.daysExtension)?.valuePositiveInt ?? 0;
      const expected = lineTotal(unit, count, days);
      if (total !== expected)
        fail(
          'line-total',
          at(invoice, `${path}.priceComponent[${base}].amount.value`),
          `총액 ${total}원이 단가 ${unit} × 횟수 ${count} × 일수 ${days} = ${expected}원과 달라요.`,
          `Total ${total} is not unit price ${unit} × count ${count} × days ${days} = ${expected}.`,
        );
      sums.gross += total;
      let split = 0;
      for (const share of SHARES) {
        const found = pcs
          .map((p, i) => [p, i] as const)
          .filter(
            ([p]) =>
              p.type === 'informational' && p.code?.coding?.some((c) => c.system === SILSON.share && c.code === share),
          );
        if (found.length !== 1) {
          fail(
            'line-split',
            at(invoice, `${path}.priceComponent`),
            `${SHARE_NAMES[share]}(${share})이 한 번 있어야 해요 (0원이라도).`,
            `The ${share} share must appear once (0 when none).`,
          );
          continue;
        }
        const amount = found[0]![0].amount?.value ?? 0;
        split += amount;
        sums[share] += amount;
      }
      if (split !== total)
        fail(
          'line-split',
          at(invoice, `${path}.priceComponent`),
          `본인부담·공단부담·전액본인부담·비급여의 합 ${split}원이 총액 ${total}원과 달라요.`,
          `The split sums to ${split}, not the line total ${total}.`,
        );
    });
    for (const url of charges.keys())
      if (!used.has(url))
        fail(
          'receipt',
          `Bundle.entry[${charges.get(url)!.index}]`,
          '영수증(Invoice)에 없는 줄이에요.',
          'A ChargeItem the Invoice does not list.',
        );
    if (inv.totalGross?.value !== sums.gross || inv.totalGross.currency !== 'KRW')
      fail(
        'receipt-total',
        at(invoice, '.totalGross.value'),
        `진료비 총액 ${inv.totalGross?.value}원이 줄의 합 ${sums.gross}원과 달라요.`,
        `totalGross ${inv.totalGross?.value} is not the lines' sum ${sums.gross}.`,
      );
    for (const share of SHARES) {
      const i = (inv.totalPriceComponent ?? []).findIndex(
        (p) => p.type === 'informational' && p.code?.coding?.some((c) => c.system === SILSON.share && c.code === share),
      );
      const value = inv.totalPriceComponent?.[i]?.amount?.value;
      if (value !== sums[share])
        fail(
          'receipt-total',
          at(invoice, i < 0 ? '.totalPriceComponent' : `.totalPriceComponent[${i}].amount.value`),
          `영수증의 ${SHARE_NAMES[share]} ${value ?? '없음'}원이 줄의 합 ${sums[share]}원과 달라요.`,
          `The receipt's ${share} ${value ?? 'missing'} is not the lines' sum ${sums[share]}.`,
        );
    }
    const patientPays = sums.copay + sums['full-copay'] + sums.uncovered;
    if (inv.totalNet?.value !== patientPays)
      fail(
        'receipt-total',
        at(invoice, '.totalNet.value'),
        `환자부담 총액 ${inv.totalNet?.value}원이 본인부담+전액본인부담+비급여 ${patientPays}원과 달라요.`,
        `totalNet ${inv.totalNet?.value} is not copay + full copay + uncovered = ${patientPays}.`,
      );
    resolve(at(invoice, '.issuer.reference'), inv.issuer?.reference, ['Organization']);
    resolve(at(invoice, '.subject.reference'), inv.subject?.reference, ['Patient']);
  }
  return issues;
}
