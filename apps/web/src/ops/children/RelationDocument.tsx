// One relation document (README "A parent enrols her children"), which is also the child's subscription as the console
// shows it: the document itself beside what the parent entered (the child, the insured person; the guardian, her
// relation), then the decision: confirmed (the child's held visits are matched again and claimed) or refused with a
// reason the parent reads on her phone and in the app. Opening it is recorded by the server, as a reveal.
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { RELATION_DOCUMENT_STATUS_NM, RELATION_DOC_TYPE_NM, RELATION_STATUS_NM } from '@auto-claim/contract';
import {
  OPS_CHILD_API,
  relationConfirmBody,
  relationRefuseBody,
  type RelationDocumentDetail,
} from '@auto-claim/contract/ops';
import { OpsError, checked } from '../api/client';
import { useDecideRelation, useRelationDocument } from '../api/children';
import { useConfirm } from '../shared/ConfirmDialog';
import { useFocusHeading } from '../shared/focus';
import { formatDate, formatDateTime } from '../shared/format';

const SEX_NM = { M: '남', F: '여' } as const;
/** Reasons an operator gives most, in the words the parent reads (해요체); picked, then edited if need be. */
const REFUSALS = [
  '발급일이 3개월이 지났어요. 최근 3개월 안에 발급한 서류를 올려 주세요.',
  '서류에 자녀와 보호자가 함께 나와 있지 않아요. 두 분이 함께 나온 서류를 올려 주세요.',
  '사진이 흐려 글자를 읽을 수 없어요. 밝은 곳에서 서류 전체가 보이게 다시 찍어 올려 주세요.',
  '입력한 자녀 정보가 서류와 달라요. 자녀 이름과 생년월일을 확인해 주세요.',
];

/**
 * The file as the server sends it, never through a blob: URL of this page: the server answers it with
 * `Content-Security-Policy: sandbox`, so a PDF opens in a tab of its own, an opaque origin where no script of it runs
 * and nothing of the console is reachable. A photo (re-encoded by the server as it arrived) is shown in the page.
 */
function DocumentFile({ doc }: { doc: RelationDocumentDetail }) {
  const url = OPS_CHILD_API.relationDocumentFile(String(doc.docId));
  const [broken, setBroken] = useState(false);
  const name = RELATION_DOC_TYPE_NM[doc.docType];
  if (doc.file.contentType === 'application/pdf') {
    return (
      <div className="ops-reldoc__file ops-reldoc__pdf">
        <p>
          올린 서류({name})는 PDF 파일이에요 ({Math.max(1, Math.round(doc.file.bytes / 1024))}KB). 파일 안의 스크립트가
          실행되지 않도록 서버가 격리한 새 창에서 열어요.
        </p>
        <a className="ops-primary" href={url} target="_blank" rel="noopener noreferrer">
          PDF 새 창에서 열기
        </a>
      </div>
    );
  }
  if (broken) {
    return (
      <p role="alert" className="ops-error">
        서류 사진을 불러오지 못했어요. 화면을 새로 고쳐 주세요.
      </p>
    );
  }
  return (
    <div className="ops-reldoc__file">
      <img src={url} alt={`올린 ${name}`} onError={() => setBroken(true)} />
    </div>
  );
}

function Decide({ doc, onDone }: { doc: RelationDocumentDetail; onDone(message: string): void }) {
  const id = useId();
  const decide = useDecideRelation(String(doc.docId));
  const { ask, element } = useConfirm();
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field: 'note' | 'reason'; message: string }>();

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      const body = checked(relationConfirmBody, note.trim() ? { note } : {});
      await decide.mutateAsync({ kind: 'confirm', note: body.note });
      onDone('관계를 확인했어요. 이 자녀의 보류된 진료를 다시 맞춰 청구하고, 보호자에게 알려요.');
    } catch (err) {
      setError({
        field: 'note',
        message: err instanceof OpsError ? (err.fieldMessage('note') ?? err.message) : String(err),
      });
    }
  };
  const refuse = async () => {
    setError(undefined);
    try {
      const body = checked(relationRefuseBody, { reason });
      const yes = await ask(
        '서류를 반려할까요?',
        `보호자에게 이 사유를 알려요: “${body.reason}” 다시 올리기 전에는 이 자녀의 진료를 청구하지 않아요.`,
        '반려하기',
      );
      if (!yes) return;
      await decide.mutateAsync({ kind: 'refuse', reason: body.reason });
      onDone('반려했어요. 보호자에게 사유를 알렸고, 서류를 다시 올리면 이 목록에 다시 나와요.');
    } catch (err) {
      setError({
        field: 'reason',
        message: err instanceof OpsError ? (err.fieldMessage('reason') ?? err.message) : String(err),
      });
    }
  };

  return (
    <section className="ops-reldoc__decide" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>확인 결과</h2>
      <form onSubmit={confirm} noValidate>
        <label htmlFor={`${id}-note`}>확인 메모 (선택, 운영자 기록에만 남아요)</label>
        <textarea
          id={`${id}-note`}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={200}
          rows={2}
          aria-invalid={error?.field === 'note' ? true : undefined}
          aria-describedby={error?.field === 'note' ? `${id}-err` : undefined}
        />
        <button type="submit" className="ops-primary" disabled={decide.isPending}>
          관계 확인하기
        </button>
      </form>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void refuse();
        }}
        noValidate
      >
        <label htmlFor={`${id}-reason`}>반려 사유 (보호자에게 그대로 보여요)</label>
        <div className="ops-reldoc__reasons" role="group" aria-label="자주 쓰는 반려 사유">
          {REFUSALS.map((r) => (
            <button key={r} type="button" onClick={() => setReason(r)}>
              {r.split('.')[0]}
            </button>
          ))}
        </div>
        <textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          rows={3}
          aria-invalid={error?.field === 'reason' ? true : undefined}
          aria-describedby={error?.field === 'reason' ? `${id}-err` : undefined}
        />
        <button type="submit" className="ops-danger" disabled={decide.isPending}>
          반려하기
        </button>
      </form>
      {error && (
        <p id={`${id}-err`} role="alert" className="ops-error">
          {error.message}
        </p>
      )}
      {element}
    </section>
  );
}

