// Her monthly statement (README "The monthly statement"): once a month a short message (알림톡/SMS by her channel) and
// a page (/web/statement, STATEMENT_API.statement) listing her month's visits as claimed, paid, waiting, or not claimed
// with the reason, and what her insurers paid her this year.
import { z } from 'zod';
import { childInsuApplyId } from './children.js';
import { hospitalCd, yyyymmdd } from './formats.js';
import { visitType } from './treats.js';
import { CLAIM_STATUSES, NOT_CLAIMED_REASONS, STATEMENT_STATES } from './vocabulary.js';

/** A month of the Korean calendar, YYYY-MM. */
export const statementMonth = z
  .string({ message: '볼 달을 골라 주세요.' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: '볼 달은 2026-06처럼 골라 주세요.' });

/** How many visits one page lists. */
export const STATEMENT_PAGE = 50;

export const statementQuery = z.object({
  userCi: z.string().max(200).optional(),
  /** A child of the session's guardian (README "Children: a guardian claims for a child"). */
  insuApplyId: childInsuApplyId.optional(),
  /** Absent: the month before this one (the month her message was about). */
  month: statementMonth.optional(),
  /** The page after this one: the previous answer's `next`. */
  after: z
    .string()
    .regex(/^\d{8}\.\d{1,15}$/, { message: '다음 목록 정보가 올바르지 않아요. 처음부터 다시 열어 주세요.' })
    .optional(),
});
export type StatementQuery = z.input<typeof statementQuery>;

export const statementVisit = z.object({
  treatId: z.string(),
  hospitalCd,
  hospitalNm: z.string(),
  treatDate: yyyymmdd,
  visitType,
  /** What she paid (원). */
  paidAmt: z.number().int(),
  state: z.enum(STATEMENT_STATES),
  /** not_claimed: why. */
  notClaimedReason: z.enum(NOT_CLAIMED_REASONS).nullable(),
  /** The claims' statuses, and what was paid (원) once paid. */
  statuses: z.array(z.enum(CLAIM_STATUSES)),
  receivedAmt: z.number().int().nullable(),
});
export type StatementVisit = z.infer<typeof statementVisit>;

export const statementFigures = z.object({
  visits: z.number().int(),
  claimed: z.number().int(),
  paid: z.number().int(),
  paidAmount: z.number().int(),
  waiting: z.number().int(),
  rejected: z.number().int(),
  notClaimed: z.array(z.object({ reason: z.enum(NOT_CLAIMED_REASONS), count: z.number().int() })),
  /** What her insurers paid her in the month's calendar year (원). */
  receivedThisYear: z.number().int(),
});
export type StatementFigures = z.infer<typeof statementFigures>;

export const statementAnswer = z.object({
  month: statementMonth,
  /** The year "receivedThisYear" is of: the month's. */
  year: z.number().int(),
  figures: statementFigures,
  list: z.array(statementVisit),
  /** The next page's `after`, or null at the end. */
  next: z.string().nullable(),
});
export type StatementAnswer = z.infer<typeof statementAnswer>;
