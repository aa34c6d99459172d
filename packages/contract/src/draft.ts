// Ours (README "Enrolment drafts"): what a patient typed in the enrolment, kept on the server so that a reload or a
// tab the phone discarded resumes where she was. Tied to her verified identity (the session's CI), sealed like every
// personal field, gone ENROLMENT_DRAFT_HOURS after her last change or as soon as she subscribes. Never the photos,
// the signature or the relation document: a value is at most DRAFT_VALUE_MAX characters, so no image fits, and the
// app tells her which of those to give again (apps/web/src/wizard/draft.ts).
import { z } from 'zod';

/** How long a draft is kept after its last save. */
export const ENROLMENT_DRAFT_HOURS = 24;
/** The longest text a draft keeps in one field: any image or file is longer, and is refused. */
export const DRAFT_VALUE_MAX = 300;

const draftKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, { message: '항목 이름이 올바르지 않아요.' });
const draftValue = z.union(
  [
    z.string().max(DRAFT_VALUE_MAX, { message: `${DRAFT_VALUE_MAX}자까지만 저장해요. 사진과 서명은 저장하지 않아요.` }),
    z.number().int().min(0).max(1_000_000_000),
    z.boolean(),
    z.array(z.string().max(64, { message: '64자까지예요.' })).max(50, { message: '50개까지예요.' }),
  ],
  { message: '저장할 수 없는 값이에요.' },
);
/**
 * One slice of the app's enrolment store, by field name: at most 60 fields of text, numbers, yes/no or lists (a field
 * not answered yet is left out).
 */
const draftPart = z
  .record(draftKey, draftValue)
  .refine((o) => Object.keys(o).length <= 60, { message: '항목이 너무 많아요.' });

export const enrolmentDraftBody = z.object({
  /** The screen she was on (the wizard's step id). */
  step: z.string().regex(/^[A-Za-z]{1,32}$/, { message: '화면 이름이 올바르지 않아요.' }),
  reg: draftPart,
  ui: draftPart,
  repository: draftPart,
  child: z.object({ person: draftPart, relation: draftPart }),
});
export type EnrolmentDraftBody = z.infer<typeof enrolmentDraftBody>;

export const enrolmentDraft = z.object({
  /** null: none, or it expired. */
  draft: enrolmentDraftBody.nullable(),
  savedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type EnrolmentDraft = z.infer<typeof enrolmentDraft>;
