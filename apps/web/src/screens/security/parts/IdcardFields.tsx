// The ID document's type choice and the fields of the chosen type only (spec §3: ic → issuing office and date,
// dl → licence number and serial code, pp → passport number and date, ac and pr → the date of issue), shared by the enrolment's photo step
// (/security/photo) and the insurer's ID request (/web/IDPhoto).
import type { ReactNode } from 'react';
import { DATE_EXAMPLE, IDCARD_KEEPS, IDCARD_TYPE_NM, type IdcardType } from '@auto-claim/contract';
import { Field } from '../../../ui';

export type DetailField = 'idcardIssueOrg' | 'idcardIssueDate' | 'regNo' | 'checkCd';

// Dates as people write them (the contract's normalizeDate): digits with dots, hyphens or spaces; the keypad with a dot.
const ISSUE_DATE = {
  label: '발급일',
  hint: `연도 4자리, 월, 일 순서로 입력해 주세요. ${DATE_EXAMPLE}`,
  inputMode: 'decimal' as const,
};

/** How each kept field is asked, per type. */
const FIELD_UI: Record<
  IdcardType,
  Partial<Record<DetailField, { label: string; hint: string; inputMode?: 'numeric' | 'decimal' }>>
> = {
  ic: {
    idcardIssueOrg: { label: '발급기관', hint: '신분증 아래쪽의 기관 이름이에요. 예: 서울특별시 마포구청장' },
    idcardIssueDate: ISSUE_DATE,
  },
  dl: {
    regNo: { label: '운전면허번호', hint: '숫자 12자리예요. 예: 11-24-123456-78', inputMode: 'numeric' },
    checkCd: { label: '암호일련번호', hint: '면허증 사진 아래의 작은 글자 5~6자리예요. 예: A1B2C3' },
  },
  pp: {
    regNo: { label: '여권번호', hint: '영문과 숫자 9자리예요. 예: M12345678' },
    idcardIssueDate: ISSUE_DATE,
  },
  ac: { idcardIssueDate: { ...ISSUE_DATE, label: '발급일자' } },
  pr: { idcardIssueDate: { ...ISSUE_DATE, label: '발급일자' } },
};

/** The fields a document of this type keeps, in the order they are asked. */
export const detailFields = (type: IdcardType | ''): DetailField[] =>
  type ? (IDCARD_KEEPS[type] as DetailField[]) : [];

/** "어떤 신분증을 찍을까요?": one radio per document type; each radio's id is `${idPrefix}-${type}`. */
export function IdcardTypeChoice({
  types,
  value,
  onChoose,
  idPrefix,
  error,
  headingLevel,
  children,
}: {
  types: IdcardType[];
  value: IdcardType | '';
  onChoose(type: IdcardType): void;
  idPrefix: string;
  error: string | undefined;
  /** 2 where the choice is the screen's question, 3 below a screen heading. */
  headingLevel: 2 | 3;
  /** Shown above the options, e.g. a load error of the insurer's settings. */
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className={`wz-fieldset${error ? ' wz-invalid' : ''}`} aria-describedby={error ? errorId : undefined}>
      <legend>
        <Heading className="wz-legend">어떤 신분증을 찍을까요?</Heading>
      </legend>
      {children}
      <ul className="wz-options">
        {types.map((t) => (
          <li key={t}>
            <label className="wz-option">
              <input
                id={`${idPrefix}-${t}`}
                type="radio"
                name="idcardType"
                value={t}
                checked={value === t}
                onChange={() => onChoose(t)}
              />
              <span className="wz-option__title">{IDCARD_TYPE_NM[t]}</span>
            </label>
          </li>
        ))}
      </ul>
      <p id={errorId} className="field__error" aria-live="polite">
        {error ?? ''}
      </p>
    </fieldset>
  );
}

/** The chosen type's fields, each with its label, hint and inline error; ids are the field names. */
export function IdcardDetailFields({
  type,
  values,
  errors,
  onChange,
}: {
  type: IdcardType;
  values: Record<DetailField, string>;
  errors: Partial<Record<DetailField, string>>;
  onChange(field: DetailField, value: string): void;
}) {
  return detailFields(type).map((k) => {
    const ui = FIELD_UI[type][k]!;
    return (
      <Field key={`${type}-${k}`} id={k} label={ui.label} hint={ui.hint} error={errors[k]}>
        {(p) => (
          <input
            {...p}
            className="input"
            value={values[k]}
            onChange={(e) => onChange(k, e.target.value)}
            inputMode={ui.inputMode ?? 'text'}
            autoComplete="off"
            autoCapitalize={k === 'checkCd' || k === 'regNo' ? 'characters' : undefined}
            spellCheck={false}
          />
        )}
      </Field>
    );
  });
}
