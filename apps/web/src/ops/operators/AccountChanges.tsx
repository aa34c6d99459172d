// Dual control of admin accounts (docs/security.md, "Insiders: admin accounts"): a new admin, a promotion to admin and
// an admin's second-factor reset wait for a second, independent admin and then for a hold. Every admin sees each step
// on every screen (the banner) and the whole list on the Operators screen, with approve and refuse, and why she may
// not approve a change when she may not (the server's reason: her own request, her own account, an account the asker
// made or changed, or one changed lately).
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_CHANGE_KIND_NM, ACCOUNT_CHANGE_STATUS_NM, type AccountChange } from '@auto-claim/contract/ops';
import { OpsError } from '../api/client';
import { decideAccountChange, operatorsChanged, useAccountChanges } from '../api/operators';
import { formatDateTime } from '../shared/format';
import { mayUse, useMe } from '../auth/session';

const open = (c: AccountChange) => c.status === 'pending' || c.status === 'approved';

const stepOf = (c: AccountChange) =>
  c.status === 'pending'
    ? `${formatDateTime(c.expiresAt)}까지 승인 대기`
    : c.status === 'approved'
      ? `${c.decidedBy} 승인 · ${formatDateTime(c.effectiveAt!)}에 적용`
      : c.status === 'applied'
        ? `${formatDateTime(c.appliedAt!)}에 적용됨`
        : c.status === 'refused'
          ? `${c.decidedBy} 거절`
          : '기한 지남';

/** Above every screen, for admins: each admin-account change waiting for approval or for its hold. */
export function AccountChangesBanner() {
  const me = useMe();
  const admin = mayUse(me.data, 'admin');
  const changes = useAccountChanges(admin);
  const list = (changes.data?.list ?? []).filter(open);
  if (!admin || list.length === 0) return null;
  return (
    <section className="ops-pending" aria-label="진행 중인 관리자 계정 변경">
      <strong>관리자 계정 변경이 {list.length}건 진행 중이에요.</strong> 요청한 관리자와 상관없는, 전부터 있던 다른
      관리자가 승인해야 하고, 승인한 뒤에도 정해진 시간이 지나야 적용돼요. 모르는 요청이면 거절해 주세요.
      <ul>
        {list.map((c) => (
          <li key={c.id}>
            <Link to="/operators">{ACCOUNT_CHANGE_KIND_NM[c.kind]}</Link>: {c.loginId} · 요청 {c.requestedBy} ·{' '}
            {stepOf(c)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ChangeItem({ c, me }: { c: AccountChange; me: string | undefined }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const own = c.requestedBy === me;
  async function decide(decision: 'approve' | 'refuse') {
    setBusy(true);
    setError(undefined);
    try {
      await decideAccountChange(decision, c.id);
    } catch (e) {
      setError(e instanceof OpsError ? e.message : '처리하지 못했어요. 다시 시도해 주세요.');
    } finally {
      setBusy(false);
      void operatorsChanged(client);
    }
  }
  return (
    <li className="ops-panel">
      <p>
        <strong>
          {ACCOUNT_CHANGE_KIND_NM[c.kind]}: {c.loginId}
        </strong>{' '}
        · {ACCOUNT_CHANGE_STATUS_NM[c.status]}
      </p>
      <p>
        요청 {c.requestedBy} · {formatDateTime(c.requestedAt)} · {stepOf(c)}
      </p>
      {c.status === 'pending' && !c.mayApprove && c.whyNot && <p className="ops-lead">승인할 수 없어요: {c.whyNot}</p>}
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
      {c.status === 'pending' && (
        <div className="ops-actions">
          {c.mayApprove && (
            <button type="button" className="ops-primary" disabled={busy} onClick={() => decide('approve')}>
              승인하기
            </button>
          )}
          <button type="button" disabled={busy} onClick={() => decide('refuse')}>
            {own ? '요청 취소하기' : '거절하기'}
          </button>
        </div>
      )}
    </li>
  );
}

/** The Operators screen's list of admin-account changes: waiting, held, and decided within the last days. */
export function AccountChangesPanel() {
  const me = useMe();
  const changes = useAccountChanges(mayUse(me.data, 'admin'));
  const list = changes.data?.list ?? [];
  return (
    <section aria-labelledby="account-changes">
      <h2 id="account-changes">관리자 계정 변경 요청</h2>
      <p className="ops-lead">
        관리자 추가, 관리자로 올리기, 관리자의 2단계 인증 초기화는 다른 관리자가 승인하고 정해진 시간이 지난 뒤에
        적용돼요. 요청한 관리자가 만들거나 바꾼 계정, 최근에 만들어지거나 바뀐 계정은 승인할 수 없어요.
      </p>
      {list.length === 0 ? (
        <p>진행 중이거나 최근에 처리된 요청이 없어요.</p>
      ) : (
        <ul className="ops-change-list">
          {list.map((c) => (
            <ChangeItem key={`${c.id}-${c.status}`} c={c} me={me.data?.loginId} />
          ))}
        </ul>
      )}
    </section>
  );
}
