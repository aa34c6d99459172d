// 약관: every version per group (in effect, scheduled, superseded), publishing a new version with its effective date
// (admin; two clicks from the list: "새 버전", then "게시하기"), and how many subscribers must agree again.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { OPS_TERMS_GROUPS, OPS_TERMS_GROUP_NM, type TermsVersion } from '@auto-claim/contract/ops';
import { OpsError } from '../api';
import { usePublishTerms, useReagreeCount, useTermsVersions } from '../api/terms';
import { DataTable } from '../DataTable';
import { useFocusHeading } from '../focus';
import { formatDate, formatDateTime } from '../format';
import { useListParams } from '../list';
import { mayUse, useMe } from '../session';

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

function PublishForm({ base, onClose }: { base: TermsVersion; onClose(message: string): void }) {
  const [title, setTitle] = useState(base.title);
  const [content, setContent] = useState('');
  const [required, setRequired] = useState(base.required);
  const [date, setDate] = useState('');
  const publish = usePublishTerms();
  const err = publish.error instanceof OpsError ? publish.error : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    publish.mutate(
      { termsId: base.termsId, title, content, required, effectiveDate: date.replaceAll('-', '') },
      {
        onSuccess: (r) =>
          onClose(`${base.title}의 ${r.version} 버전을 게시했어요. ${formatDate(r.effectiveDate)}부터 보여요.`),
      },
    );
  };
  const fieldError = (field: string) => {
    const m = err?.fieldMessage(field);
    return m ? (
      <span className="ops-error" id={`publish-${field}-error`}>
        {m}
      </span>
    ) : null;
  };
  return (
    <form className="ops-form" onSubmit={submit} aria-labelledby="publish-title" noValidate>
      <h2 id="publish-title">
        {base.title} ({base.termsId}) 새 버전 게시
      </h2>
      <label>
        제목
        <input value={title} onChange={(e) => setTitle(e.target.value)} aria-invalid={!!err?.fieldMessage('title')} />
        {fieldError('title')}
      </label>
      <label>
        내용
        <textarea
          rows={10}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          aria-invalid={!!err?.fieldMessage('content')}
        />
        {fieldError('content')}
      </label>
      <label className="ops-check">
        <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} />
        필수 약관
      </label>
      <label>
        시행일 (오늘이나 그 뒤)
        <input
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          aria-invalid={!!err?.fieldMessage('effectiveDate')}
        />
        {fieldError('effectiveDate')}
      </label>
      {err && (
        <p role="alert" className="ops-error">
          {err.message}
        </p>
      )}
      <div>
        <button type="submit" className="ops-primary" disabled={publish.isPending}>
          게시하기
        </button>{' '}
        <button type="button" onClick={() => onClose('')}>
          닫기
        </button>
      </div>
    </form>
  );
}

export function Terms() {
  const heading = useFocusHeading();
  const me = useMe();
  const isAdmin = mayUse(me.data, 'admin');
  const [params, update] = useListParams({ sort: 'termsId', order: 'asc', size: 50 });
  const list = useTermsVersions(params);
  const [editing, setEditing] = useState<TermsVersion | undefined>();
  const [done, setDone] = useState('');

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
            header: '새 버전',
            cell: (c) =>
              c.row.original.state === 'in_effect' ? (
                <button
                  type="button"
                  onClick={() => {
                    setDone('');
                    setEditing(c.row.original);
                  }}
                  aria-label={`${c.row.original.title} 새 버전`}
                >
                  새 버전
                </button>
              ) : null,
          }),
        ]
      : []),
  ];

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        약관
      </h1>
      <p className="ops-lead">환자에게는 시행일이 된 버전만 보여요. 새 버전을 게시해도 지난 버전은 기록으로 남아요.</p>
      <ReagreeSummary canList={mayUse(me.data, 'operator')} />
      {done && <p role="status">{done}</p>}
      {editing && (
        <PublishForm
          key={editing.termsId}
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
