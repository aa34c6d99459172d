// The power of attorney (위임장) and the consent (동의서) a hospital requires before it releases records to a third
// party, filled with the patient's details, scope, period, date and signature. Their text is the contract's
// legalForm(), the same the server's PDF says; "PDF로 받기" downloads that PDF.
import { useState } from 'react';
import { HELPER_REL_NM, contractDates, legalForm, legalFormData } from '@auto-claim/contract';
import { ApiError } from '../../../api/client';
import { documentBodyOf, fetchDocumentPdf, type DocumentKind } from '../../../api/documents';
import { useClaimStore } from '../../../store/claim';
import { alert, withLoading } from '../../../ui';
import { useEnrolmentNames } from './useEnrolment';
import { SignatureShown } from './SignatureShown';
import { ReferenceNote } from '../../../i18n/ReferenceNote';
import { refusal } from '../../../i18n/refusals';
import { t, useT } from '../../../i18n/t';

/** The documents' names in her language (the documents themselves stay Korean: their text binds). */
export const documentTitle = (kind: DocumentKind) =>
  kind === 'commission' ? t('doc.commission', '위임장') : t('doc.agree', '동의서');
/** The Korean names, as the PDF's file is named. */
const KOREAN_TITLES: Record<DocumentKind, string> = {
  commission: '위임장', // i18n-exempt: the legal document's own name (its PDF's file name)
  agree: '동의서', // i18n-exempt: the legal document's own name (its PDF's file name)
};

export function LegalDocument({ kind, titleId }: { kind: DocumentKind; titleId: string }) {
  const reg = useClaimStore((s) => s.reg);
  // A child's documents name her as the patient and the verified parent as her 법정대리인, who signs (as the PDF does).
  const child = useClaimStore((s) => (s.ui.insured === 'child' ? s.child.person : undefined));
  const { hospitals, insurers } = useEnrolmentNames();
  // Who helps her (README "A helper beside her"), as the 위임장 prints it: the desk's staff account is named by the
  // server on the signed document; before signing, the desk's hospital and "직원".
  const desk = useClaimStore((s) => s.desk);
  const helpedBy = desk.grant
    ? // i18n-exempt: the 위임장 is the official Korean form
      `${desk.hospitalNm} 직원`
    : reg.helperRel
      ? HELPER_REL_NM[reg.helperRel]
      : undefined;
  const form = legalForm(
    kind,
    legalFormData({
      person: child ? { ...reg, userNm: child.userNm, birthday: child.birthday, userIdno2: child.userIdno2 } : reg,
      ...(child?.guardianRel
        ? {
            guardian: {
              userNm: reg.userNm,
              birthday: reg.birthday,
              userIdno2: reg.userIdno2,
              userTel: reg.userTel,
              guardianRel: child.guardianRel,
            },
          }
        : {}),
      hospitals,
      insurers,
      retroMonth: reg.retroMonth ?? 0,
      ...contractDates(new Date()),
      helpedBy,
    }),
  );

  return (
    <article className="doc" aria-labelledby={titleId} lang="ko">
      <ReferenceNote full />
      <p className="doc__basis">{form.basis}</p>
      <h3 id={titleId} className="doc__title">
        {form.title}
      </h3>
      {form.sections.map((section) => (
        <section key={section.label} className="doc__section">
          <h4>{section.label}</h4>
          <dl className="doc__table">
            {section.rows.map(([label, value]) => (
              <div key={label} className="doc__row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <p>{form.statement}</p>
      <div className="doc__sign">
        <span className="doc__date">{form.date}</span>
        <span>
          {form.signer.role} {form.signer.name}
        </span>
        {reg.signImg || reg.signTypedNm ? (
          <SignatureShown reg={reg} />
        ) : (
          <span className="doc__missing">{t('doc.unsigned', '서명 전이에요')}</span>
        )}
      </div>
      {form.helpNote && <p className="doc__note">{form.helpNote}</p>}
      <p className="doc__addressee">{form.addressee}</p>
      <p className="doc__note">{form.attachments}</p>
    </article>
  );
}

/** Downloads the server's PDF of the document. */
export function PdfButton({ kind }: { kind: DocumentKind }) {
  const tr = useT();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const blob = await withLoading(
        fetchDocumentPdf(kind, documentBodyOf(useClaimStore.getState())),
        t('doc.making', '문서를 만들고 있어요…'),
      );
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${KOREAN_TITLES[kind]}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      await alert(
        e instanceof ApiError
          ? (refusal(e.detail) ?? e.detail)
          : t('doc.pdfFailed', '{doc} PDF를 만들지 못했어요. 잠시 후 다시 시도해 주세요.', {
              doc: documentTitle(kind),
            }),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--secondary btn--block" onClick={download} disabled={busy}>
      {busy ? tr('doc.pdfMaking', 'PDF 만드는 중…') : tr('doc.pdf', 'PDF로 받기')}
    </button>
  );
}
