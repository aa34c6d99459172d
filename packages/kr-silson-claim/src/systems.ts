// The naming systems and code systems as KR Core names them (hl7korea KR Core, input/fsh/instances/ns-*.fsh:
// uniqueId.value with preferred = true), and the guide's own canonicals.

/** The guide's canonical base: profiles, extensions and code systems of KR 실손 Claim live under it. */
export const IG = 'http://auto-claim.kr/fhir/kr-silson-claim';

export const KR = {
  /** 건강보험심사평가원 요양기관 식별자 (ns-hira-healthcare-organization-identifier.fsh) */
  krnpi: 'http://www.hl7korea.or.kr/Identifier/hira-krnpi',
  /** 통계청 제8차 한국표준질병·사인분류 (ns-kostat-kcd-8.fsh) */
  kcd8: 'http://www.hl7korea.or.kr/CodeSystem/kostat-kcd-8',
  /** HIRA EDI 진료행위 (ns-hira-edi-procedure.fsh) */
  ediProcedure: 'http://www.hl7korea.or.kr/CodeSystem/hira-edi-procedure',
  /** HIRA EDI 약제 (ns-hira-edi-medication.fsh) */
  ediMedication: 'http://www.hl7korea.or.kr/CodeSystem/hira-edi-medication',
  /** HIRA EDI 치료재료 (ns-hira-edi-material.fsh) */
  ediMaterial: 'http://www.hl7korea.or.kr/CodeSystem/hira-edi-material',
  /** 보험자구분: 4 건강보험, 5 의료급여, 7 보훈, 9 무료진료 (codesystems/HIRA_Insurance_Types.fsh) */
  insuranceTypes: 'http://www.hl7korea.or.kr/CodeSystem/hira-insurance-types',
  /** 요양기관 종별: 31 의원, 21 병원, 81 약국, 51 치과의원 … (codesystems/HIRA_Healthcare_Organization_Types.fsh) */
  organizationTypes: 'http://www.hl7korea.or.kr/CodeSystem/hira-healthcare-organization-types',
  /** KR Core Insurance Types Extension, on Encounter (extensions/KRCore_InsuranceTypes_Extension.fsh) */
  insuranceTypeExtension: 'http://www.hl7korea.or.kr/fhir/krcore/StructureDefinition/krcore-insuranceTypes',
  /** KR Core Medication Ingredient Extension: the 성분 (ATC) beside a product code (KRCore_MedicationIngredient_Extension.fsh) */
  medicationIngredientExtension:
    'http://www.hl7korea.or.kr/fhir/krcore/StructureDefinition/krcore-medicationIngredient',
  /** WHO ATC, which KR Core binds the ingredient to (aliases.fsh $atc) */
  atc: 'http://www.whocc.no/atc',
} as const;

/** The three HIRA EDI code systems a 세부산정내역 line may be coded in. */
export const EDI_SYSTEMS: readonly string[] = [KR.ediProcedure, KR.ediMedication, KR.ediMaterial];

export const SILSON = {
  /** Profiles (StructureDefinition.url) */
  bundle: `${IG}/StructureDefinition/silson-bundle`,
  composition: `${IG}/StructureDefinition/silson-composition`,
  receipt: `${IG}/StructureDefinition/silson-receipt`,
  line: `${IG}/StructureDefinition/silson-line`,
  /** ChargeItem extension: 일수 (the days a line's count is given on) */
  daysExtension: `${IG}/StructureDefinition/silson-days`,
  /** ChargeItem extension: the receipt's 항목 (진찰료, 검사료, …) a line is summed under */
  categoryExtension: `${IG}/StructureDefinition/silson-item-category`,
  /** Code system of the 항목 (별지 제6호서식's rows) */
  itemCategory: `${IG}/CodeSystem/silson-item-category`,
  /** Code system of the receipt's split (Invoice priceComponent.code) */
  share: `${IG}/CodeSystem/silson-share`,
  /** Code system of the document type, the sections and the visit type */
  doc: `${IG}/CodeSystem/silson-document`,
  /** Identifier system of a receipt number: the issuer's 요양기관기호 follows, `…/receipt/{krnpi}` */
  receiptNumber: `${IG}/NamingSystem/receipt`,
  /** Identifier system of a patient's 등록번호 at the issuer: `…/patient/{krnpi}` */
  patientNumber: `${IG}/NamingSystem/patient`,
  /** Identifier system of the patient's 주민등록번호 (13 digits, no hyphen): what a claim is matched by */
  rrn: `${IG}/NamingSystem/rrn`,
  /** Identifier system of the patient's CI (연계정보) from the hospital's identity check, in place of the 주민등록번호 */
  ci: `${IG}/NamingSystem/ci`,
  /** Identifier system of a 처방전 교부번호 */
  prescriptionNumber: `${IG}/NamingSystem/prescription`,
} as const;

/** The four parts a line's total splits into (진료비 세부산정내역, 2018 MOHW 고시 columns). */
export const SHARES = ['copay', 'insurer', 'full-copay', 'uncovered'] as const;
export type Share = (typeof SHARES)[number];
export const SHARE_NAMES: Record<Share, string> = {
  copay: '급여 본인부담금',
  insurer: '급여 공단부담금',
  'full-copay': '급여 전액본인부담',
  uncovered: '비급여',
};

/** Composition sections, in order. */
export const SECTIONS = ['receipt', 'lines', 'prescription', 'attachments'] as const;
