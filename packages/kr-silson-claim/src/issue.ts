/**
 * The guide's rules (fhir/ig/README.md, "Rules"), and r4 for what breaks FHIR R4 itself: each issue names one. A hospital
 * reads a refused bundle by the rule's label (the contract's REFUSAL_RULE_NM), which the intake checks covers them all.
 */
export const GUIDE_RULES = [
  'r4',
  'bundle',
  'entries',
  'composition',
  'organization',
  'patient',
  'encounter',
  'condition',
  'codes',
  'line',
  'line-split',
  'line-total',
  'receipt',
  'receipt-total',
  'prescription',
  'references',
  'amendment',
] as const;
export type GuideRule = (typeof GUIDE_RULES)[number];

/** One way a bundle breaks the guide: the rule, the element's FHIRPath, and what is wrong in Korean and English. */
export interface GuideIssue {
  rule: GuideRule;
  expression: string;
  ko: string;
  en: string;
}
