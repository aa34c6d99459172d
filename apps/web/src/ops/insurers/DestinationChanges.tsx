// Where an insurer's claims go changes only when a second admin approves (docs/security.md, "Insiders: claim
// destinations"). Every admin sees each waiting change on every screen (the banner) until it is decided or lapses;
// the insurer's screen shows it whole, with approve and reject for another admin and a withdrawal for its asker.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { DELIVERY_CHANNEL_NM } from '@auto-claim/contract';
import type { DestinationChange, OpsInsurer } from '@auto-claim/contract/ops';
import { OpsError } from '../api/client';
import { decideChange, insurerChanged, insurerQuery, usePendingChanges } from '../api/insurers';
import { formatDateTime } from '../shared/format';
import { mayUse, useMe } from '../auth/session';

const FIELD_NM = { deliveryChannel: '전송 방식', apiUrl: 'API 주소', faxNo: '팩스 번호' } as const;

const valueOf = (field: DestinationChange['fields'][number], v: DestinationChange['current']) =>
  field === 'deliveryChannel'
    ? DELIVERY_CHANNEL_NM[v.deliveryChannel]
    : field === 'apiUrl'
      ? (v.apiUrl ?? '서버 환경 변수의 주소')
      : (v.faxNo ?? '없음');

/** Above every screen, for admins: each change waiting for a second admin. */
export function PendingChangesBanner() {
  const me = useMe();
  const admin = mayUse(me.data, 'admin');
  const pending = usePendingChanges(admin);
  const list = pending.data?.list ?? [];
  if (!admin || list.length === 0) return null;
  return (
    <section className="ops-pending" aria-label="전송 주소 변경 승인 요청">
      <strong>보험사 청구를 보내는 곳을 바꾸는 요청이 {list.length}건 있어요.</strong> 요청한 관리자가 아닌 다른
      관리자가 확인하고 승인해야 바뀌어요. 모르는 요청이면 거절해 주세요.
      <ul>
        {list.map((c) => (
          <li key={c.id}>
            <Link to={`/insurers/${c.insuCompCd}`}>{c.insuCompNm}</Link>: {c.fields.map((f) => FIELD_NM[f]).join(', ')}{' '}
            · 요청 {c.requestedBy} · {formatDateTime(c.expiresAt)}까지
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An insurer's waiting change, whole: from what to what, who asked, until when; and what this admin may do. */
export function PendingChangePanel({ insurer }: { insurer: OpsInsurer }) {
  const me = useMe();
  const client = useQueryClient();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const c = insurer.pendingChange;
  if (!c) return done ? <p role="status">{done}</p> : null;
  const own = me.data?.loginId === c.requestedBy;
  const admin = mayUse(me.data, 'admin');

  async function decide(decision: 'approve' | 'reject') {
    setBusy(true);
    setError(undefined);
    try {
      insurerChanged(client, await decideChange(decision, c!.id));
      setDone(
        decision === 'approve'
          ? '승인했어요. 새로 보내는 청구부터 바뀐 곳으로 보내요.'
          : own
            ? '변경 요청을 취소했어요.'
            : '변경 요청을 거절했어요.',
      );
    } catch (e) {
      setError(e instanceof OpsError ? e.message : '처리하지 못했어요. 다시 시도해 주세요.');
      void client.invalidateQueries({ queryKey: insurerQuery(insurer.insuCompCd).queryKey });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="pending-change" className="ops-panel ops-pending">
      <h2 id="pending-change">승인을 기다리는 전송 주소 변경</h2>
      <dl>
        {c.fields.map((f) => (
          <div key={f}>
            <dt>{FIELD_NM[f]}</dt>
            <dd>
              {valueOf(f, c.current)} → <strong>{valueOf(f, c)}</strong>
            </dd>
          </div>
        ))}
        {c.fields.includes('apiUrl') && c.apiHost && (
          <div>
            <dt>연결할 호스트</dt>
            <dd>
              <strong>{c.apiHost}</strong> (서버가 읽은 그대로예요. 보험사가 알려 준 주소와 같은지 확인해 주세요.)
            </dd>
          </div>
        )}
        <div>
          <dt>요청</dt>
          <dd>
            {c.requestedBy} · {formatDateTime(c.requestedAt)}
          </dd>
        </div>
        <div>
          <dt>승인 기한</dt>
          <dd>{formatDateTime(c.expiresAt)}까지 (지나면 다시 요청해야 해요)</dd>
        </div>
      </dl>
      {own ? (
        <p role="status">다른 관리자의 승인을 기다려요. 승인되기 전까지 청구는 지금 설정된 곳으로 가요.</p>
      ) : (
        admin && <p>요청한 관리자에게 직접 확인한 뒤 승인해 주세요. 승인하면 새로 보내는 청구부터 바뀐 곳으로 가요.</p>
      )}
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
      {admin && (
        <div className="ops-actions">
          {!own && (
            <button type="button" className="ops-primary" disabled={busy} onClick={() => decide('approve')}>
              승인하기
            </button>
          )}
          <button type="button" disabled={busy} onClick={() => decide('reject')}>
            {own ? '요청 취소하기' : '거절하기'}
          </button>
        </div>
      )}
    </section>
  );
}
