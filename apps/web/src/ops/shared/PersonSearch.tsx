// Finding a patient by what a caller says (README "Operator console", "Search by what a caller says"): name, phone,
// birth date and the hospital's receipt number, one or several, checked as the server checks them (contract
// ops/search.ts). The screen keeps what is found in history state (back.ts), never in the URL.
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { PERSON_KEY_MESSAGE, hasPersonKey, personKeys } from '@auto-claim/contract/ops';
import type { PersonQuery } from '../api/claims';

export const PERSON_FIELDS = ['name', 'phone', 'birthDate', 'receiptNo'] as const;
const personForm = z.object(personKeys).refine(hasPersonKey, PERSON_KEY_MESSAGE);

export function PersonSearch({
  person,
  onFind,
  onClear,
  what,
}: {
  /** The search on screen now, if any. */
  person: PersonQuery | undefined;
  onFind: (keys: PersonQuery) => void;
  onClear: () => void;
  /** What it finds, for its label: "청구", "접근 기록". */
  what: string;
}) {
  const [asked, setAsked] = useState<Record<string, string>>(() => ({ ...person }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const input = (k: (typeof PERSON_FIELDS)[number]) => ({
    value: asked[k] ?? '',
    autoComplete: 'off',
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': errors[k] ? `person-${k}-error` : undefined,
    onChange: (e: { target: { value: string } }) => setAsked((t) => ({ ...t, [k]: e.target.value })),
  });
  const errorOf = (k: string) =>
    errors[k] ? (
      <span id={`person-${k}-error`} className="ops-error ops-field-error">
        {errors[k]}
      </span>
    ) : null;

  function find(e: FormEvent) {
    e.preventDefault();
    const body = Object.fromEntries(PERSON_FIELDS.flatMap((k) => (asked[k]?.trim() ? [[k, asked[k]]] : [])));
    const parsed = personForm.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'name'), i.message])));
      return;
    }
    setErrors({});
    onFind(Object.fromEntries(PERSON_FIELDS.flatMap((k) => (parsed.data[k] ? [[k, String(parsed.data[k])]] : []))));
  }

  return (
    <form className="ops-filters ops-person" onSubmit={find} role="search" aria-label={`전화 문의로 ${what} 찾기`}>
      <h2 className="ops-filters-title">전화 문의로 찾기</h2>
      <label>
        이름
        <input {...input('name')} maxLength={40} />
        {errorOf('name')}
      </label>
      <label>
        휴대폰 번호
        <input {...input('phone')} inputMode="tel" maxLength={20} placeholder="010-1234-5678" />
        {errorOf('phone')}
      </label>
      <label>
        생년월일
        <input {...input('birthDate')} maxLength={14} placeholder="1958.03.02" />
        {errorOf('birthDate')}
      </label>
      <label>
        영수증 번호
        <input {...input('receiptNo')} maxLength={50} />
        {errorOf('receiptNo')}
      </label>
      <button type="submit" className="ops-primary">
        환자 찾기
      </button>
      {person && (
        <button
          type="button"
          onClick={() => {
            setAsked({});
            setErrors({});
            onClear();
          }}
        >
          환자 검색 지우기
        </button>
      )}
      <p className="ops-muted ops-filters-note">
        하나만 적어도, 여러 개를 함께 적어도 돼요. 찾은 일은 운영자 기록과 환자의 열람 기록에 남아요 (무엇으로
        찾았는지만 남고, 적은 값은 남지 않아요).
      </p>
    </form>
  );
}
