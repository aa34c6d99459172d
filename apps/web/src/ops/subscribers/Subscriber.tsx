// One subscriber (README "Operator console", "A subscriber's page"), opened from a claim: her subscriptions, the
// children she enrolled as guardian (or, on a child's page, her guardian), her claims newest first (more a click at
// a time, by key), the operators' newest notes and her access log's newest lines, every person masked. The server
// records the opening in the operators' record and her access log; her details unmasked only on a claim, with a reason.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  CLAIM_STATUS_NM,
  GUARDIAN_REL_NM,
  NOT_CLAIMED_REASON_SHORT_NM,
  RELATION_STATUS_NM,
  SUBSCRIPTION_END_REASON_NM,
} from '@auto-claim/contract';
import type { OpsClaimRow } from '@auto-claim/contract/ops';
import { subscriberClaimsAfter, useSubscriber } from '../api/subscribers';
import { useFocusHeading } from '../shared/focus';
import { formatDate, formatDateTime } from '../shared/format';

const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const errorText = (e: unknown) => (e instanceof Error ? e.message : '요청을 처리하지 못했어요.');

function Claims({
  insuApplyId,
  first,
  next,
  total,
}: {
  insuApplyId: string;
  first: OpsClaimRow[];
  next: string | null;
  total: number;
}) {
  const [rows, setRows] = useState(first);
  const [cursor, setCursor] = useState(next);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const more = async () => {
    if (!cursor) return;
    setBusy(true);
    setError(undefined);
    try {
      const page = await subscriberClaimsAfter(insuApplyId, cursor);
      setRows((r) => [...r, ...page.list]);
      setCursor(page.nextCursor);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="sub-claims">
      <h2 id="sub-claims">청구 ({total.toLocaleString('ko-KR')}건, 최근 순)</h2>
      {rows.length === 0 ? (
        <p className="ops-muted">청구가 없어요.</p>
      ) : (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <caption>가입자의 청구</caption>
            <thead>
              <tr>
                <th scope="col">청구 번호</th>
                <th scope="col">진료일</th>
                <th scope="col">병원</th>
                <th scope="col">보험사</th>
                <th scope="col">청구 금액</th>
                <th scope="col">상태</th>
                <th scope="col">청구일</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.claimId}>
                  <td className="num">
                    <Link to={`/claims/${r.claimId}`}>{r.claimId}</Link>
                  </td>
                  <td>{formatDate(r.visitDate)}</td>
                  <td>{r.hospitalNm ?? r.hospitalCd}</td>
                  <td>{r.insuCompNm ?? r.insuCompCd}</td>
                  <td className="num">{won(r.amount)}</td>
                  <td>{CLAIM_STATUS_NM[r.status]}</td>
                  <td>{formatDateTime(r.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cursor && (
        <button type="button" onClick={() => void more()} disabled={busy}>
          청구 더 보기
        </button>
      )}
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
    </section>
  );
}

export function Subscriber() {
  const heading = useFocusHeading();
  const { insuApplyId = '' } = useParams();
  const { data: s, error } = useSubscriber(insuApplyId);
  if (error && !s)
    return (
      <p role="alert" className="ops-error">
        {errorText(error)}
      </p>
    );
  if (!s) return <p role="status">불러오는 중이에요…</p>;
  return (
    <article className="ops-subscriber">
      <h1 ref={heading} tabIndex={-1}>
        가입자 {s.person.name}
      </h1>
      <p className="ops-muted">
        이름과 연락처는 가려서 보여요. 가리지 않은 정보는 청구에서 이유를 적고 확인해요. 이 화면을 연 일은 운영자 기록과
        가입자의 열람 기록에 남아요.
      </p>
      <dl className="ops-summary">
        <dt>가입 번호</dt>
        <dd>{s.insuApplyId}</dd>
        <dt>{s.guardian ? '자녀 (피보험자)' : '가입자'}</dt>
        <dd>
          {s.person.name} {s.person.phone ?? ''}
        </dd>
        {s.guardian && (
          <>
            <dt>보호자</dt>
            <dd>
              {s.guardian.name} {s.guardian.phone ?? ''} ({GUARDIAN_REL_NM[s.guardian.rel]}, 가족관계{' '}
              {RELATION_STATUS_NM[s.guardian.relationStatus]})
            </dd>
          </>
        )}
      </dl>

      <section aria-labelledby="sub-subs">
        <h2 id="sub-subs">가입</h2>
        <div className="ops-table-wrap">
          <table className="ops-table">
            <caption>가입 내역 (최근 순)</caption>
            <thead>
              <tr>
                <th scope="col">가입 번호</th>
                <th scope="col">보험사</th>
                <th scope="col">상태</th>
                <th scope="col">가입일</th>
                <th scope="col">지급 계좌</th>
                <th scope="col">작성 도움</th>
              </tr>
            </thead>
            <tbody>
              {s.subscriptions.map((x) => (
                <tr key={x.insuApplyId}>
                  <td>{x.insuApplyId}</td>
                  <td>{x.insuCompNm ?? x.insuCompCd}</td>
                  <td>
                    {x.status === 'subscribe'
                      ? '가입 중'
                      : `${SUBSCRIPTION_END_REASON_NM[x.endReason ?? 'cancelled']}${x.cancelledAt ? ` (${formatDateTime(x.cancelledAt)})` : ''}`}
                  </td>
                  <td>{formatDateTime(x.createdAt)}</td>
                  <td>{x.accountMasked ?? '없음'}</td>
                  <td>{x.helpedBy ?? '본인 혼자'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {!s.guardian && (
        <section aria-labelledby="sub-children">
          <h2 id="sub-children">자녀 (보호자로 가입)</h2>
          {s.children.length === 0 ? (
            <p className="ops-muted">보호자로 가입한 자녀가 없어요.</p>
          ) : (
            <ul className="ops-list">
              {s.children.map((c) => (
                <li key={c.insuApplyId}>
                  <Link to={`/subscribers/${c.insuApplyId}`}>{c.name}</Link> ({GUARDIAN_REL_NM[c.rel]} · 가족관계{' '}
                  {RELATION_STATUS_NM[c.relationStatus]} · {c.status === 'subscribe' ? '가입 중' : '종료'} · 만 19세{' '}
                  {formatDate(c.adultOn)})
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <Claims insuApplyId={s.insuApplyId} first={s.claims.list} next={s.claims.nextCursor} total={s.claims.total} />

      <section aria-labelledby="sub-not-claimed">
        <h2 id="sub-not-claimed">청구하지 않은 진료 (최근 {s.notClaimed.length}건)</h2>
        {s.notClaimed.length === 0 ? (
          <p className="ops-muted">청구하지 않은 진료가 없어요.</p>
        ) : (
          <ul className="ops-list">
            {s.notClaimed.map((r) => (
              <li key={r.recordId}>
                {formatDate(r.visitDate)} · 기록 {r.recordId} · {r.hospitalCd} · {r.totalPaid.toLocaleString('ko-KR')}원
                · {NOT_CLAIMED_REASON_SHORT_NM[r.reason]}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="sub-notes">
        <h2 id="sub-notes">운영자 메모 (최근 순)</h2>
        {s.notes.length === 0 ? (
          <p className="ops-muted">메모가 없어요.</p>
        ) : (
          <ul className="ops-list">
            {s.notes.map((n) => (
              <li key={n.id}>
                <time dateTime={n.at}>{formatDateTime(n.at)}</time> · {n.loginId} ·{' '}
                <Link to={`/claims/${n.claimId}`}>청구 {n.claimId}</Link>: {n.note}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="sub-access">
        <h2 id="sub-access">
          열람 기록 (최근 {s.accessLog.list.length}건 / 전체 {s.accessLog.total.toLocaleString('ko-KR')}건)
        </h2>
        <ul className="ops-list">
          {s.accessLog.list.map((a) => (
            <li key={a.id}>
              <time dateTime={a.at}>{formatDateTime(a.at)}</time> · {a.actionNm}
              {a.actor.startsWith('operator:') ? ` · ${a.actor.slice('operator:'.length)}` : ''}
              {a.claimId !== null ? ` · 청구 ${a.claimId}` : ''}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
