// A visit's 진료비 세부산정내역 as the hospital sent it (fhir/ig/README.md, "The bundle"; the JSON feed's `lines`): one
// row per line with its 일자, 코드, 명칭, 단가, 횟수, 일수, 총액 and its 급여 본인/공단/전액본인/비급여 split, a total row,
// and what corrected or cancelled receipts did to the visit (claims already sent must be told to the insurer).
import { useId } from 'react';
import { LINE_CODE_SYSTEM_NM, type VisitRevision } from '@auto-claim/contract';
import type { OpsClaimDetail } from '@auto-claim/contract/ops';
import { formatDateTime } from '../shared/format';

const n = (v: number) => v.toLocaleString('ko-KR');
const day = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

const revisionText = (r: VisitRevision) => {
  const what = r.kind === 'corrected' ? '정정 영수증으로 바뀌었어요' : '병원이 영수증을 취소했어요';
  const told = r.sentClaims
    ? ` 이미 보험사에 보낸 청구 ${r.sentClaims}건은 보험사에 ${r.kind === 'corrected' ? '정정' : '취소'}을 알려야 해요.`
    : '';
  return `${what} (영수증 번호 ${r.receiptNo}).${told}`;
};

export function VisitLines({
  lines,
  revisions,
  title = '진료비 세부산정내역',
}: Pick<OpsClaimDetail, 'lines' | 'revisions'> & { title?: string }) {
  const id = useId();
  if (lines.length === 0 && revisions.length === 0) return null;
  const sum = (k: 'total' | 'copay' | 'insurer' | 'fullCopay' | 'uncovered') => lines.reduce((s, l) => s + l[k], 0);
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{title}</h2>
      {revisions.map((r, i) => (
        <p key={i} className="ops-warn" role={r.sentClaims ? 'alert' : undefined}>
          {formatDateTime(r.at)} {revisionText(r)}
        </p>
      ))}
      {lines.length > 0 && (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <caption>세부산정내역 {lines.length}줄</caption>
            <thead>
              <tr>
                <th scope="col">일자</th>
                <th scope="col">코드</th>
                <th scope="col">명칭</th>
                <th scope="col">단가</th>
                <th scope="col">횟수</th>
                <th scope="col">일수</th>
                <th scope="col">총액</th>
                <th scope="col">본인부담</th>
                <th scope="col">공단부담</th>
                <th scope="col">전액본인</th>
                <th scope="col">비급여</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l, i) => (
                <tr key={i}>
                  <td>{day(l.date)}</td>
                  <td>
                    <span title={`HIRA EDI ${LINE_CODE_SYSTEM_NM[l.codeSystem]}`}>{l.code}</span>
                  </td>
                  <td>{l.name}</td>
                  <td className="ops-num">{n(l.unitPrice)}</td>
                  <td className="ops-num">{n(l.count)}</td>
                  <td className="ops-num">{n(l.days)}</td>
                  <td className="ops-num">{n(l.total)}</td>
                  <td className="ops-num">{n(l.copay)}</td>
                  <td className="ops-num">{n(l.insurer)}</td>
                  <td className="ops-num">{n(l.fullCopay)}</td>
                  <td className="ops-num">{n(l.uncovered)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={6}>
                  합계
                </th>
                <td className="ops-num">{n(sum('total'))}</td>
                <td className="ops-num">{n(sum('copay'))}</td>
                <td className="ops-num">{n(sum('insurer'))}</td>
                <td className="ops-num">{n(sum('fullCopay'))}</td>
                <td className="ops-num">{n(sum('uncovered'))}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
