// A hospital's details as an operator types them (add or edit); the server's Korean refusals show by each field.
import { useState, type FormEvent } from 'react';
import type { OpsHospital } from '@auto-claim/contract/ops';
import { OpsError } from '../api/client';
import { useSaveHospital } from '../api/hospitals';

type Fields = {
  hospitalCd: string;
  hospitalNm: string;
  hospitalType: string;
  address: string;
  phone: string;
  introText: string;
  autoClaimEnabled: boolean;
};

const EMPTY: Fields = {
  hospitalCd: '',
  hospitalNm: '',
  hospitalType: '의원',
  address: '',
  phone: '',
  introText: '',
  autoClaimEnabled: true,
};

const TEXT_FIELDS: { name: Exclude<keyof Fields, 'autoClaimEnabled' | 'introText'>; label: string }[] = [
  { name: 'hospitalCd', label: '병원 코드 (숫자 8자리)' },
  { name: 'hospitalNm', label: '병원 이름' },
  { name: 'hospitalType', label: '종류 (의원, 병원, 약국…)' },
  { name: 'address', label: '주소' },
  { name: 'phone', label: '전화번호' },
];

export function HospitalForm({
  mode,
  hospital,
  onDone,
  onCancel,
}: {
  mode: 'create' | 'edit';
  hospital?: OpsHospital;
  onDone: (h: OpsHospital) => void;
  onCancel?: () => void;
}) {
  const [f, setF] = useState<Fields>(hospital ? { ...EMPTY, ...hospital } : EMPTY);
  const [error, setError] = useState<OpsError>();
  const save = useSaveHospital(mode === 'edit' ? hospital!.hospitalCd : undefined);
  const busy = save.isPending;
  const idp = `hospital-${mode}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    try {
      const { hospitalCd, ...rest } = f;
      const body = {
        ...rest,
        androidPackage: hospital?.androidPackage ?? null,
        iOSPackage: hospital?.iOSPackage ?? null,
      };
      onDone(await save.mutateAsync(mode === 'create' ? { ...body, hospitalCd } : body));
    } catch (err) {
      setError(err instanceof OpsError ? err : new OpsError(0, undefined));
    }
  }

  const fieldError = (name: string) => error?.fieldMessage(name);
  return (
    <form className="ops-form" onSubmit={submit} noValidate>
      {TEXT_FIELDS.filter((x) => mode === 'create' || x.name !== 'hospitalCd').map(({ name, label }) => (
        <div key={name} className="ops-field">
          <label>
            {label}
            <input
              name={name}
              value={f[name]}
              onChange={(e) => setF({ ...f, [name]: e.target.value })}
              aria-invalid={fieldError(name) ? true : undefined}
              aria-describedby={fieldError(name) ? `${idp}-${name}-error` : undefined}
              inputMode={name === 'hospitalCd' || name === 'phone' ? 'numeric' : undefined}
            />
          </label>
          {fieldError(name) && (
            <span id={`${idp}-${name}-error`} className="ops-error">
              {fieldError(name)}
            </span>
          )}
        </div>
      ))}
      <label>
        소개 글
        <textarea
          name="introText"
          rows={3}
          value={f.introText}
          onChange={(e) => setF({ ...f, introText: e.target.value })}
        />
        {fieldError('introText') && <span className="ops-error">{fieldError('introText')}</span>}
      </label>
      <label className="ops-check">
        <input
          type="checkbox"
          name="autoClaimEnabled"
          checked={f.autoClaimEnabled}
          onChange={(e) => setF({ ...f, autoClaimEnabled: e.target.checked })}
        />
        자동청구 사용 (환자 앱의 병원 목록에 보여요)
      </label>
      {error && (
        <p role="alert" className="ops-error">
          {error.message}
        </p>
      )}
      <div className="ops-actions">
        <button type="submit" className="ops-primary" disabled={busy}>
          {mode === 'create' ? '추가하기' : '저장하기'}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            취소
          </button>
        )}
      </div>
    </form>
  );
}
