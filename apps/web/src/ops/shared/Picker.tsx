// A filter that takes a name (README "Operator console"): type part of a hospital's or insurer's name or code, pick
// it from the list the server answers (the WAI-ARIA combobox pattern: arrows, Enter, Escape), and the filter holds its
// code. The hospital and insurer pickers of the claim list are this one component with their own lists.
import { useId, useState, type KeyboardEvent } from 'react';
import { useHospitals } from '../api/hospitals';
import { useInsurers } from '../api/insurers';

export interface PickerOption {
  code: string;
  name: string;
}

function Picker({
  label,
  value,
  valueName,
  onPick,
  useOptions,
}: {
  label: string;
  /** The picked code, or '' for none. */
  value: string;
  /** Its name, when known (shown in the box until the operator types). */
  valueName: string | undefined;
  onPick: (code: string | undefined) => void;
  useOptions: (q: string) => { options: PickerOption[]; loading: boolean };
}) {
  const id = useId();
  const [typed, setTyped] = useState<string>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = typed ?? '';
  const { options, loading } = useOptions(q.trim());
  const shown = typed ?? (value ? `${valueName ?? value} (${value})` : '');

  const pick = (o: PickerOption | undefined) => {
    onPick(o?.code);
    setTyped(undefined);
    setOpen(false);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, Math.max(options.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      if (options[active]) pick(options[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setTyped(undefined);
    }
  };

  return (
    <div className="ops-picker">
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className="ops-picker-box">
        <input
          id={`${id}-input`}
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open && options[active] ? `${id}-opt-${active}` : undefined}
          autoComplete="off"
          placeholder="이름이나 코드"
          value={shown}
          maxLength={100}
          onChange={(e) => {
            setTyped(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setTyped(undefined);
          }}
          onKeyDown={onKey}
        />
        {value && (
          <button type="button" className="ops-picker-clear" onClick={() => pick(undefined)}>
            {label} 지우기
          </button>
        )}
      </div>
      <ul id={`${id}-list`} role="listbox" aria-label={`${label} 목록`} hidden={!open} className="ops-picker-list">
        {open && loading && options.length === 0 && <li className="ops-picker-note">찾는 중이에요…</li>}
        {open && !loading && options.length === 0 && <li className="ops-picker-note">맞는 곳이 없어요.</li>}
        {options.map((o, i) => (
          <li
            key={o.code}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            // Before the input's blur closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(o);
            }}
          >
            {o.name} <span className="ops-picker-code">{o.code}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const listParams = (q: string) => ({ page: 1, size: 8, order: 'asc' as const, ...(q ? { q } : {}) });

const useHospitalOptions = (q: string) => {
  const list = useHospitals({ ...listParams(q), sort: 'hospitalNm' });
  return {
    options: (list.data?.list ?? []).map((h) => ({ code: h.hospitalCd, name: h.hospitalNm })),
    loading: list.isFetching,
  };
};
const useInsurerOptions = (q: string) => {
  const list = useInsurers({ ...listParams(q), sort: 'insuCompNm' });
  return {
    options: (list.data?.list ?? []).map((i) => ({ code: i.insuCompCd, name: i.insuCompNm })),
    loading: list.isFetching,
  };
};

type PickerProps = { value: string; valueName: string | undefined; onPick: (code: string | undefined) => void };
export const HospitalPicker = (p: PickerProps) => <Picker label="병원" useOptions={useHospitalOptions} {...p} />;
export const InsurerPicker = (p: PickerProps) => <Picker label="보험사" useOptions={useInsurerOptions} {...p} />;
