// FHIR R4 OperationOutcome (hl7.org/fhir/R4/operationoutcome.html) as the intake answers: one issue per problem, its
// severity and issue-type code, the element as a FHIRPath `expression`, the Korean in `details.text` and the English
// in `diagnostics` (fhir/ig/README.md, "Answers").
import type { OperationOutcome } from '@auto-claim/contract';
import { REFUSAL_RULE_NM, type RefusalRule } from '@auto-claim/contract/ops';
import type { GuideRule } from '@auto-claim/kr-silson-claim';

export type IssueCode =
  | 'invalid'
  | 'structure'
  | 'required'
  | 'value'
  | 'invariant'
  | 'business-rule'
  | 'conflict'
  | 'duplicate'
  | 'forbidden'
  | 'not-found'
  | 'too-costly'
  | 'informational';

// Every rule the guide's checker names has the hospital's label: a new guide rule without one does not compile.
export const GUIDE_RULE_NM: Record<GuideRule, string> = REFUSAL_RULE_NM;

export interface IntakeIssue {
  code: IssueCode;
  /** The guide's rule (or r4, or the intake's own), for the refusal record and the hospital's label of it. */
  rule: RefusalRule;
  expression?: string;
  ko: string;
  en: string;
}

export const outcomeOf = (severity: 'error' | 'information', issues: IntakeIssue[]): OperationOutcome => ({
  resourceType: 'OperationOutcome',
  issue: issues.map((i) => ({
    severity,
    code: i.code,
    details: { text: i.ko },
    diagnostics: i.en,
    ...(i.expression ? { expression: [i.expression] } : {}),
  })),
});

/** A refusal the handler throws: its HTTP status (400, 403, 409, 422) and its issues. */
export class Refusal extends Error {
  constructor(
    readonly status: 400 | 403 | 409 | 422,
    readonly issues: IntakeIssue[],
    /** The bundle's receipt number, when it was read that far (kept with the refusal for the hospital's view). */
    readonly receiptNo: string | null = null,
  ) {
    super(issues[0]?.en ?? 'Refused');
  }
}
