// The relation document's fields (contract relationDocumentBody): which document, its photo or PDF (the ID step's
// photo picker, with its quality check in a paper document's words) and the issue date printed on it; and the one
// check of them all. Used by the enrolment's /security/relationDoc and by a parent sending it again (after a failed
// upload, or a refusal) from the finish screen or her children's list.
import { useState } from 'react';
import {
  MAX_RELATION_DOCUMENT_BYTES,
  RELATION_DOC_TYPES,
  isRealDate,
  normalizeDate,
  relationIssueDateProblem,
} from '@auto-claim/contract';
import type { ChildSlice } from '../../../store/claim';
import { refusal } from '../../../i18n/refusals';
import { t, useT } from '../../../i18n/t';
import { Field } from '../../../ui';
import { RELATION_DOC_TYPE } from './child';
import { compressing, PhotoPicker } from './PhotoPicker';

export type RelationDraft = ChildSlice['relation'];
export type RelationKey = 'docType' | 'file' | 'issueDate';
export type RelationErrors = Partial<Record<RelationKey, string>>;
const ORDER: RelationKey[] = ['docType', 'file', 'issueDate'];

const M = {
  docType: () => t('child.relation.docType.required', '어떤 서류를 올릴지 골라 주세요.'),
  file: () => t('child.relation.file.required', '서류를 찍거나 앨범·파일에서 골라 주세요.'),
  issueDate: () => t('child.relation.issueDate.format', '서류에 적힌 발급일을 입력해 주세요. 예: 2015.03.15'),
  issueDateNotReal: () => t('child.relation.issueDate.notReal', '발급일이 올바른 날짜가 아니에요. 예: 2015.03.15'),
} as const;

/** The photo check's refusals in the words of a paper document. */
const quality = () => ({
  PHOTO_TOO_DARK: t('child.relation.photo.dark', '사진이 어두워요. 밝은 곳에서 서류 전체가 보이게 다시 찍어 주세요.'),
  PHOTO_NO_CARD: t(
    'child.relation.photo.noCard',
    '서류가 보이지 않아요. 서류 한 장이 화면을 가득 채우도록 찍어 주세요.',
  ),
  PHOTO_BLURRY: t(
    'child.relation.photo.blurry',
    '사진이 흐려요. 글자가 또렷하게 보이도록 흔들리지 않게 다시 찍어 주세요.',
  ),
});

/** Any real calendar date is before it: the future is refused in words of its own (relationIssueDateProblem). */
const CALENDAR_END = new Date(Date.UTC(9000, 0, 1));

/** YYYYMMDD → 2026.11.20, as the field shows a date kept. */
export const shownDate = (ymd: string) =>
  /^\d{8}$/.test(ymd) ? `${ymd.slice(0, 4)}.${ymd.slice(4, 6)}.${ymd.slice(6)}` : ymd;

/** Every refusal of the fields (empty: fine), and the issue date as the wire's YYYYMMDD. */
export function checkRelation(draft: RelationDraft, issueDateTyped: string, now = new Date()) {
  const errors: RelationErrors = {};
  const issueDate = normalizeDate(issueDateTyped);
  if (!draft.docType) errors.docType = M.docType();
  if (!draft.file) errors.file = M.file();
  if (!/^\d{8}$/.test(issueDate)) errors.issueDate = M.issueDate();
  else if (!isRealDate(issueDate, CALENDAR_END)) errors.issueDate = M.issueDateNotReal();
  else {
    const problem = relationIssueDateProblem(issueDate, now);
    if (problem) errors.issueDate = refusal(problem);
  }
  return { errors, issueDate };
}

/** The error summary's items, in the fields' order, each linked to its field (ids under `prefix`). */
export const relationSummary = (errors: RelationErrors, prefix: string) =>
  ORDER.filter((k) => errors[k]).map((k) => ({
    target:
      k === 'docType'
        ? `${prefix}-${RELATION_DOC_TYPES[0]}`
        : k === 'file'
          ? `${prefix}-camera`
          : `${prefix}-issueDate`,
    message: errors[k]!,
  }));

export function RelationDocFields({
  prefix,
  draft,
  issueDate,
  errors,
  headingLevel,
  onDraft,
  onIssueDate,
  onErrors,
  onWorking,
}: {
  /** The ids of the fields start with it (two forms on one page must differ). */
  prefix: string;
  draft: RelationDraft;
  /** As typed. */
  issueDate: string;
  errors: RelationErrors;
  headingLevel: 3 | 4;
  onDraft(patch: Partial<RelationDraft>): void;
  onIssueDate(typed: string): void;
  onErrors(change: (e: RelationErrors) => RelationErrors): void;
  /** A photo is being checked and made smaller: no submit until it is done. */
  onWorking(working: boolean): void;
}) {
  const t = useT();
  const [working, setWorking] = useState(false);
  const busy = (w: boolean) => {
    setWorking(w);
    onWorking(w);
  };
  const clear = (...keys: RelationKey[]) =>
    onErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k as RelationKey))));
  const Legend = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <>
      <fieldset
        className={`wz-fieldset${errors.docType ? ' wz-invalid' : ''}`}
        aria-describedby={errors.docType ? `${prefix}-type-error` : undefined}
      >
        <legend>
          <Legend className="wz-legend">{t('child.relation.docType', '어떤 서류인가요?')}</Legend>
        </legend>
        <ul className="wz-options">
          {RELATION_DOC_TYPES.map((d) => (
            <li key={d}>
              <label className="wz-option">
                <input
                  id={`${prefix}-${d}`}
                  type="radio"
                  name={`${prefix}-docType`}
                  value={d}
                  checked={draft.docType === d}
                  onChange={() => {
                    onDraft({ docType: d });
                    clear('docType');
                  }}
                />
                <span className="wz-option__title">{RELATION_DOC_TYPE[d]()}</span>
              </label>
            </li>
          ))}
        </ul>
        <p id={`${prefix}-type-error`} className="field__error" aria-live="polite">
          {errors.docType ?? ''}
        </p>
      </fieldset>

      <PhotoPicker
        ids={{ title: `${prefix}-title`, camera: `${prefix}-camera`, error: `${prefix}-error` }}
        testIdPrefix={prefix}
        name={draft.docType ? RELATION_DOC_TYPE[draft.docType]() : t('child.relation.document', '서류')}
        image={draft.file}
        fileName={draft.fileName}
        busy={working}
        status={working ? compressing() : ''}
        error={errors.file}
        pdfMaxBytes={MAX_RELATION_DOCUMENT_BYTES}
        qualityMessages={quality()}
        onCompressing={() => {
          busy(true);
          clear('file');
        }}
        onPhoto={(file, fileName) => {
          busy(false);
          onDraft({ file, fileName });
        }}
        onError={(message) => {
          busy(false);
          onErrors((x) => ({ ...x, file: message }));
        }}
      />

      <Field
        id={`${prefix}-issueDate`}
        label={t('child.relation.issueDate', '발급일')}
        hint={t(
          'child.relation.issueDate.hint',
          '서류 아래쪽에 적힌 발급일이에요. 연도 4자리, 월, 일 순서로 입력해 주세요. 예: 2015.03.15',
        )}
        error={errors.issueDate}
      >
        {(p) => (
          <input
            {...p}
            className="input"
            value={issueDate}
            onChange={(e) => {
              onIssueDate(e.target.value);
              clear('issueDate');
            }}
            inputMode="decimal"
            autoComplete="off"
            placeholder="2026.11.20"
            maxLength={12}
          />
        )}
      </Field>
    </>
  );
}
