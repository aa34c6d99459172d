// 약관: every version per group (in effect, scheduled, superseded); a new version written, previewed as the patient
// will read it and published after a confirmation naming its date and how many must agree again (admin; TermsEditor);
// a scheduled version corrected or withdrawn before its date; and how many subscribers must agree again.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { OPS_TERMS_GROUPS, OPS_TERMS_GROUP_NM, type TermsVersion } from '@auto-claim/contract/ops';
import { OpsError } from '../api/client';
import { termsVersionQuery, useChangeScheduledTerms, useReagreeCount, useTermsVersions } from '../api/terms';
import { useConfirm } from '../shared/ConfirmDialog';
import { DataTable } from '../shared/DataTable';
import { useFocusHeading } from '../shared/focus';
import { formatDate, formatDateTime } from '../shared/format';
import { useListParams } from '../shared/list';
import { mayUse, useMe } from '../auth/session';
import { TermsEditor, type EditorBase } from './TermsEditor';

const STATE_NM: Record<TermsVersion['state'], string> = {
  in_effect: '시행 중',
  scheduled: '시행 예정',
  superseded: '지난 버전',
};
const col = createColumnHelper<TermsVersion>();

function ReagreeSummary({ canList }: { canList: boolean }) {
  const q = useReagreeCount();
  if (q.isError) return <p className="ops-error">{(q.error as Error).message}</p>;
  if (!q.data) return <p role="status">불러오는 중이에요…</p>;
  return (
    <section aria-labelledby="reagree-title">
      <h2 id="reagree-title">다시 동의해야 하는 가입자 {q.data.total.toLocaleString('ko-KR')}명</h2>
      {q.data.terms.length === 0 ? (
        <p className="ops-lead">새 버전이 시행된 필수 약관이 없어요.</p>
      ) : (
        <ul>
          {q.data.terms.map((t) => (
            <li key={t.termsId}>
              {t.title} ({t.version} 버전): {t.count.toLocaleString('ko-KR')}명
            </li>
          ))}
        </ul>
      )}
      {canList && q.data.total > 0 && <Link to="/terms/reagree">다시 동의해야 하는 가입자 보기</Link>}
    </section>
  );
}

