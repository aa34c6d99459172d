// /security/photo: which ID document, its photo (camera or gallery, compressed here to at most MAX_PHOTO_BYTES), and
// the fields of that document's type only (spec §3), pre-filled by the server's OCR and confirmed by the patient.
// The image and the numbers stay in memory (the claim store), never in browser storage.
import { useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import {
  IDCARD_KEEPS,
  checkIdcardFields,
  digitsOnly,
  keepIdcardFields,
  type IdcardFields,
  type IdcardType,
} from '@auto-claim/contract';
import { ApiError } from '../../api/client';
import { readIdCard } from '../../api/ocr';
import { loadFailedMessage } from '../../api/queryClient';
import { IDCARD_TYPE_NAMES, usePhotoControls } from '../../api/uiControls';
import { useClaimStore } from '../../store/claim';
import { Field } from '../../ui';
import { useWizard } from '../../wizard/steps';
import { BottomAction, ErrorSummary, LoadError, StepProgress, type SummaryItem } from '../../wizard/WizardStep';
import { compressToDataUrl } from './parts/compressPhoto';
import './wizard-1.css';

type DetailField = 'idcardIssueOrg' | 'idcardIssueDate' | 'regNo' | 'checkCd';
type ErrorKey = 'idcardType' | 'idcardImg' | DetailField;

/** How each kept field is asked, per type (spec §3: ic org+date, dl regNo+checkCd, pp regNo+date). */
const FIELD_UI: Record<IdcardType, Partial<Record<DetailField, { label: string; hint: string; numeric?: boolean }>>> = {
  ic: {
    idcardIssueOrg: { label: '발급기관', hint: '신분증 아래쪽의 기관 이름이에요. 예: 서울특별시 마포구청장' },
    idcardIssueDate: {
      label: '발급일',
      hint: '숫자 8자리로 입력해 주세요. 예: 2020년 3월 15일 → 20200315',
      numeric: true,
    },
  },
  dl: {
    regNo: { label: '운전면허번호', hint: '숫자 12자리예요. 예: 11-24-123456-78', numeric: true },
    checkCd: { label: '암호일련번호', hint: '면허증 사진 아래의 작은 글자 5~6자리예요. 예: A1B2C3' },
  },
  pp: {
    regNo: { label: '여권번호', hint: '영문과 숫자 9자리예요. 예: M12345678' },
    idcardIssueDate: {
      label: '발급일',
      hint: '숫자 8자리로 입력해 주세요. 예: 2020년 3월 15일 → 20200315',
      numeric: true,
    },
  },
};

const MESSAGES = {
  noType: '어떤 신분증을 찍을지 골라 주세요.',
  noImage: '신분증 사진을 찍거나 앨범에서 골라 주세요.',
  notImage: '사진 파일만 올릴 수 있어요. JPG나 PNG 사진으로 다시 골라 주세요.',
  unreadable: '이 사진을 열 수 없어요. 다른 사진으로 다시 시도해 주세요.',
  tooLarge: '사진을 충분히 줄이지 못했어요. 신분증만 나오게 다시 찍어 주세요.',
  read: '사진에서 읽은 내용이에요. 신분증과 같은지 확인하고, 다르면 고쳐 주세요.',
  notRead: '사진에서 글자를 읽지 못했어요. 신분증을 보고 직접 입력해 주세요.',
} as const;

/** Spaces, dots and hyphens are fine while typing; what is kept is the format of DESIGN §3. */
function normalize(type: IdcardType, f: Record<DetailField, string>): Record<DetailField, string> {
  return {
    idcardIssueOrg: f.idcardIssueOrg.trim(),
    idcardIssueDate: digitsOnly(f.idcardIssueDate),
    regNo: type === 'dl' ? digitsOnly(f.regNo) : f.regNo.replace(/\s/g, '').toUpperCase(),
    checkCd: f.checkCd.replace(/\s/g, '').toUpperCase(),
  };
}

const detailsSchema = z
  .object({
    idcardType: z.enum(['ic', 'dl', 'pp']),
    idcardIssueOrg: z.string(),
    idcardIssueDate: z.string(),
    regNo: z.string(),
    checkCd: z.string(),
  })
  .superRefine((v, ctx) => checkIdcardFields(v, ctx));

export default function Photo() {
  const { next, progress } = useWizard('photo');
  const reg = useClaimStore((s) => s.reg);
  const setReg = useClaimStore((s) => s.setReg);
  const controls = usePhotoControls(reg.insuCompCd);
  const [errors, setErrors] = useState<Partial<Record<ErrorKey, string>>>({});
  const [attempt, setAttempt] = useState(0);
  const [working, setWorking] = useState<'' | 'compress' | 'ocr'>('');
  const [ocrNote, setOcrNote] = useState<string>();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  /** A newer photo or type wins over an OCR answer still on its way. */
  const ocrRun = useRef(0);

  const allowed = controls.data?.idPhotoTypes ?? (['ic', 'dl', 'pp'] as IdcardType[]);
  const type = reg.idcardType && allowed.includes(reg.idcardType) ? reg.idcardType : '';
  const clearError = (...keys: ErrorKey[]) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k as ErrorKey))));

  /** Ask the server what it can read; fill only the chosen type's fields with what it read. */
  const runOcr = async (idcardType: IdcardType, idcardImg: string) => {
    const run = ++ocrRun.current;
    setWorking('ocr');
    setOcrNote(undefined);
    try {
      const answer = await readIdCard({ idcardType, idcardImg });
      if (run !== ocrRun.current) return;
      const read: IdcardFields = { idcardType, ...answer.fields };
      const kept = keepIdcardFields(read);
      const patch: Partial<Record<DetailField, string>> = {};
      for (const f of IDCARD_KEEPS[idcardType]) {
        const v = kept[f];
        if (typeof v === 'string' && v) patch[f as DetailField] = v;
      }
      setReg(patch);
      clearError(...(Object.keys(patch) as DetailField[]));
      setOcrNote(answer.read && Object.keys(patch).length > 0 ? MESSAGES.read : MESSAGES.notRead);
    } catch (e) {
      if (run !== ocrRun.current) return;
      if (e instanceof ApiError && e.status === 400) {
        // The server refused the image itself: the subscription would refuse it too.
        setReg({ idcardImg: '' });
        setErrors((x) => ({ ...x, idcardImg: e.detail }));
      } else {
        setOcrNote(MESSAGES.notRead);
      }
    } finally {
      if (run === ocrRun.current) setWorking('');
    }
  };

  const chooseType = (t: IdcardType) => {
    if (t === reg.idcardType) return;
    // Fields of another type are cleared (spec §3); a photo already taken is read again as this type.
    setReg(keepIdcardFields({ idcardType: t, idcardIssueOrg: '', idcardIssueDate: '', regNo: '', checkCd: '' }));
    clearError('idcardType', 'idcardIssueOrg', 'idcardIssueDate', 'regNo', 'checkCd');
    if (reg.idcardImg) void runOcr(t, reg.idcardImg);
  };

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = ''; // the same file may be chosen again
    if (!file || !type) return;
    if (!file.type.startsWith('image/')) {
      setErrors((e) => ({ ...e, idcardImg: MESSAGES.notImage }));
      return;
    }
    setWorking('compress');
    clearError('idcardImg');
    let dataUrl: string;
    try {
      dataUrl = await compressToDataUrl(file);
    } catch (e) {
      setWorking('');
      setErrors((x) => ({ ...x, idcardImg: e instanceof RangeError ? MESSAGES.tooLarge : MESSAGES.unreadable }));
      return;
    }
    setReg({ idcardImg: dataUrl });
    await runOcr(type, dataUrl);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<ErrorKey, string>> = {};
    if (!type) found.idcardType = MESSAGES.noType;
    else if (!reg.idcardImg) found.idcardImg = MESSAGES.noImage;
    else {
      const values = { idcardType: type, ...normalize(type, reg) };
      const r = detailsSchema.safeParse(values);
      if (r.success) {
        setReg(keepIdcardFields(values));
        next();
        return;
      }
      for (const issue of r.error.issues) {
        const k = issue.path[0] as DetailField;
        found[k] ??= issue.message;
      }
    }
    setErrors(found);
    setAttempt((n) => n + 1);
  };

  const detailKeys = type ? (IDCARD_KEEPS[type] as DetailField[]) : [];
  const order: ErrorKey[] = ['idcardType', 'idcardImg', ...detailKeys];
  const targets: Record<ErrorKey, string> = {
    idcardType: `idtype-${allowed[0]}`,
    idcardImg: 'photo-camera',
    idcardIssueOrg: 'idcardIssueOrg',
    idcardIssueDate: 'idcardIssueDate',
    regNo: 'regNo',
    checkCd: 'checkCd',
  };
  const summary: SummaryItem[] = order
    .filter((k) => errors[k])
    .map((k) => ({ target: targets[k], message: errors[k]! }));

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <ErrorSummary items={summary} attempt={attempt} />

      <fieldset
        className={`wz-fieldset${errors.idcardType ? ' wz-invalid' : ''}`}
        aria-describedby={errors.idcardType ? 'idtype-error' : undefined}
      >
        <legend>
          <h2 className="wz-legend">어떤 신분증을 찍을까요?</h2>
        </legend>
        {controls.isError && (
          <LoadError message={loadFailedMessage('보험사 신분증 제출 설정')} onRetry={() => void controls.refetch()} />
        )}
        <ul className="wz-options">
          {allowed.map((t) => (
            <li key={t}>
              <label className="wz-option">
                <input
                  id={`idtype-${t}`}
                  type="radio"
                  name="idcardType"
                  value={t}
                  checked={type === t}
                  onChange={() => chooseType(t)}
                />
                <span className="wz-option__title">{IDCARD_TYPE_NAMES[t]}</span>
              </label>
            </li>
          ))}
        </ul>
        <p id="idtype-error" className="field__error" aria-live="polite">
          {errors.idcardType ?? ''}
        </p>
      </fieldset>

      {type && (
        <section className={`wz-block photo${errors.idcardImg ? ' photo--invalid' : ''}`} aria-labelledby="photo-title">
          <h3 id="photo-title" className="wz-subtitle">
            {IDCARD_TYPE_NAMES[type]} 사진
          </h3>
          {reg.idcardImg ? (
            <img className="photo__preview" src={reg.idcardImg} alt={`찍은 ${IDCARD_TYPE_NAMES[type]} 사진`} />
          ) : (
            <p className="photo__empty">아직 사진이 없어요.</p>
          )}
          <div className="photo__actions">
            <button
              id="photo-camera"
              type="button"
              className="btn btn--primary"
              disabled={working !== ''}
              aria-describedby={errors.idcardImg ? 'photo-error' : undefined}
              onClick={() => camera.current?.click()}
            >
              {reg.idcardImg ? '다시 찍기' : '카메라로 찍기'}
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              disabled={working !== ''}
              onClick={() => gallery.current?.click()}
            >
              앨범에서 고르기
            </button>
          </div>
          <input
            ref={camera}
            data-testid="photo-camera-input"
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            onChange={(e) => void onFile(e.currentTarget)}
          />
          <input
            ref={gallery}
            data-testid="photo-gallery-input"
            type="file"
            accept="image/*"
            hidden
            onChange={(e) => void onFile(e.currentTarget)}
          />
          <p className="photo__status" role="status">
            {working === 'compress' && '사진 크기를 줄이고 있어요…'}
            {working === 'ocr' && '사진에서 글자를 읽고 있어요…'}
          </p>
          <p id="photo-error" className="field__error" aria-live="polite">
            {errors.idcardImg ?? ''}
          </p>
        </section>
      )}

      {type && reg.idcardImg && working === '' && (
        <section className="wz-block" aria-labelledby="details-title">
          <h3 id="details-title" className="wz-subtitle">
            {IDCARD_TYPE_NAMES[type]}에 적힌 내용을 확인해 주세요
          </h3>
          {ocrNote && <p className="photo__note">{ocrNote}</p>}
          {detailKeys.map((k) => {
            const ui = FIELD_UI[type][k]!;
            return (
              <Field key={`${type}-${k}`} id={k} label={ui.label} hint={ui.hint} error={errors[k]}>
                {(p) => (
                  <input
                    {...p}
                    className="input"
                    value={reg[k]}
                    onChange={(e) => {
                      setReg({ [k]: e.target.value });
                      clearError(k);
                    }}
                    inputMode={ui.numeric ? 'numeric' : 'text'}
                    autoComplete="off"
                    autoCapitalize={k === 'checkCd' || k === 'regNo' ? 'characters' : undefined}
                    spellCheck={false}
                  />
                )}
              </Field>
            );
          })}
        </section>
      )}

      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block" disabled={working !== ''}>
          다음
        </button>
      </BottomAction>
    </form>
  );
}
