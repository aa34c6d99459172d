// Documents the server generates as PDF (Korean font embedded): see claim-documents.ts and pdf.ts. They are made in
// worker threads (workers.ts): callers go through legalFormPdf or run their own module's function in ctx.pdf.
import type { ClaimDocumentData } from './claim-documents.js';
import type { PdfWorkers } from './workers.js';

export { buildCommissionPdf, buildConsentPdf, writeLegalForm, type ClaimDocumentData } from './claim-documents.js';
export { A4, TextLayout, pdfDoc, wrapText, type StructRole } from './pdf.js';
export { createPdfWorkers, defaultPdfWorkers, UploadCheckAborted, type PdfWorkers } from './workers.js';
export { PDF_CHECK, PDF_INFLATE_BUDGET, type PdfVerdict } from './pdf-check.js';

/** The module the workers load for the 위임장 and 동의서 (its source: tsx loads it in the worker as in the process). */
const LEGAL_FORMS = new URL('./claim-documents.ts', import.meta.url);

/** The 위임장 (commission) or 동의서 (agree) alone, made in a worker thread. */
export const legalFormPdf = (workers: PdfWorkers, kind: 'commission' | 'agree', d: ClaimDocumentData) =>
  workers.run<Uint8Array>(LEGAL_FORMS, kind === 'commission' ? 'buildCommissionPdf' : 'buildConsentPdf', d);
