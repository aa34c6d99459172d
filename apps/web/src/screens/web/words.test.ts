import { describe, expect, it } from 'vitest';
import {
  CLAIM_STATUS_NM,
  HELPER_RELS,
  HELPER_REL_NM,
  MONEY_TERMS,
  NOT_CLAIMED_REASON_NM,
  NOT_CLAIMED_REASON_SHORT_NM,
  PAYOUT_VERDICT_NM,
  POLICY_GENERATION_NM,
  POLICY_GENERATION_SHORT_NM,
  REASON_BY_NM,
  REQUESTED_DOCUMENT_NM,
  STATEMENT_STATE_NM,
  VISIT_TYPE_NM,
} from '@auto-claim/contract';
import { inSource } from '../../i18n/t';
import { helperRelNm } from '../auth/Helper';
import * as words from './words';

const inKorean = <K extends string, V>(table: Record<K, () => V>) =>
  inSource(() => Object.fromEntries(Object.entries<() => V>(table).map(([k, f]) => [k, f()])));

describe("the screens' words in Korean are the contract's", () => {
  it.each([
    ['claim status', words.CLAIM_STATUS, CLAIM_STATUS_NM],
    ['verdict', words.PAYOUT_VERDICT, PAYOUT_VERDICT_NM],
    ['generation', words.POLICY_GENERATION, POLICY_GENERATION_NM],
    ['generation, short', words.POLICY_GENERATION_SHORT, POLICY_GENERATION_SHORT_NM],
    ['requested document', words.REQUESTED_DOCUMENT, REQUESTED_DOCUMENT_NM],
    ['visit type', words.VISIT_TYPE, VISIT_TYPE_NM],
    ['not claimed', words.NOT_CLAIMED_REASON, NOT_CLAIMED_REASON_NM],
    ['not claimed, short', words.NOT_CLAIMED_REASON_SHORT, NOT_CLAIMED_REASON_SHORT_NM],
    ['statement state', words.STATEMENT_STATE, STATEMENT_STATE_NM],
  ] as const)('%s', (_, table, contract) => {
    expect(inKorean(table as Record<string, () => string>)).toEqual(contract);
  });
  it('who helps her (the consent screen)', () => {
    expect(inSource(() => Object.fromEntries(HELPER_RELS.map((r) => [r, helperRelNm(r)])))).toEqual(HELPER_REL_NM);
  });
  it('money terms and their meanings', () => {
    expect(inKorean(words.MONEY_TERM)).toEqual(MONEY_TERMS);
  });
  it("whose words a reason is: the reason's label, and the note's", () => {
    const by = inKorean(words.REASON_BY);
    for (const [k, nm] of Object.entries(REASON_BY_NM)) {
      expect(by[k]).toEqual({ reason: nm, note: nm.replace('사유', '내용') });
    }
  });
});
