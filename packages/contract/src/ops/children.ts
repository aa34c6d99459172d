// The operator console's side of the child case (README "Children: a guardian claims for a child"): the queue of
// relation documents (가족관계증명서, 주민등록등본) to check beside the names the parent entered, confirmed or refused with a
// reason the parent reads; and the disputes over whose subscription an insured person is (one live subscription per
// resident number), resolved by keeping one.
import { z } from 'zod';
import { guardianRel, relationDocType, relationStatus } from '../children.js';
import { hasLink, isSafeText, linkInTextMessage, multiline, unsafeTextMessage } from '../formats.js';
import { pathParam } from '../paths.js';
import {
  DISPUTE_KEPT,
  DISPUTE_STATUSES,
  RELATION_DOCUMENT_CONTENT_TYPES,
  RELATION_DOCUMENT_STATUSES,
} from '../vocabulary.js';
import { cursorPageOf, cursorQuery } from './page.js';

export const OPS_CHILD_API = {
  /** GET: the queue, by key (`order=asc` puts the longest waiting on top, as the console asks). */
  relationDocuments: '/api/admin/relation-documents',
  /** GET: one document's entered names in full beside what it is (the look is recorded, as a reveal). */
  relationDocument: (docId: number | string) => `/api/admin/relation-documents/${pathParam('docId', docId)}`,
  /** GET: the file itself (image/jpeg, image/png or application/pdf), to show beside the names. */
  relationDocumentFile: (docId: number | string) => `/api/admin/relation-documents/${pathParam('docId', docId)}/file`,
  /** POST relationConfirmBody: the relation holds; the child's held records are matched again and claimed. */
  relationDocumentConfirm: (docId: number | string) =>
    `/api/admin/relation-documents/${pathParam('docId', docId)}/confirm`,
  /** POST relationRefuseBody: not a proof of this relation (the reason goes to the parent, who may upload again). */
  relationDocumentRefuse: (docId: number | string) =>
    `/api/admin/relation-documents/${pathParam('docId', docId)}/refuse`,
  /** GET: the disputes over one insured person's subscription, by key. */
  insuredDisputes: '/api/admin/insured-disputes',
  /** POST disputeResolveBody: which subscription stays (the holder's, or the claimant's way in is opened). */
  insuredDisputeResolve: (disputeId: number | string) =>
    `/api/admin/insured-disputes/${pathParam('disputeId', disputeId)}/resolve`,
} as const;

export const RELATION_DOCUMENT_SORTS = ['submittedAt'] as const;
export const relationDocumentsQuery = cursorQuery(RELATION_DOCUMENT_SORTS).extend({
  status: z
    .enum(['pending', 'confirmed', 'refused'], { message: '상태는 pending, confirmed, refused 중 하나예요.' })
    .default('pending'),
});
export type RelationDocumentsQuery = z.input<typeof relationDocumentsQuery>;

export const relationDocumentParams = z.object({
  docId: z.coerce.number({ message: '서류 번호는 숫자예요.' }).int().positive({ message: '서류 번호는 숫자예요.' }),
});

/** A row of the queue: masked (DESIGN §5); the names in full only in the detail, whose opening is recorded. */
export const relationDocumentRow = z.object({
  docId: z.number().int(),
  insuApplyId: z.string(),
  status: z.enum(RELATION_DOCUMENT_STATUSES),
  docType: relationDocType,
  /** The issue date the parent stated (YYYYMMDD). */
  issueDate: z.string(),
  /** Older than RELATION_DOCUMENT_MAX_AGE_MONTHS today: refuse, or ask for a new one. */
  issueDateStale: z.boolean(),
  /** 김*민 */
  childNmMasked: z.string(),
  guardianNmMasked: z.string(),
  guardianRel,
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The operator who decided (login id). */
  decidedBy: z.string().nullable(),
});
export type RelationDocumentRow = z.infer<typeof relationDocumentRow>;
export const relationDocumentsPage = cursorPageOf(relationDocumentRow);
export type RelationDocumentsPage = z.infer<typeof relationDocumentsPage>;

