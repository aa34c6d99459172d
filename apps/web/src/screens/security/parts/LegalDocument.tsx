// The power of attorney (위임장) and the consent (동의서) a hospital requires before it releases records to a third
// party, filled with the patient's details, scope, period, date and signature. The server makes the same document
// as a PDF (contract documentBody); "PDF로 받기" downloads it.
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { documentBodyOf, fetchDocumentPdf, type DocumentKind } from '../../../api/documents';
import { useClaimStore } from '../../../store/claim';
import { alert, withLoading } from '../../../ui';
import { formatDate, formatYmd, maskPhone, maskRrn, retroStart } from './format';
import { useEnrolmentNames } from './useEnrolment';

export const DOCUMENT_TITLES: Record<DocumentKind, string> = { commission: '위임장', agree: '동의서' };

export function LegalDocument({ kind, titleId }: { kind: DocumentKind; titleId: string }) {
  const reg = useClaimStore((s) => s.reg);
  const { hospitalNames, insurerName } = useEnrolmentNames();
  const hospitals = hospitalNames.join(', ');
  const today = formatDate(new Date());
  const period =
    reg.retroMonth && reg.retroMonth > 0
      ? `${formatDate(retroStart(reg.retroMonth))} 이후 진료부터 자동청구를 해지할 때까지`
      : '신청일 이후 진료부터 자동청구를 해지할 때까지';
  const address = [reg.userPostNo && `(${reg.userPostNo})`, reg.userAddr, reg.userAddrDetail].filter(Boolean).join(' ');

  const person = (
    <dl className="doc__table">
      <dt>성명</dt>
      <dd>{reg.userNm}</dd>
      <dt>생년월일</dt>
      <dd>{formatYmd(reg.birthday)}</dd>
      <dt>주민등록번호</dt>
      <dd>{maskRrn(reg.birthday, reg.userIdno2)}</dd>
      <dt>연락처</dt>
      <dd>{maskPhone(reg.userTel)}</dd>
      <dt>주소</dt>
      <dd>{address || '입력 전이에요'}</dd>
    </dl>
  );

  return (
    <article className="doc" aria-labelledby={titleId}>
      <h3 id={titleId} className="doc__title">
        {kind === 'commission' ? '위 임 장' : '동 의 서'}
      </h3>
      {kind === 'commission' ? (
        <>
          <section className="doc__section">
            <h3>위임하는 사람 (위임인)</h3>
            {person}
          </section>
          <section className="doc__section">
            <h3>위임받는 사람 (수임인)</h3>
            <p>자동청구 서비스 (실손보험금 청구 대행)</p>
          </section>
          <section className="doc__section">
            <h3>위임하는 일</h3>
            <ol>
              <li>
                {hospitals}에서 받은 진료의 진료비 영수증, 진료비 세부산정내역서, 처방전, 진단서 등 보험금 청구에 필요한
                서류의 발급 신청과 수령
              </li>
              <li>발급받은 서류를 {insurerName}에 보내 실손보험금을 청구하는 일</li>
            </ol>
          </section>
          <section className="doc__section">
            <h3>위임 기간</h3>
            <p>{period}</p>
          </section>
          <p>본인은 위 사람에게 위의 일을 위임합니다.</p>
        </>
      ) : (
        <>
          <p>개인정보(민감정보 포함) 수집·이용 및 제3자 제공 동의</p>
          <section className="doc__section">
            <h3>동의하는 사람</h3>
            {person}
          </section>
          <section className="doc__section">
            <dl className="doc__table">
              <dt>제공하는 곳</dt>
              <dd>{hospitals}</dd>
              <dt>제공받는 곳</dt>
              <dd>{insurerName}, 자동청구 서비스</dd>
              <dt>목적</dt>
              <dd>실손보험금 청구와 지급 심사</dd>
              <dt>항목</dt>
              <dd>
                성명, 생년월일, 주민등록번호, 연락처, 주소, 이메일, 신분증 사본, 보험금 받을 계좌, 진료기록과 진료비
                내역(건강에 관한 민감정보)
              </dd>
              <dt>대상 진료</dt>
              <dd>{period}</dd>
              <dt>보유 기간</dt>
              <dd>자동청구를 해지할 때까지. 해지 후에는 법령이 정한 기간만 보관하고 파기합니다.</dd>
            </dl>
          </section>
          <section className="doc__section">
            <h3>동의하지 않을 권리</h3>
            <p>동의하지 않을 수 있습니다. 다만 동의하지 않으면 자동청구를 이용할 수 없습니다.</p>
          </section>
          <p>본인은 위 내용을 읽고 이해했으며, 개인정보(민감정보 포함)의 수집·이용과 제3자 제공에 동의합니다.</p>
        </>
      )}
      <div className="doc__sign">
        <span>{today}</span>
        <span>
          {kind === 'commission' ? '위임인' : '동의인'} {reg.userNm}
        </span>
        {reg.signImg ? (
          <img src={reg.signImg} alt={`${reg.userNm} 님의 서명`} />
        ) : (
          <span className="doc__missing">서명 전이에요</span>
        )}
      </div>
    </article>
  );
}

/** Downloads the server's PDF of the document. */
export function PdfButton({ kind }: { kind: DocumentKind }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const blob = await withLoading(fetchDocumentPdf(kind, documentBodyOf(useClaimStore.getState())));
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${DOCUMENT_TITLES[kind]}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      await alert(
        e instanceof ApiError
          ? e.detail
          : `${DOCUMENT_TITLES[kind]} PDF를 만들지 못했어요. 잠시 후 다시 시도해 주세요.`,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--secondary btn--block" onClick={download} disabled={busy}>
      {busy ? 'PDF 만드는 중…' : 'PDF로 받기'}
    </button>
  );
}
