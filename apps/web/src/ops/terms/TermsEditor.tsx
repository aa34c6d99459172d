// A term's next version, or a scheduled version's correction, in two steps (README "Operator console", 약관): the text is
// written, then previewed exactly as the patient will read it (TermsReading, the UI kit's component that the patient
// app reads terms with, in a phone-wide frame) with the facts of publishing it (its number, its effective date, the
// version shown until then, how many subscribers must agree again); publishing asks once more, naming the date and that
// number.
import { useState, type FormEvent } from 'react';
import type { TermsPreview, TermsVersion } from '@auto-claim/contract/ops';
import { TermsReading } from '../../ui/TermsReading';
import { OpsError } from '../api/client';
import { useChangeScheduledTerms, usePreviewTerms, usePublishTerms } from '../api/terms';
import { useConfirm } from '../shared/ConfirmDialog';
import { diffCounts, lineDiff } from './diff';
import { formatDate } from '../shared/format';

export interface EditorBase {
  term: TermsVersion;
  /** Correcting this scheduled version (its text and date prefilled); otherwise a new version of `term`. */
  correcting?: { content: string };
  /** A new version starts from the text in effect (`term`'s), and its preview shows what it changes in it. */
  current?: { content: string };
}

/** What the new text changes in the one in effect, line by line. */
function TermsDiff({ before, after, version }: { before: string; after: string; version: string }) {
  const d = lineDiff(before, after);
  const { added, removed } = diffCounts(d);
  return (
    <section className="ops-diff" aria-labelledby="terms-diff-title">
      <h3 id="terms-diff-title">지금 버전({version})과 달라진 곳</h3>
      <p role="status">
        {added + removed === 0
          ? '지금 버전과 내용이 같아요.'
          : `${added.toLocaleString('ko-KR')}줄 더하고 ${removed.toLocaleString('ko-KR')}줄 뺐어요.`}
      </p>
      {added + removed > 0 && (
        <ol className="ops-diff__lines" aria-label="달라진 곳 (줄마다 더함·뺌·같음)" tabIndex={0}>
          {d.map((l, i) => (
            <li key={i} className={`ops-diff__${l.kind}`}>
              <span className="ops-diff__mark">
                {l.kind === 'added' ? '더함 +' : l.kind === 'removed' ? '뺌 −' : ''}
              </span>
              {l.kind === 'added' ? (
                <ins>{l.text || ' '}</ins>
              ) : l.kind === 'removed' ? (
                <del>{l.text || ' '}</del>
              ) : (
                l.text
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const toInputDate = (ymd: string) => (ymd ? `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}` : '');

export function TermsEditor({ base, onClose }: { base: EditorBase; onClose(message: string): void }) {
  const correcting = base.correcting ? base.term.version : undefined;
  const [title, setTitle] = useState(base.term.title);
  const [content, setContent] = useState(base.correcting?.content ?? base.current?.content ?? '');
  const [required, setRequired] = useState(base.term.required);
  const [date, setDate] = useState(correcting ? toInputDate(base.term.effectiveDate) : '');
  const [preview, setPreview] = useState<TermsPreview>();
  const previewing = usePreviewTerms();
  const publish = usePublishTerms();
  const change = useChangeScheduledTerms();
  const { ask, element: confirmDialog } = useConfirm();
  const failed = [previewing.error, publish.error, change.error].find((e) => e instanceof OpsError);
  const busy = previewing.isPending || publish.isPending || change.isPending;
  const body = { title, content, required, effectiveDate: date.replaceAll('-', '') };

  const toPreview = (e: FormEvent) => {
    e.preventDefault();
    publish.reset();
    change.reset();
    previewing.mutate(
      { termsId: base.term.termsId, ...body, ...(correcting ? { correcting } : {}) },
      { onSuccess: setPreview },
    );
  };

  const confirm = async () => {
    if (!preview) return;
    const when = formatDate(preview.effectiveDate);
    const again =
      preview.reagreeCount > 0
        ? `이미 가입한 ${preview.reagreeCount.toLocaleString('ko-KR')}명은 그날부터 다시 동의해야 해요.`
        : '다시 동의해야 하는 가입자는 없어요.';
    const yes = await ask(
      correcting ? '고친 내용으로 바꿀까요?' : '약관을 게시할까요?',
      `${title} ${preview.version} 버전이 ${when}부터 환자에게 보여요. ${again} 시행일 전까지는 고치거나 철회할 수 있지만, 시행된 뒤에는 바꿀 수 없어요.`,
      correcting ? '바꾸기' : '게시하기',
    );
    if (!yes) return;
    const done = (r: { version: string; effectiveDate: string }) =>
      onClose(
        correcting
          ? `${title}의 ${r.version} 버전을 고쳤어요. ${formatDate(r.effectiveDate)}부터 보여요.`
          : `${title}의 ${r.version} 버전을 게시했어요. ${formatDate(r.effectiveDate)}부터 보여요.`,
      );
    if (correcting) change.mutate({ termsId: base.term.termsId, version: correcting, body }, { onSuccess: done });
    else publish.mutate({ termsId: base.term.termsId, ...body }, { onSuccess: done });
  };

  const fieldError = (field: string) => {
    const m = failed?.fieldMessage(field);
    return m ? (
      <span className="ops-error" id={`publish-${field}-error`}>
        {m}
      </span>
    ) : null;
  };
  const heading = correcting
    ? `${base.term.title} ${correcting} 버전 고치기 (시행 전)`
    : `${base.term.title} (${base.term.termsId}) 새 버전 게시`;

  if (preview) {
    return (
      <section className="ops-panel" aria-labelledby="publish-title">
        <h2 id="publish-title" tabIndex={-1} ref={(h) => h?.focus()}>
          {heading}: 미리 보기
        </h2>
        <dl className="ops-facts">
          <div>
            <dt>버전</dt>
            <dd>
              {preview.version}
              {correcting ? ' (그대로)' : ' (새 버전)'}
            </dd>
          </div>
          <div>
            <dt>시행일</dt>
            <dd>
              {formatDate(preview.effectiveDate)}부터 보여요. 그때까지는 {preview.inEffectVersion} 버전이 보여요.
            </dd>
          </div>
          <div>
            <dt>다시 동의</dt>
            <dd>
              {!required
                ? '선택 약관이라 다시 동의받지 않아요.'
                : preview.reagreeCount > 0
                  ? `가입자 ${preview.reagreeCount.toLocaleString('ko-KR')}명이 다시 동의해야 해요.`
                  : '지금 다시 동의해야 하는 가입자는 없어요.'}
            </dd>
          </div>
        </dl>
        {!correcting && base.current && (
          <TermsDiff before={base.current.content} after={content} version={base.term.version} />
        )}
        <p className="ops-lead">아래는 환자가 휴대폰에서 이 약관의 "보기"를 눌렀을 때 보는 모습 그대로예요.</p>
        <div className="ops-phone" role="group" aria-label="환자 화면 미리 보기">
          <p className="ops-phone__item">
            <span className={required ? 'ops-phone__req' : 'ops-phone__opt'}>{required ? '(필수)' : '(선택)'}</span>{' '}
            {title}
          </p>
          <div className="ops-phone__sheet" tabIndex={0} aria-label="약관 전문">
            <h3 className="ops-phone__title">{title}</h3>
            <TermsReading terms={{ version: preview.version, effectiveDate: preview.effectiveDate, content }} />
          </div>
        </div>
        {failed && (
          <p role="alert" className="ops-error">
            {failed.message}
          </p>
        )}
        <div className="ops-actions">
          <button type="button" className="ops-primary" disabled={busy} onClick={confirm}>
            {correcting ? '고친 내용으로 바꾸기' : '게시하기'}
          </button>
          <button type="button" onClick={() => setPreview(undefined)}>
            내용 고치기
          </button>
          <button type="button" onClick={() => onClose('')}>
            닫기
          </button>
        </div>
        {confirmDialog}
      </section>
    );
  }

  return (
    <form className="ops-form ops-panel" onSubmit={toPreview} aria-labelledby="publish-title" noValidate>
      <h2 id="publish-title">{heading}</h2>
      <label>
        제목
        <input
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={!!failed?.fieldMessage('title')}
          aria-describedby={failed?.fieldMessage('title') ? 'publish-title-error' : undefined}
        />
        {fieldError('title')}
      </label>
      <label>
        내용
        <textarea
          rows={10}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          aria-invalid={!!failed?.fieldMessage('content')}
          aria-describedby={failed?.fieldMessage('content') ? 'publish-content-error' : undefined}
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
          aria-invalid={!!failed?.fieldMessage('effectiveDate')}
          aria-describedby={failed?.fieldMessage('effectiveDate') ? 'publish-effectiveDate-error' : undefined}
        />
        {fieldError('effectiveDate')}
      </label>
      {failed && (
        <p role="alert" className="ops-error">
          {failed.message}
        </p>
      )}
      <div>
        <button type="submit" className="ops-primary" disabled={busy}>
          미리 보기
        </button>{' '}
        <button type="button" onClick={() => onClose('')}>
          닫기
        </button>
      </div>
    </form>
  );
}
