// The ID document's type choice and the fields of the chosen type only (spec §3: ic → issuing office and date,
// dl → licence number and serial code, pp → passport number and date, ac and pr → the date of issue), shared by the enrolment's photo step
// (/security/photo) and the insurer's ID request (/web/IDPhoto).
import type { ReactNode } from 'react';
import { IDCARD_KEEPS, type IdcardType } from '@auto-claim/contract';
import { t, useT } from '../../../i18n/t';
import { Field } from '../../../ui';

export type DetailField = 'idcardIssueOrg' | 'idcardIssueDate' | 'regNo' | 'checkCd';

/** An ID document's name (contract IDCARD_TYPE_NM) in her language. */
const IDCARD_NAME: Record<IdcardType, () => string> = {
  ic: () => t('idcard.ic', '주민등록증'),
  dl: () => t('idcard.dl', '운전면허증'),
  pp: () => t('idcard.pp', '여권'),
  ac: () => t('idcard.ac', '외국인등록증'),
  pr: () => t('idcard.pr', '영주증'),
};
export const idcardName = (type: IdcardType) => IDCARD_NAME[type]();

type FieldUi = { label: string; hint: string; inputMode?: 'numeric' | 'decimal' };
// Dates as people write them (the contract's normalizeDate): digits with dots, hyphens or spaces; the keypad with a dot.
const issueDate = (label = t('idcardField.issueDate', '발급일')): FieldUi => ({
  label,
  hint: t('idcardField.issueDate.hint', '연도 4자리, 월, 일 순서로 입력해 주세요. 예: 2015.03.15'),
  inputMode: 'decimal',
});

/** How each kept field is asked, per type. */
const FIELD_UI: Record<IdcardType, () => Partial<Record<DetailField, FieldUi>>> = {
  ic: () => ({
    idcardIssueOrg: {
      label: t('idcardField.issueOrg', '발급기관'),
      hint: t('idcardField.issueOrg.hint', '신분증 아래쪽의 기관 이름이에요. 예: 서울특별시 마포구청장'),
    },
    idcardIssueDate: issueDate(),
  }),
  dl: () => ({
    regNo: {
      label: t('idcardField.licenceNo', '운전면허번호'),
      hint: t('idcardField.licenceNo.hint', '숫자 12자리예요. 예: 11-24-123456-78'),
      inputMode: 'numeric',
    },
    checkCd: {
      label: t('idcardField.checkCd', '암호일련번호'),
      hint: t('idcardField.checkCd.hint', '면허증 사진 아래의 작은 글자 5~6자리예요. 예: A1B2C3'),
    },
  }),
  pp: () => ({
    regNo: {
      label: t('idcardField.passportNo', '여권번호'),
      hint: t('idcardField.passportNo.hint', '영문과 숫자 9자리예요. 예: M12345678'),
    },
    idcardIssueDate: issueDate(),
  }),
  ac: () => ({ idcardIssueDate: issueDate(t('idcardField.issuedOn', '발급일자')) }),
  pr: () => ({ idcardIssueDate: issueDate(t('idcardField.issuedOn', '발급일자')) }),
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
  const tr = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className={`wz-fieldset${error ? ' wz-invalid' : ''}`} aria-describedby={error ? errorId : undefined}>
      <legend>
        <Heading className="wz-legend">{tr('idcardType.question', '어떤 신분증을 찍을까요?')}</Heading>
      </legend>
      {children}
      {/* Two to a row where they fit: the camera below stays in view above the action bar on a phone. */}
      <ul className="wz-options wz-options--grid wz-options--idcards">
        {types.map((t) => (
          <li key={t}>
            <label className="wz-option wz-option--compact">
              <input
                id={`${idPrefix}-${t}`}
                type="radio"
                name="idcardType"
                value={t}
                checked={value === t}
                onChange={() => onChoose(t)}
              />
              <span className="wz-option__title">{idcardName(t)}</span>
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
  useT();
  const fieldUi = FIELD_UI[type]();
  return detailFields(type).map((k) => {
    const ui = fieldUi[k]!;
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
