// A claim's expected amount beside the insurer's answer (docs/payout-rules.md), as the patient reads it on her history,
// with the insurer's per-line adjudication as it sent it (FHIR ClaimResponse.item): the same comparison, so an operator
// answering her call says what she read.
import {
  ADJUDICATION_CATEGORIES,
  ADJUDICATION_CATEGORY_NM,
  PAYOUT_DIFFERENCE_NM,
  PAYOUT_VERDICT_NM,
  POLICY_GENERATION_NM,
} from '@auto-claim/contract';
import { useClaimPayout } from '../api/claims';

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;

export function ClaimPayout({ claimId, answer }: { claimId: number; answer: string }) {
  const { data: p, error } = useClaimPayout(claimId, answer);
  if (error) return <p className="ops-error">예상 금액을 불러오지 못했어요.</p>;
  if (!p) return null;
  return (
    <section className="ops-next" aria-labelledby="payout-h">
      <h2 id="payout-h">예상 금액과 보험사 지급액</h2>
      <dl className="ops-payout">
        <dt>가입 시기</dt>
        <dd>{p.policyGeneration ? POLICY_GENERATION_NM[p.policyGeneration] : '모름'}</dd>
        <dt>예상 금액</dt>
        <dd>{p.estimate === null ? '셈할 수 없어요 (가입 시기 모름)' : won(p.estimate)}</dd>
        {p.comparison && (
          <>
            <dt>비교</dt>
            <dd>
              <strong>{PAYOUT_VERDICT_NM[p.comparison.verdict]}</strong>
              {p.comparison.differences.length > 0 &&
                ` · ${p.comparison.differences.map((d) => `${PAYOUT_DIFFERENCE_NM[d.kind]} ${won(d.amount)}`).join(', ')}`}
              {p.comparison.unexplained > 0 && ` · 설명되지 않은 금액 ${won(p.comparison.unexplained)}`}
            </dd>
          </>
        )}
      </dl>
      <h3>환자가 읽는 설명</h3>
      <ul>
        {[...(p.comparison?.sentences ?? []), ...p.explanation].map((s, i) => (
          <li key={i}>{s}</li>
        ))}
      </ul>
      {p.adjudication && (
        <table className="ops-table">
          <caption>보험사가 보낸 항목별 심사 결과</caption>
          <thead>
            <tr>
              <th scope="col">줄</th>
              {ADJUDICATION_CATEGORIES.map((c) => (
                <th key={c} scope="col">
                  {ADJUDICATION_CATEGORY_NM[c]}
                </th>
              ))}
              <th scope="col">사유</th>
            </tr>
          </thead>
          <tbody>
            {p.adjudication.map((item, i) => (
              <tr key={i}>
                <td>{item.itemSequence ?? '—'}</td>
                {ADJUDICATION_CATEGORIES.map((c) => {
                  const a = item.adjudication.find((x) => x.category === c);
                  return <td key={c}>{a ? won(a.amount) : '—'}</td>;
                })}
                <td>
                  {[
                    item.reasonCode && item.reasonCode !== 'other' ? PAYOUT_DIFFERENCE_NM[item.reasonCode] : '',
                    item.reason,
                  ]
                    .filter(Boolean)
                    .join(' · ') || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
