// /security/relationDoc: the proof that the parent is the child's legal guardian (contract relationDocumentBody): a
// 가족관계증명서 or 주민등록등본 issued within three months, photographed (the ID step's photo picker, with its quality
// check) or the PDF 정부24 gives, and the issue date printed on it. It stays in memory until the child's
// subscription is made, then goes up with her insuApplyId (parts/child.ts finishChild); an operator checks it
// against the names entered, and her visits are claimed only after that (README "A parent enrols her children").
// A brother or sister enrolled next may reuse the document sent for the child before: a 가족관계증명서 lists them all.
import { useState, type FormEvent } from 'react';
import { RELATION_DOCUMENT_MAX_AGE_MONTHS } from '@auto-claim/contract';
import { particle } from '../../i18n/josa';
import { useT } from '../../i18n/t';
import { useClaimStore } from '../../store/claim';
import { useWizard } from '../../wizard/steps';
import { BottomAction, ErrorSummary, StepProgress } from '../../wizard/WizardStep';
import { RELATION_DOC_TYPE, calledNm } from './parts/child';
import { Emphasised, MARK } from './parts/Emphasised';
import { formatYmd } from './parts/format';
import {
  RelationDocFields,
  checkRelation,
  relationSummary,
  shownDate,
  type RelationDraft,
  type RelationErrors,
} from './parts/RelationDocFields';
import './wizard-1.css';
import './parts/enrol.css';
import './parts/child.css';

export default function RelationDoc() {
  const t = useT();
  const { next, progress } = useWizard('relationDoc');
  const relation = useClaimStore((s) => s.child.relation);
  const childNm = useClaimStore((s) => s.child.person.userNm);
  const before = useClaimStore((s) => s.child.done.findLast((d) => d.relation.file)?.relation);
  const [issueDate, setIssueDate] = useState(shownDate(relation.issueDate));
  const [errors, setErrors] = useState<RelationErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [working, setWorking] = useState(false);

  const set = (patch: Partial<RelationDraft>) => {
    const s = useClaimStore.getState();
    s.setChild({ relation: { ...s.child.relation, ...patch } });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkRelation(relation, issueDate);
    if (Object.keys(checked.errors).length > 0) {
      setErrors(checked.errors);
      setAttempt((n) => n + 1);
      return;
    }
    set({ issueDate: checked.issueDate });
    next();
  };

  const child = calledNm(childNm);
  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <ErrorSummary items={relationSummary(errors, 'reldoc')} attempt={attempt} />
      <h2 className="screen__lead">
        {t('child.relationDoc.lead', '{child}{childJosa} 가족인지 확인할 서류를 올려 주세요', {
          child,
          childJosa: particle(child, '와/과'),
        })}
      </h2>
      <ul className="explain child-explain">
        <li>
          <Emphasised
            text={t(
              'child.relationDoc.need',
              '{recent} 가족관계증명서나 주민등록등본이 필요해요. 자녀와 보호자의 이름이 함께 나와야 해요.',
              { recent: MARK },
            )}
            strong={t('child.relationDoc.recent', '{months}개월 안에 발급한', {
              months: RELATION_DOCUMENT_MAX_AGE_MONTHS,
            })}
          />
        </li>
        <li>
          {t(
            'child.relationDoc.where',
            '정부24나 가까운 주민센터에서 발급받을 수 있어요. 정부24에서 받은 PDF 파일도 올릴 수 있어요.',
          )}
        </li>
        <li>
          {t(
            'child.relationDoc.after',
            '담당자가 서류를 확인한 뒤부터 {child}의 진료비를 청구해요. 서류는 암호화해서 보관해요.',
            {
              child,
            },
          )}
        </li>
      </ul>

      {before && before.docType && !relation.file && (
        <section className="child-reuse" aria-labelledby="reuse-title">
          <h3 id="reuse-title" className="wz-subtitle">
            {t('child.relationDoc.reuse', '앞에서 올린 서류를 그대로 쓸 수 있어요')}
          </h3>
          <p>
            {t(
              'child.relationDoc.reuse.detail',
              '{docType}({issued} 발급)에 {child}도 나와 있다면 다시 찍지 않아도 돼요.',
              { docType: RELATION_DOC_TYPE[before.docType](), issued: formatYmd(before.issueDate), child },
            )}
          </p>
          <button
            type="button"
            className="btn btn--secondary btn--block"
            onClick={() => {
              set(before);
              setIssueDate(shownDate(before.issueDate));
              setErrors({});
            }}
          >
            {t('child.relationDoc.reuse.use', '같은 서류 쓰기')}
          </button>
        </section>
      )}

      <RelationDocFields
        prefix="reldoc"
        draft={relation}
        issueDate={issueDate}
        errors={errors}
        headingLevel={3}
        onDraft={set}
        onIssueDate={setIssueDate}
        onErrors={setErrors}
        onWorking={setWorking}
      />

      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block" disabled={working}>
          {t('ui.next', '다음')}
        </button>
      </BottomAction>
    </form>
  );
}
