// The bundle check (receive.ts `check`: JSON.parse, FHIR R4 and the guide, the visit read) in a worker thread of the
// intake's pool (routes.ts): it is most of a bundle's CPU (docs/performance.md, "The FHIR feed"), so the event loop
// keeps answering while bundles are validated and a second core can validate beside it. Plain data in and out: a
// refusal crosses as its fields and is thrown again on the main thread.
import { withRulesClock } from '@auto-claim/contract';
import { loadR4 } from '@auto-claim/kr-silson-claim';
import type { ReadVisit } from './bundle.js';
import { Refusal, type IntakeIssue } from './outcome.js';
import { check } from './receive.js';

export type CheckAnswer =
  { visit: ReadVisit } | { refusal: { status: Refusal['status']; issues: IntakeIssue[]; receiptNo: string | null } };

/** `check` with the contract's date rules on the app's clock (`now`, ISO), as every request's validation has them. */
export function checkBundle(arg: { text: string; hospitalCd: string; now: string }): CheckAnswer {
  try {
    const now = new Date(arg.now);
    return {
      visit: withRulesClock(
        () => now,
        () => check(arg.text, arg.hospitalCd),
      ),
    };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { refusal: { status: error.status, issues: error.issues, receiptNo: error.receiptNo } };
  }
}

/** Reads the R4 definitions into this thread (seconds), so that its first bundle does not wait for them. */
export function warm(): true {
  loadR4();
  return true;
}

/** The answer as `check` would have given it on this thread: the visit, or the refusal thrown. */
export function answered(answer: CheckAnswer): ReadVisit {
  if ('refusal' in answer) {
    const { status, issues, receiptNo } = answer.refusal;
    throw new Refusal(status, issues, receiptNo);
  }
  return answer.visit;
}