/** One document opened: the names the parent entered, in full, to hold beside the document itself. */
export const relationDocumentDetail = relationDocumentRow.extend({
  child: z.object({
    userNm: z.string(),
    /** YYYYMMDD */
    birthday: z.string(),
    sex: z.enum(['M', 'F']),
    /** 150301-4****** (a 가족관계증명서 일반 shows no more). */
    rrnMasked: z.string(),
  }),
  guardian: z.object({
    userNm: z.string(),
    /** YYYYMMDD */
    birthday: z.string(),
    guardianRelNm: z.string(),
  }),
  file: z.object({
    contentType: z.enum(RELATION_DOCUMENT_CONTENT_TYPES),
    bytes: z.number().int(),
  }),
  /** What the parent reads, once refused. */
  refuseReason: z.string().nullable(),
  /** The subscription's relation as a whole (a refused document may be followed by a pending one). */
  relationStatus,
});
export type RelationDocumentDetail = z.infer<typeof relationDocumentDetail>;

/** A reason typed by an operator; `what` ends in a vowel (메모, 반려 사유, 처리 이유), hence 를 and 는. */
const reasonText = (what: string, min: number, max: number, toPatient = false) =>
  multiline(
    z
      .string({ message: `${what}를 적어 주세요.` })
      .trim()
      .min(min, { message: `${what}를 ${min}자 이상 적어 주세요.` })
      .max(max, { message: `${what}는 ${max}자까지 적을 수 있어요.` })
      .refine(isSafeText, { message: unsafeTextMessage(what) })
      // A patient reads it in the service's own message: no link (docs/security.md).
      .refine((v) => !toPatient || !hasLink(v), { message: linkInTextMessage(what) }),
  );

/** Confirming: an optional note for the operators' record. */
export const relationConfirmBody = z.object({ note: reasonText('메모', 0, 200).optional() });
/** Refusing: the reason, in 해요체, which the parent reads on her phone and in the app ("발급일이 3개월이 지났어요"). */
export const relationRefuseBody = z.object(
  { reason: reasonText('반려 사유', 2, 200, true) },
  { message: '반려 사유를 적어 주세요.' },
);
export type RelationRefuseBody = z.infer<typeof relationRefuseBody>;
/** The answer of both: the document as it is now. */
export const relationDecisionAnswer = relationDocumentDetail;

export const INSURED_DISPUTE_SORTS = ['createdAt'] as const;
export const insuredDisputesQuery = cursorQuery(INSURED_DISPUTE_SORTS).extend({
  status: z.enum(DISPUTE_STATUSES, { message: '상태는 open, resolved 중 하나예요.' }).default('open'),
});
export const insuredDisputeParams = z.object({
  disputeId: z.coerce.number({ message: '분쟁 번호는 숫자예요.' }).int().positive({ message: '분쟁 번호는 숫자예요.' }),
});

/** Who enrolled, or tried to: the insured person herself, or a guardian for a child. Masked. */
const disputeParty = z.object({
  kind: z.enum(['self', 'child']),
  insuredNmMasked: z.string(),
  guardianNmMasked: z.string().nullable(),
  guardianRel: guardianRel.nullable(),
});

/**
 * Someone tried to enrol an insured person (by her resident number) whom another live subscription holds: the holder
 * (a guardian's child subscription, or her own) and the claimant who was refused.
 */
export const insuredDispute = z.object({
  disputeId: z.number().int(),
  status: z.enum(DISPUTE_STATUSES),
  holder: disputeParty.extend({
    insuApplyId: z.string(),
    relationStatus: relationStatus.nullable(),
    since: z.string(),
  }),
  claimant: disputeParty,
  createdAt: z.string(),
  /** holder: her subscription stays; claimant: the holder's was ended and the claimant told she may enrol. */
  kept: z.enum(DISPUTE_KEPT).nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type InsuredDispute = z.infer<typeof insuredDispute>;
export const insuredDisputesPage = cursorPageOf(insuredDispute);

export const disputeResolveBody = z.object({
  kept: z.enum(DISPUTE_KEPT, { message: '어느 쪽 가입을 유지할지 골라 주세요.' }),
  /** For the operators' record (who decided and why); the parties read a fixed sentence. */
  reason: reasonText('처리 이유', 2, 200),
});
export type DisputeResolveBody = z.infer<typeof disputeResolveBody>;
