// A visit's 진료비 세부산정내역 as the hospital sent it (fhir/ig/README.md, "The bundle"; the JSON feed's `lines`): one
// row per line with its 일자, 코드, 명칭, 단가, 횟수, 일수, 총액 and its 급여 본인/공단/전액본인/비급여 split, a total row,
// what corrected or cancelled receipts did to the visit, and what this claim's insurer was told of them (a notice not
// delivered is an alert: the operator calls the insurer).
import { useId } from 'react';
import { LINE_CODE_SYSTEM_NM, type VisitRevision } from '@auto-claim/contract';
import type { OpsClaimDetail } from '@auto-claim/contract/ops';
import { formatDateTime } from '../shared/format';

const n = (v: number) => v.toLocaleString('ko-KR');
const day = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

const revisionText = (r: VisitRevision) =>
  `${r.kind === 'corrected' ? '정정 영수증으로 바뀌었어요' : '병원이 영수증을 취소했어요'} (영수증 번호 ${r.receiptNo}).`;

type Notice = OpsClaimDetail['notices'][number];
const noticeText = (n: Notice) => {
  // Whole words, not a stem and a particle: 정정을, 취소를.
  const what = n.kind === 'corrected' ? '영수증 정정을' : '영수증 취소를';
  if (n.state === 'sent') return `${formatDateTime(n.sentAt!)} 보험사에 ${what} 알렸어요.`;
  if (n.state === 'pending') return `보험사에 ${what} 알리고 있어요 (${n.attempts}번 시도했어요).`;
  return `보험사에 ${what} 알리지 못했어요${n.lastError ? ` (${n.lastError})` : ''}. 보험사에 전화로 알려 주세요.`;
};

export function VisitLines({
  lines,
  revisions,
  notices = [],
  title = '진료비 세부산정내역',
}: Pick<OpsClaimDetail, 'lines' | 'revisions'> & { notices?: Notice[]; title?: string }) {
  const id = useId();
  if (lines.length === 0 && revisions.length === 0) return null;
  const sum = (k: 'total' | 'copay' | 'insurer' | 'fullCopay' | 'uncovered') => lines.reduce((s, l) => s + l[k], 0);
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{title}</h2>
      {revisions.map((r, i) => (
        <p key={i} className="ops-warn">
          {formatDateTime(r.at)} {revisionText(r)}
        </p>
      ))}
      {notices.map((n, i) => (
        <p
          key={`n${i}`}
          className={n.state === 'dead' ? 'ops-error' : 'ops-muted'}
          role={n.state === 'dead' ? 'alert' : undefined}
        >
          {noticeText(n)}
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