export function Terms() {
  const heading = useFocusHeading();
  const me = useMe();
  const isAdmin = mayUse(me.data, 'admin');
  const [params, update] = useListParams({ sort: 'termsId', order: 'asc', size: 50 });
  const list = useTermsVersions(params);
  const [editing, setEditing] = useState<EditorBase | undefined>();
  const [done, setDone] = useState('');
  const [failed, setFailed] = useState('');
  const client = useQueryClient();
  const withdraw = useChangeScheduledTerms();
  const { ask, element: confirmDialog } = useConfirm();

  const correct = async (v: TermsVersion) => {
    setDone('');
    setFailed('');
    try {
      const whole = await client.fetchQuery(termsVersionQuery(v.termsId, v.version));
      setEditing({ term: v, correcting: { content: whole.content } });
    } catch (e) {
      setFailed(e instanceof OpsError ? e.message : '약관을 불러오지 못했어요. 다시 시도해 주세요.');
    }
  };
  /** A new version starts from the text in effect; its preview shows what it changes. */
  const startNew = async (v: TermsVersion) => {
    setDone('');
    setFailed('');
    try {
      const whole = await client.fetchQuery(termsVersionQuery(v.termsId, v.version));
      setEditing({ term: v, current: { content: whole.content } });
    } catch (e) {
      setFailed(e instanceof OpsError ? e.message : '약관을 불러오지 못했어요. 다시 시도해 주세요.');
    }
  };
  const withdrawIt = async (v: TermsVersion) => {
    setDone('');
    setFailed('');
    const yes = await ask(
      '게시를 철회할까요?',
      `${v.title} ${v.version} 버전은 ${formatDate(v.effectiveDate)}에 시행될 예정이었어요. 철회하면 환자에게 보이지 않고, 지금 버전이 계속 보여요. 기록으로는 남아요.`,
      '철회하기',
    );
    if (!yes) return;
    withdraw.mutate(
      { termsId: v.termsId, version: v.version },
      {
        onSuccess: () => setDone(`${v.title} ${v.version} 버전의 게시를 철회했어요.`),
        onError: (e) => setFailed(e instanceof OpsError ? e.message : '철회하지 못했어요. 다시 시도해 주세요.'),
      },
    );
  };

  const columns = [
    col.accessor('termsGroup', { header: '종류', enableSorting: false, cell: (c) => OPS_TERMS_GROUP_NM[c.getValue()] }),
    col.accessor('title', { header: '제목', enableSorting: false }),
    col.accessor('termsId', { id: 'termsId', header: '약관 id' }),
    col.accessor('version', { header: '버전', enableSorting: false }),
    col.accessor('required', { header: '필수', enableSorting: false, cell: (c) => (c.getValue() ? '필수' : '선택') }),
    col.accessor('effectiveDate', { header: '시행일', enableSorting: false, cell: (c) => formatDate(c.getValue()) }),
    col.accessor('state', { header: '상태', enableSorting: false, cell: (c) => STATE_NM[c.getValue()] }),
    col.accessor('publishedAt', {
      header: '게시',
      enableSorting: false,
      cell: (c) => (c.getValue() ? formatDateTime(c.getValue()!) : '처음 버전'),
    }),
    ...(isAdmin
      ? [
          col.display({
            id: 'publish',
            header: '작업',
            cell: (c) => {
              const v = c.row.original;
              if (v.state === 'in_effect') {
                return (
                  <button type="button" onClick={() => void startNew(v)} aria-label={`${v.title} 새 버전`}>
                    새 버전
                  </button>
                );
              }
              if (v.state !== 'scheduled') return null;
              return (
                <span className="ops-inline">
                  <button type="button" onClick={() => correct(v)} aria-label={`${v.title} ${v.version} 버전 고치기`}>
                    고치기
                  </button>
                  <button
                    type="button"
                    onClick={() => withdrawIt(v)}
                    aria-label={`${v.title} ${v.version} 버전 게시 철회`}
                  >
                    철회
                  </button>
                </span>
              );
            },
          }),
        ]
      : []),
  ];

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        약관
      </h1>
      <p className="ops-lead">
        환자에게는 시행일이 된 버전만 보여요. 새 버전은 환자 화면 그대로 미리 보고 게시해요. 시행 예정인 버전은 시행일
        전까지 고치거나 철회할 수 있고, 시행된 버전은 바뀌지 않아요. 지난 버전은 기록으로 남아요.
      </p>
      <ReagreeSummary canList={mayUse(me.data, 'operator')} />
      {done && <p role="status">{done}</p>}
      {failed && (
        <p role="alert" className="ops-error">
          {failed}
        </p>
      )}
      {confirmDialog}
      {editing && (
        <TermsEditor
          key={`${editing.term.termsId}:${editing.term.version}:${editing.correcting ? 'fix' : 'new'}`}
          base={editing}
          onClose={(message) => {
            setEditing(undefined);
            setDone(message);
          }}
        />
      )}
      <form className="ops-filters" role="search" aria-label="약관 찾기" onSubmit={(e) => e.preventDefault()}>
        <label>
          종류
          <select
            value={String(params.termsGroup ?? '')}
            onChange={(e) => update({ termsGroup: e.target.value || undefined })}
          >
            <option value="">모두</option>
            {OPS_TERMS_GROUPS.map((g) => (
              <option key={g} value={g}>
                {OPS_TERMS_GROUP_NM[g]}
              </option>
            ))}
          </select>
        </label>
      </form>
      <DataTable
        caption="약관 버전"
        columns={columns}
        page={list.data}
        params={params}
        onChange={update}
        rowId={(r) => `${r.termsId}:${r.version}`}
        isLoading={list.isFetching}
        error={list.error}
        empty="약관이 없어요."
      />
    </>
  );
}
