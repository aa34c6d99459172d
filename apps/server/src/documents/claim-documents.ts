// The documents a hospital requires before releasing a patient's records to someone else: the power of attorney
// (위임장) and the consent (동의서), as PDFs laid out like the official forms. What they say is the contract's
// legalForm(), the same text the patient reads on screen (docs/documents.md).
import { LEGAL_FORM_TITLES, legalForm, type LegalForm, type LegalFormData } from '@auto-claim/contract';
import { pdfDoc, type TextLayout } from './pdf.js';

/** A form's data, and the signature (PNG bytes) once there is one; signTyped when it was typed, not drawn. */
export interface ClaimDocumentData extends LegalFormData {
  signPng?: Uint8Array;
  signTyped?: boolean;
}

/** 20260102 → the date of the document's metadata (midnight UTC: the same bytes wherever it is made). */
export const pdfDate = (yyyymmdd: string) =>
  new Date(Date.UTC(+yyyymmdd.slice(0, 4), +yyyymmdd.slice(4, 6) - 1, +yyyymmdd.slice(6, 8)));

/** Writes a filled 위임장 or 동의서 from the top of the current page. */
export async function writeLegalForm(l: TextLayout, form: LegalForm, signPng?: Uint8Array, signTyped?: boolean) {
  l.formBasis(form.basis);
  l.title(form.title);
  l.formTable(form.sections);
  l.paragraph(form.statement);
  if (form.helpNote) l.paragraph(form.helpNote, { size: 9 });
  await l.signature({
    dateText: form.date,
    role: form.signer.role,
    name: form.signer.name,
    png: signPng,
    typed: signTyped,
  });
  l.addressee(form.addressee);
  l.paragraph(form.attachments, { size: 9, muted: true });
}

async function build(kind: 'commission' | 'agree', subject: string, d: ClaimDocumentData) {
  const pdf = await pdfDoc({ title: LEGAL_FORM_TITLES[kind], subject, date: pdfDate(d.date) });
  await writeLegalForm(pdf.layout, legalForm(kind, d), d.signPng, d.signTyped);
  return pdf.save();
}

/** The 위임장 alone, as the patient downloads it. */
export const buildCommissionPdf = (d: ClaimDocumentData) => build('commission', '진료기록 사본 발급 위임', d);

/** The 동의서 alone, as the patient downloads it. */
export const buildConsentPdf = (d: ClaimDocumentData) => build('agree', '진료기록 사본 발급 동의', d);
