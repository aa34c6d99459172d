// Sending a child's relation document again (README "A parent enrols her children"): after an upload that failed at
// the end of her enrolment, or after an operator refused it (the reason shown above). A form of its own, with the
// fields of the enrolment's step (RelationDocFields) and the same checks; the answer is the child as she is now.
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChildSubscription } from '@auto-claim/contract';
import { ApiError } from '../../../api/client';
import { sendRelationDocument } from '../../../api/children';
import { refusal } from '../../../i18n/refusals';
import { useT } from '../../../i18n/t';
import { withLoading } from '../../../ui';
import { ErrorSummary } from '../../../wizard/WizardStep';
import {
  RelationDocFields,
  checkRelation,
  relationSummary,
  type RelationDraft,
  type RelationErrors,
} from './RelationDocFields';

const EMPTY: RelationDraft = { docType: '', issueDate: '', file: '', fileName: '' };
const FIELDS = ['docType', 'file', 'issueDate'] as const;

export function RelationResend({
  insuApplyId,
  start = EMPTY,
  onSent,
}: {
  insuApplyId: string;
  /** The document tried before, if this tab still has it. */
  start?: RelationDraft;
  onSent(child: ChildSubscription): void;
}) {
  const t = useT();
  const prefix = `resend${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const client = useQueryClient();
  const [draft, setDraft] = useState<RelationDraft>(start);
  const [issueDate, setIssueDate] = useState(start.issueDate);
  const [errors, setErrors] = useState<RelationErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState<string>();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailed(undefined);
    const checked = checkRelation(draft, issueDate);
    if (Object.keys(checked.errors).length > 0) {
      setErrors(checked.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setWorking(true);
    const sent = await withLoading(
      sendRelationDocument(insuApplyId, {
        docType: draft.docType as 'family' | 'resident',
        issueDate: checked.issueDate,
        file: draft.file,
      }),
      t('relation.resend.sending', '가족관계 서류를 보내고 있어요…'),
    );
    setWorking(false);
    if (sent instanceof ApiError) {
      const placed = (sent.problem?.errors ?? []).filter((f) => (FIELDS as readonly string[]).includes(f.field));
      if (placed.length > 0) {
        setErrors(Object.fromEntries(placed.map((f) => [f.field, refusal(f.message) ?? f.message])));
        setAttempt((n) => n + 1);
      } else setFailed(sent.detail);
      return;
    }
    await client.invalidateQueries({ queryKey: ['children'] });
    onSent(sent);
  };

  return (
    <form
      className="child-resend"
      noValidate
      onSubmit={onSubmit}
      aria-label={t('relation.resend.label', '가족관계 서류 다시 보내기')}
    >
      <ErrorSummary items={relationSummary(errors, prefix)} attempt={attempt} />
      <RelationDocFields
        prefix={prefix}
        draft={draft}
        issueDate={issueDate}
        errors={errors}
        headingLevel={4}
        onDraft={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        onIssueDate={setIssueDate}
        onErrors={setErrors}
        onWorking={setWorking}
      />
      {failed && (
        <p className="field__error" role="alert">
          {failed}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={working}>
        {t('relation.resend.send', '서류 보내기')}
      </button>
    </form>
  );
}