export function RelationDocument() {
  const { docId = '' } = useParams();
  return <RelationDocumentOf key={docId} docId={docId} />;
}

function RelationDocumentOf({ docId }: { docId: string }) {
  const heading = useFocusHeading();
  const { data: doc, error } = useRelationDocument(docId);
  // What the decision did; the decided document no longer offers one (the answer replaces it).
  const [done, setDone] = useState<string>();

  if (error && !doc)
    return (
      <p role="alert" className="ops-error">
        {error.message}
      </p>
    );
  if (!doc) return <p role="status">불러오는 중이에요…</p>;
  return (
    <article className="ops-reldoc">
      <p>
        <Link to="/relation-documents">← 가족관계 서류 목록</Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        가족관계 서류 확인: {doc.child.userNm}
      </h1>
      <div className="ops-reldoc__body">
        <section aria-label="올린 서류">
          <DocumentFile doc={doc} />
        </section>
        <div className="ops-reldoc__facts">
          <section aria-labelledby="reldoc-sub">
            <h2 id="reldoc-sub">자녀 자동청구 가입</h2>
            <dl className="ops-summary">
              <dt>가입 번호</dt>
              <dd>{doc.insuApplyId}</dd>
              <dt>관계 확인</dt>
              <dd>{RELATION_STATUS_NM[doc.relationStatus]}</dd>
            </dl>
          </section>
          <section aria-labelledby="reldoc-child">
            <h2 id="reldoc-child">자녀 (피보험자)</h2>
            <dl className="ops-summary">
              <dt>이름</dt>
              <dd>{doc.child.userNm}</dd>
              <dt>생년월일</dt>
              <dd>
                {formatDate(doc.child.birthday)} ({SEX_NM[doc.child.sex]})
              </dd>
              <dt>주민등록번호</dt>
              <dd>{doc.child.rrnMasked}</dd>
            </dl>
          </section>
          <section aria-labelledby="reldoc-guardian">
            <h2 id="reldoc-guardian">보호자 (법정대리인, 청구인)</h2>
            <dl className="ops-summary">
              <dt>이름</dt>
              <dd>{doc.guardian.userNm}</dd>
              <dt>생년월일</dt>
              <dd>{formatDate(doc.guardian.birthday)}</dd>
              <dt>자녀와의 관계</dt>
              <dd>{doc.guardian.guardianRelNm}</dd>
            </dl>
          </section>
          <section aria-labelledby="reldoc-doc">
            <h2 id="reldoc-doc">서류</h2>
            <dl className="ops-summary">
              <dt>종류</dt>
              <dd>{RELATION_DOC_TYPE_NM[doc.docType]}</dd>
              <dt>발급일 (보호자가 입력)</dt>
              <dd>
                {formatDate(doc.issueDate)}
                {doc.issueDateStale && <strong className="ops-warn"> 3개월이 지났어요</strong>}
              </dd>
              <dt>받은 시각</dt>
              <dd>{formatDateTime(doc.submittedAt)}</dd>
              <dt>상태</dt>
              <dd>
                {RELATION_DOCUMENT_STATUS_NM[doc.status]}
                {doc.decidedAt && ` (${formatDateTime(doc.decidedAt)}${doc.decidedBy ? `, ${doc.decidedBy}` : ''})`}
              </dd>
              {doc.refuseReason && (
                <>
                  <dt>반려 사유</dt>
                  <dd>{doc.refuseReason}</dd>
                </>
              )}
            </dl>
          </section>
          <div role="status" aria-live="polite">
            {done && (
              <p className="ops-next">
                {done} <Link to="/relation-documents">다음 서류 보기</Link>
              </p>
            )}
          </div>
          {doc.status === 'pending' && !done && <Decide doc={doc} onDone={setDone} />}
        </div>
      </div>
    </article>
  );
}
