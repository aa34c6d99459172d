// RFC 9457 problem details (DESIGN §3): the one error shape of every call.
import { z } from 'zod';

export const fieldError = z.object({ field: z.string(), message: z.string() });

export const problem = z.object({
  type: z.string().optional(),
  status: z.number().int(),
  title: z.string(),
  /** Korean, shown to the patient. */
  detail: z.string(),
  /** Stable, UPPER_SNAKE. */
  code: z.string(),
  errors: z.array(fieldError).optional(),
});
export type Problem = z.infer<typeof problem>;
export type FieldError = z.infer<typeof fieldError>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
