// Records held because whose they are is in doubt (docs/hospital-integration.md, "Matching"), as the console lists them.
import { z } from 'zod';
import { cursorQuery } from './page.js';

export const HELD_RECORD_SORTS = ['receivedAt', 'visitDate', 'hospitalCd'] as const;
export const heldRecordsQuery = cursorQuery(HELD_RECORD_SORTS).extend({
  reason: z.enum(['identity_mismatch', 'not_patients']).optional(),
  hospitalCd: z
    .string()
    .regex(/^\d{8}$/, '병원 코드는 숫자 8자리예요.')
    .optional(),
});
export type HeldRecordsQuery = z.input<typeof heldRecordsQuery>;

/** Why a record is held, in the operator's words. */
export const HELD_REASON_NM = {
  identity_mismatch: '이름·생년월일이 가입자와 달라요',
  not_patients: '환자가 본인 진료가 아니라고 했어요',
} as const;
