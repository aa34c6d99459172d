// Documents an insurer asks for that the hospital issues (README "Documents an insurer asks for"): what a hospital's
// EMR (its key, the vendor kit) polls and answers with a PDF. The console's side (the hospital user's screen, the
// operators' list) is in ops/document-requests.ts.
import { z } from 'zod';
import { DOCUMENT_REQUEST_STATES, HOSPITAL_DOCUMENTS } from './vocabulary.js';

/** The largest PDF a hospital may answer with: a 진단서 or 세부내역서 of a few pages is well under it. */
export const MAX_REQUESTED_DOCUMENT_BYTES = 2 * 1024 * 1024;
/** A PDF of more pages than this is no 진단서, 처방전 or 입퇴원확인서 (a long stay's 세부내역서 stays well below). */
export const MAX_REQUESTED_DOCUMENT_PAGES = 30;
/**
 * Days a hospital has to answer before the patient is told (once) that it has not, and what she can do: ask the
 * hospital for the paper and send it to the insurer herself (README "Documents an insurer asks for").
 */
export const DOCUMENT_REQUEST_PATIENT_DAYS = 7;
/** Requests in one answer of the hospital's poll. */
export const DOCUMENT_REQUEST_PAGE_MAX = 100;

const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4 + 64;
const PDF_DATA_URL = /^data:application\/pdf;base64,[A-Za-z0-9+/]+={0,2}$/;

/** GET HOSPITAL_API.documentRequests: the hospital's open requests, oldest first, `after` the last one read. */
export const documentRequestsQuery = z.object({
  /** The last requestId of the page before (keyset); absent for the first page. */
  after: z
    .string()
    .regex(/^\d{1,18}$/, { message: 'after에는 앞 쪽 마지막 요청의 requestId를 보내 주세요.' })
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, { message: 'limit은 1 이상이에요.' })
    .max(DOCUMENT_REQUEST_PAGE_MAX, { message: `limit은 ${DOCUMENT_REQUEST_PAGE_MAX} 이하예요.` })
    .default(50),
});

/** One request as the hospital reads it: its own receipt number and visit date find the patient in its EMR. */
export const hospitalDocumentRequest = z.object({
  requestId: z.string(),
  /** The hospital's receipt number of the visit the claim was made of. */
  receiptNo: z.string(),
  /** YYYYMMDD. */
  visitDate: z.string(),
  document: z.enum(HOSPITAL_DOCUMENTS),
  /** The paper in Korean (진단서, 진료비 세부내역서, 처방전, 입퇴원확인서). */
  documentNm: z.string(),
  askedAt: z.string(),
  state: z.enum(DOCUMENT_REQUEST_STATES),
});
export type HospitalDocumentRequest = z.infer<typeof hospitalDocumentRequest>;

export const hospitalDocumentRequestPage = z.object({
  requests: z.array(hospitalDocumentRequest),
  /** The `after` of the next page; null when this is the last. */
  next: z.string().nullable(),
});

export const documentRequestId = z.object({
  requestId: z.string().regex(/^\d{1,18}$/, { message: 'requestId는 요청 목록에서 받은 숫자예요.' }),
});

/** POST …/document: the PDF as a data URL; the server checks the bytes themselves (magic bytes, pages, no script). */
export const documentAnswerBody = z.object({
  pdf: z
    .string({ message: '요청한 서류를 PDF로 보내 주세요.' })
    .min(1, { message: '요청한 서류를 PDF로 보내 주세요.' })
    .max(base64Length(MAX_REQUESTED_DOCUMENT_BYTES), {
      message: `파일이 너무 커요. ${MAX_REQUESTED_DOCUMENT_BYTES / 1024 / 1024}MB까지 보낼 수 있어요.`,
    })
    .refine((s) => PDF_DATA_URL.test(s), {
      message: '서류는 data:application/pdf;base64,로 시작하는 PDF로 보내 주세요.',
    }),
});
export type DocumentAnswerBody = z.infer<typeof documentAnswerBody>;

export const documentAnswer = z.object({
  requestId: z.string(),
  state: z.enum(DOCUMENT_REQUEST_STATES),
  receivedAt: z.string(),
});
export type DocumentAnswer = z.infer<typeof documentAnswer>;
