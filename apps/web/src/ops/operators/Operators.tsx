// Operator accounts (admins only; README "Operator console"): the list, adding one (a password the server makes is
// shown once), the role, resetting the second factor and disabling, the last two after a confirmation, and unlocking a
// sign-in that failed tries locked (docs/security.md: a stranger's guesses lock only the addresses they came from).
// The server refuses any change that would leave no active admin, and says so in Korean.
import { useState, type FormEvent } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { useQueryClient } from '@tanstack/react-query';
import { STAFF_ROLES, withParticle } from '@auto-claim/contract';
import { OPERATOR_ROLE_NM, type OperatorRoleName, type OperatorRow } from '@auto-claim/contract/ops';
import { OpsError } from '../api/client';
import {
  createOperator,
  disableOperator,
  operatorsChanged,
  resetOperatorSecondFactor,
  setOperatorRole,
  unlockOperator,
  useOperators,
} from '../api/operators';
import { AccountChangesPanel } from './AccountChanges';
import { DataTable } from '../shared/DataTable';
import { useFocusHeading } from '../shared/focus';
import { formatDateTime } from '../shared/format';
import { useListParams } from '../shared/list';
import { useConfirm } from '../shared/ConfirmDialog';

// An admin gives an operator role only: a hospital user is made on her hospital's screen and keeps her role.
const ROLES = STAFF_ROLES;
const messageOf = (err: unknown) => (err instanceof OpsError ? err.message : '처리하지 못했어요. 다시 시도해 주세요.');

function RowActions({ row, onDone }: { row: OperatorRow; onDone: (message: string) => void }) {
  const [role, setRole] = useState<OperatorRoleName>(row.role);
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  async function run(what: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      const answer = await what();
      // An admin's change waits for another admin (AccountChanges.tsx): said so, not as done.
      onDone(
        answer && typeof answer === 'object' && 'pendingChange' in answer && answer.pendingChange
          ? `요청했어요. 다른 관리자가 승인하고 정해진 시간이 지나면 적용돼요. (${row.loginId})`
          : done,
      );
    } catch (err) {
      onDone(messageOf(err));
    } finally {
      setBusy(false);
    }
  }
  if (row.disabledAt) return <span>사용 중지됨</span>;
  const staff = row.role !== 'hospital';
  return (
    <div className="ops-row-actions">
      {confirm.element}
      {staff && (
        <>
          <label>
            <span className="ops-visually-hidden">{row.loginId}의 역할</span>
            <select value={role} onChange={(e) => setRole(e.target.value as OperatorRoleName)} disabled={busy}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {OPERATOR_ROLE_NM[r]}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            disabled={busy || role === row.role}
            onClick={() =>
              run(
                () => setOperatorRole(row.loginId, role),
                `${row.loginId}의 역할을 ${withParticle(OPERATOR_ROLE_NM[role], '으로/로')} 바꿨어요.`,
              )
            }
          >
            역할 바꾸기
          </button>
        </>
      )}
      {row.lockedUntil && (
        <button
          type="button"
          disabled={busy}
          onClick={() => run(() => unlockOperator(row.loginId), `${row.loginId}의 로그인 잠금을 풀었어요.`)}
        >
          잠금 해제
        </button>
      )}
      <button
        type="button"
        disabled={busy}
        onClick={async () =>
          (await confirm.ask(
            `${row.loginId}의 2단계 인증을 초기화할까요?`,
            '로그인 중인 세션이 끝나고, 다음 로그인 때 다시 설정해요.',
            '초기화하기',
          )) && run(() => resetOperatorSecondFactor(row.loginId), `${row.loginId}의 2단계 인증을 초기화했어요.`)
        }
      >
        2단계 인증 초기화
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={async () =>
          (await confirm.ask(
            `${withParticle(row.loginId, '을/를')} 사용 중지할까요?`,
            '바로 로그아웃되고 다시 로그인할 수 없어요.',
            '사용 중지하기',
          )) && run(() => disableOperator(row.loginId), `${withParticle(row.loginId, '을/를')} 사용 중지했어요.`)
        }
      >
        사용 중지
      </button>
    </div>
  );
}

