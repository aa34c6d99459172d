/** One way a bundle breaks the guide: the rule, the element's FHIRPath, and what is wrong in Korean and English. */
export interface GuideIssue {
  rule: string;
  expression: string;
  ko: string;
  en: string;
}
