// The children's screens in another language say what the contract says in Korean (docs/decisions/
// 0010-message-catalogs.md): their words' Korean sources are the contract's, and each of the contract's refusals a
// child's enrolment can meet has its message, so refusal() finds it in her language.
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHILD_PROBLEMS,
  GUARDIAN_REL_CHOICE_NM,
  GUARDIAN_REL_NM,
  RELATION_DOC_TYPE_NM,
  RELATION_STATUS_NM,
  guardianRel,
  relationDocumentBody,
  relationIssueDateProblem,
} from '@auto-claim/contract';
import { refusal } from '../../../i18n/refusals';
import { inSource, korean, setTranslator, type Translator } from '../../../i18n/t';
import { GUARDIAN_REL, GUARDIAN_REL_CHOICE, RELATION_DOC_TYPE, RELATION_STATUS, calledNm } from './child';

const inKorean = (table: Record<string, () => string>) =>
  inSource(() => Object.fromEntries(Object.entries(table).map(([k, f]) => [k, f()])));

/** A stand-in language that marks every message by its id: a refusal found shows its id. */
const marked: Translator = { lang: 'en', _: (id) => `[${id}]` };
afterEach(() => setTranslator(korean));

describe("a child's words in Korean are the contract's", () => {
  it.each([
    ['relation as chosen', GUARDIAN_REL_CHOICE, GUARDIAN_REL_CHOICE_NM],
    ['relation as the documents write it', GUARDIAN_REL, GUARDIAN_REL_NM],
    ['relation document', RELATION_DOC_TYPE, RELATION_DOC_TYPE_NM],
    ['relation status', RELATION_STATUS, RELATION_STATUS_NM],
  ] as const)('%s', (_, table, contract) => {
    expect(inKorean(table)).toEqual(contract);
  });
});

describe("the contract's refusals of a child's enrolment, in her language", () => {
  const now = new Date('2026-11-29T03:00:00Z');
  const bodyRefusal = (body: object, field: string) =>
    relationDocumentBody.safeParse(body).error?.issues.find((i) => i.path[0] === field)?.message;
  it.each([
    ['guardianRel', guardianRel.safeParse('uncle').error?.issues[0]?.message],
    ['too old', CHILD_PROBLEMS.CHILD_TOO_OLD],
    ['enrolled', CHILD_PROBLEMS.CHILD_ALREADY_ENROLLED],
    ['limit', CHILD_PROBLEMS.CHILDREN_LIMIT],
    ['confirmed', CHILD_PROBLEMS.RELATION_ALREADY_CONFIRMED],
    ['issued in the future', relationIssueDateProblem('20261201', now)],
    ['issued too long ago', relationIssueDateProblem('20250101', now)],
    ['no file', bodyRefusal({ docType: 'family', issueDate: '20261120', file: '' }, 'file')],
    [
      'not a photo or PDF',
      bodyRefusal({ docType: 'family', issueDate: '20261120', file: 'data:text/plain,x' }, 'file'),
    ],
  ])('%s', (_, korean) => {
    expect(korean).toBeTruthy();
    expect(refusal(korean)).toBe(korean);
    setTranslator(marked);
    expect(refusal(korean)).toMatch(/^\[refusal\./);
  });
});

describe('how the child is called', () => {
  it('in Korean by her given name (지민이), elsewhere by the name as entered', () => {
    expect(calledNm('김지민')).toBe('지민이');
    setTranslator(marked);
    expect(calledNm('김지민')).toBe('김지민');
  });
});