function AddOperator({ onDone }: { onDone: (message: string) => void }) {
  const [loginId, setLoginId] = useState('');
  const [role, setRole] = useState<OperatorRoleName>('viewer');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [made, setMade] = useState<{ loginId: string; initialPassword?: string }>();
  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    try {
      const answer = await createOperator({
        loginId: loginId.trim(),
        role,
        ...(password ? { password } : {}),
      });
      setMade(answer);
      setLoginId('');
      setPassword('');
      onDone(
        answer.pendingChange
          ? `${answer.loginId} 관리자 계정을 요청했어요. 다른 관리자가 승인하고 정해진 시간이 지나면 만들어져요.`
          : `${withParticle(answer.loginId, '을/를')} 추가했어요. 처음 로그인할 때 2단계 인증을 설정해요.`,
      );
    } catch (err) {
      setError(messageOf(err));
    }
  }
  return (
    <section aria-labelledby="add-operator">
      <h2 id="add-operator">운영자 추가</h2>
      <form className="ops-filters" onSubmit={submit} noValidate>
        <label>
          아이디
          <input value={loginId} onChange={(e) => setLoginId(e.target.value)} autoComplete="off" required />
        </label>
        <label>
          역할
          <select value={role} onChange={(e) => setRole(e.target.value as OperatorRoleName)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {OPERATOR_ROLE_NM[r]}
              </option>
            ))}
          </select>
        </label>
        <label>
          처음 비밀번호 (비워 두면 만들어 드려요)
          <input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
          />
        </label>
        <button type="submit" className="ops-primary" disabled={!loginId.trim()}>
          추가
        </button>
      </form>
      {error && (
        <p role="alert" className="ops-error">
          {error}
        </p>
      )}
      {made?.initialPassword && (
        <p role="status">
          {made.loginId}의 처음 비밀번호예요. <strong>한 번만 보여 드려요:</strong>{' '}
          <code data-testid="initial-password">{made.initialPassword}</code>
        </p>
      )}
    </section>
  );
}

export function Operators() {
  const heading = useFocusHeading();
  const client = useQueryClient();
  const [params, update] = useListParams({ sort: 'createdAt', order: 'desc' });
  const list = useOperators(params);
  const [q, setQ] = useState(String(params.q ?? ''));
  const [notice, setNotice] = useState<string>();
  const done = (message: string) => {
    setNotice(message);
    void operatorsChanged(client);
  };
  const col = createColumnHelper<OperatorRow>();
  const columns = [
    col.accessor('loginId', { id: 'loginId', header: '아이디' }),
    col.accessor('role', { id: 'role', header: '역할', cell: (c) => OPERATOR_ROLE_NM[c.getValue()] }),
    col.accessor('secondFactorSet', {
      header: '2단계 인증',
      enableSorting: false,
      cell: (c) => (c.getValue() ? '설정함' : '설정 전'),
    }),
    col.accessor('lockedUntil', {
      header: '로그인 잠금',
      enableSorting: false,
      cell: (c) => (c.getValue() ? `${formatDateTime(c.getValue()!)}까지 잠김` : '—'),
    }),
    col.accessor('lastSignInAt', {
      id: 'lastSignInAt',
      header: '마지막 로그인',
      cell: (c) => (c.getValue() ? formatDateTime(c.getValue()!) : '—'),
    }),
    col.accessor('createdAt', { id: 'createdAt', header: '만든 때', cell: (c) => formatDateTime(c.getValue()) }),
    col.display({
      id: 'actions',
      header: '할 일',
      cell: (c) => (
        <RowActions
          key={`${c.row.original.loginId}-${c.row.original.role}-${c.row.original.lockedUntil ?? ''}`}
          row={c.row.original}
          onDone={done}
        />
      ),
    }),
  ];

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        운영자
      </h1>
      <p role="status" className="ops-lead">
        {notice}
      </p>
      <AccountChangesPanel />
      <AddOperator onDone={done} />
      <form
        className="ops-filters"
        role="search"
        aria-label="운영자 찾기"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: q.trim() || undefined });
        }}
      >
        <label>
          아이디로 찾기
          <input value={q} onChange={(e) => setQ(e.target.value)} />
        </label>
        <label>
          상태
          <select value={String(params.status ?? '')} onChange={(e) => update({ status: e.target.value || undefined })}>
            <option value="">모두</option>
            <option value="active">사용 중</option>
            <option value="disabled">사용 중지</option>
          </select>
        </label>
        <button type="submit">찾기</button>
      </form>
      <DataTable
        caption="운영자"
        columns={columns}
        page={list.data}
        params={params}
        onChange={update}
        rowId={(r) => r.loginId}
        isLoading={list.isFetching}
        error={list.error}
        empty="운영자가 없어요."
      />
    </>
  );
}
