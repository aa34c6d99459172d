// Documents the server generates as PDF (Korean font embedded): see claim-documents.ts and pdf.ts.
export { AGENT, RECORD_SCOPE, buildCommissionPdf, buildConsentPdf, type ClaimDocumentData } from './claim-documents.js';
export { A4, TextLayout, koreanDate, pdfDoc, wrapText, type PdfDoc } from './pdf.js';
