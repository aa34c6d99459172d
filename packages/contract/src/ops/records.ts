// Records held because whose they are is in doubt (docs/hospital-integration.md, "Matching"), as the console lists them,
// and the way out of the list: released to the subscriber (then claimed by the ordinary rules) or set aside.
import { z } from 'zod';
import { HELD_OUTCOMES } from '../vocabulary.js';
import { isSafeText, multiline, unsafeTextMessage } from '../formats.js';
import { pathParam } from '../paths.js';
import { cursorQuery } from './page.js';
import { keysNamed, personKeys, type PersonSearch } from './search.js';

export const HELD_RECORD_SORTS = ['receivedAt', 'visitDate', 'hospitalCd'] as const;
export const heldRecordsQuery = cursorQuery(HELD_RECORD_SORTS).extend({
  reason: z.enum(HELD_OUTCOMES, { message: `사유는 ${HELD_OUTCOMES.join(', ')} 중 하나예요.` }).optional(),
  hospitalCd: z
    .string()
    .regex(/^\d{8}$/, '병원 코드는 숫자 8자리예요.')
    .optional(),
});
export type HeldRecordsQuery = z.input<typeof heldRecordsQuery>;

export const OPS_HELD_API = {
  /** One held record's identity beside the subscriber's, unmasked, for the release dialog (recorded as a viewing). */
  detail: (recordId: number | string) => `/api/admin/records/held/${pathParam('recordId', recordId)}`,
  /** The held records by what a caller says (a POST: the values never ride in a URL). */
  search: '/api/admin/records/held/search',
  /** The record is the subscriber's after all: matched again with its identity confirmed, then claimed as usual. */
  release: (recordId: number | string) => `/api/admin/records/held/${pathParam('recordId', recordId)}/release`,
  /** The record is not the subscriber's: unlinked, never claimed; its hospital sees set_aside in the feed's answer. */
  setAside: (recordId: number | string) => `/api/admin/records/held/${pathParam('recordId', recordId)}/set-aside`,
} as const;

export const heldRecordParams = z.object({
  recordId: z.coerce.number({ message: '기록 번호는 숫자예요.' }).int().positive({ message: '기록 번호는 숫자예요.' }),
});

/** Why the operator decided: kept in the operators' record only (the patient reads a fixed sentence). */
export const heldDecisionBody = z.object(
  {
    reason: multiline(
      z
        .string({ message: '처리하는 이유를 적어 주세요.' })
        .trim()
        .min(2, { message: '처리하는 이유를 2자 이상 적어 주세요.' })
        .max(200, { message: '이유는 200자까지 적을 수 있어요.' })
        .refine(isSafeText, { message: unsafeTextMessage('이유') }),
    ),
  },
  { message: '처리하는 이유를 적어 주세요.' },
);
export type HeldDecisionBody = z.infer<typeof heldDecisionBody>;
/** The record after the decision: pending (released, the engine matches it next) or set_aside. */
export const heldDecisionAnswer = z.object({
  recordId: z.number().int(),
  outcome: z.enum(['pending', 'set_aside']),
});

/** The identity fields a held record and its subscriber are compared by (rules.ts on the server, outcomeOf). */
export const HELD_IDENTITY_FIELDS = ['name', 'birthDate'] as const;
export const heldIdentity = z.object({ name: z.string(), birthDate: z.string() });
/**
 * A held record beside the subscription it collided with, for the operator deciding (GET OPS_HELD_API.detail): the
 * record's name and birth date as the hospital sent them, the subscriber's as verified, which of them differ, and
 * whom a release would name to the insurer (always the subscriber).
 */
export const heldRecordDetail = z.object({
  recordId: z.number().int(),
  hospitalCd: z.string(),
  hospitalNm: z.string().nullable(),
  receiptNo: z.string(),
  /** YYYYMMDD */
  visitDate: z.string(),
  reason: z.enum(HELD_OUTCOMES),
  releasable: z.boolean(),
  record: heldIdentity,
  /** Null when the record is linked to no subscription (not_patients). */
  subscriber: heldIdentity.nullable(),
  /** The fields that are not the same (names compared as the matcher compares them). */
  differs: z.array(z.enum(HELD_IDENTITY_FIELDS)),
});
export type HeldRecordDetail = z.infer<typeof heldRecordDetail>;

/** A caller's keys for held records: a held record has no claim, so no claim id. */
const { claimId: _claimId, ...heldPersonKeys } = personKeys;
export const HELD_PERSON_KEY_MESSAGE = {
  message: '이름, 휴대폰 번호, 생년월일, 영수증 번호 중 하나는 적어 주세요.',
  path: ['name'],
};
/** POST OPS_HELD_API.search: the list's filters and page, and at least one of the caller's keys. */
export const heldRecordsSearchBody = heldRecordsQuery
  .safeExtend(heldPersonKeys)
  .refine((b) => keysNamed(b as PersonSearch).length > 0, HELD_PERSON_KEY_MESSAGE);
export type HeldRecordsSearchBody = z.input<typeof heldRecordsSearchBody>;
