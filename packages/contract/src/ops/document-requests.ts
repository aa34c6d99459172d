// Documents insurers asked of hospitals (README "Documents an insurer asks for"): the hospital user's list and upload
// (role `hospital`, under /api/hospital), and the operators' list of every request with its age.
import { z } from 'zod';
import { pathParam } from '../paths.js';
import { DOCUMENT_REQUEST_STATES, HOSPITAL_DOCUMENTS } from '../vocabulary.js';
import { cursorPageOf, cursorQuery } from './page.js';

export const DOCUMENT_REQUEST_API = {
  /** The hospital user's requests (her hospital's only). */
  portal: '/api/hospital/document-requests',
  /** The hospital user's upload of one, as a PDF. */
  portalDocument: (requestId: string | number) =>
    `/api/hospital/document-requests/${pathParam('requestId', requestId)}/document`,
  /** The operators' list (viewer and up): open ones oldest first with their age, or those answered. */
  console: '/api/admin/document-requests',
} as const;

/** Open: not answered yet; answered: the hospital's PDF came (on its way to the insurer, or delivered). */
export const DOCUMENT_REQUEST_VIEWS = ['open', 'answered'] as const;
export type DocumentRequestView = (typeof DOCUMENT_REQUEST_VIEWS)[number];

export const documentRequestListQuery = cursorQuery(['askedAt']).safeExtend({
  view: z.enum(DOCUMENT_REQUEST_VIEWS, { message: '보기는 open 또는 answered예요.' }).default('open'),
});
export const consoleDocumentRequestQuery = documentRequestListQuery.safeExtend({
  hospitalCd: z
    .string()
    .regex(/^\d{8}$/, { message: '요양기관 기호는 숫자 8자리예요.' })
    .optional(),
});

export const documentRequestRow = z.object({
  requestId: z.string(),
  claimId: z.number().int(),
  hospitalCd: z.string(),
  hospitalNm: z.string(),
  insuCompCd: z.string(),
  insuCompNm: z.string(),
  receiptNo: z.string(),
  visitDate: z.string(),
  /** The patient's name as the hospital sent it, masked (홍*동). */
  patient: z.string(),
  document: z.enum(HOSPITAL_DOCUMENTS),
  state: z.enum(DOCUMENT_REQUEST_STATES),
  askedAt: z.string(),
  /** Whole days (24 hours) from when it was asked until now, or until the hospital answered. */
  ageDays: z.number().int(),
  receivedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** When the patient was told the hospital had not answered (DOCUMENT_REQUEST_PATIENT_DAYS), else null. */
  patientToldAt: z.string().nullable(),
  /** The last delivery to the insurer failed: why (operators only; never a value from the document). */
  deliveryError: z.string().nullable(),
});
export type DocumentRequestRow = z.infer<typeof documentRequestRow>;
export const documentRequestPage = cursorPageOf(documentRequestRow);
