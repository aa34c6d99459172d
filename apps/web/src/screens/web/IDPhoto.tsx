// /web/IDPhoto (issue 5 §6): an insurer asked for a copy of the ID document. The patient sees who asked and why,
// picks the document type the insurer takes, photographs it (camera or album, compressed in this browser by the
// enrolment's own compression), types the fields of that type only (spec §3), and submits; then
// /web/complete?type=idSubmit. The one zod schema of the contract checks the form here and on the server.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  APP_BASE,
  IDCARD_KEEPS,
  IDCARD_TYPE_NM,
  idCardSubmitBody,
  type IdCardRequest,
  type IdcardType,
} from '@auto-claim/contract';
import { ApiError } from '../../api/client';
import { loadFailedMessage } from '../../api/queryClient';
import { useIdCards, useSubmitIdCard } from '../../api/treats';
import { Field } from '../../ui';
import { BottomAction, ErrorSummary, LoadError, type SummaryItem } from '../../wizard/WizardStep';
import { compressToDataUrl } from '../security/parts/compressPhoto';
import { Checking, NeedAuth } from './NeedAuth';
import { useLinkSession } from './useLinkSession';
import '../security/wizard-1.css';
import './treat.css';

type DetailField = 'idcardIssueOrg' | 'idcardIssueDate' | 'regNo' | 'checkCd';
type ErrorKey = 'idcardType' | 'idcardImg' | DetailField;

const FIELD_UI: Record<DetailField, { label: (t: IdcardType) => string; hint: (t: IdcardType) => string }> = {
  idcardIssueOrg: { label: () => '발급기관', hint: () => '신분증 아래쪽의 기관 이름이에요. 예: 서울특별시 마포구청장' },
  idcardIssueDate: { label: () => '발급일', hint: () => '숫자 8자리로 입력해 주세요. 예: 2020년 3월 15일 → 20200315' },
  regNo: {
    label: (t) => (t === 'dl' ? '운전면허번호' : '여권번호'),
    hint: (t) => (t === 'dl' ? '숫자 12자리예요. 예: 11-24-123456-78' : '영문과 숫자 9자리예요. 예: M12345678'),
  },
  checkCd: { label: () => '암호일련번호', hint: () => '면허증 사진 아래의 작은 글자 5~6자리예요. 예: A1B2C3' },
};

const EMPTY = { idcardIssueOrg: '', idcardIssueDate: '', regNo: '', checkCd: '' };

function IdPhotoForm({ requests }: { requests: IdCardRequest[] }) {
  const navigate = useNavigate();
  const submit = useSubmitIdCard();
  const allowed = (['ic', 'dl', 'pp'] as IdcardType[]).filter((t) =>
    requests.every((r) => r.acceptedTypes.includes(t)),
  );
  const [type, setType] = useState<IdcardType | ''>('');
  const [image, setImage] = useState('');
  const [fields, setFields] = useState<Record<DetailField, string>>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ErrorKey, string>>>({});
  const [attempt, setAttempt] = useState(0);
  const [compressing, setCompressing] = useState(false);
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const clear = (k: ErrorKey) => setErrors(({ [k]: _, ...rest }) => rest);

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setErrors((e) => ({ ...e, idcardImg: '사진 파일만 올릴 수 있어요. JPG나 PNG 사진으로 다시 골라 주세요.' }));
      return;
    }
    setCompressing(true);
    clear('idcardImg');
    try {
      setImage(await compressToDataUrl(file));
    } catch (e) {
      setErrors((x) => ({
        ...x,
        idcardImg:
          e instanceof RangeError
            ? '사진을 충분히 줄이지 못했어요. 신분증만 나오게 다시 찍어 주세요.'
            : '이 사진을 열 수 없어요. 다른 사진으로 다시 시도해 주세요.',
      }));
    } finally {
      setCompressing(false);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const keep = type ? (IDCARD_KEEPS[type] as DetailField[]) : [];
    const body = {
      idcardType: type || undefined,
      idcardImg: image,
      ...Object.fromEntries(keep.map((k) => [k, fields[k]])),
      ...(requests.length === 1 ? { requestId: requests[0]!.requestId } : {}),
    };
    const parsed = idCardSubmitBody.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<ErrorKey, string>> = {};
      for (const issue of parsed.error.issues) {
        const k = (issue.path[0] ?? 'idcardType') as ErrorKey;
        found[k] ??= k === 'idcardType' ? '어떤 신분증인지 골라 주세요.' : issue.message;
      }
      setErrors(found);
      setAttempt((n) => n + 1);
      return;
    }
    try {
      await submit.mutateAsync(parsed.data);
      navigate(`${APP_BASE}/web/complete?type=idSubmit`, { replace: true });
    } catch (err) {
      const problem = err instanceof ApiError ? err.problem : undefined;
      const found: Partial<Record<ErrorKey, string>> = {};
      for (const fe of problem?.errors ?? [])
        found[(fe.field in EMPTY || fe.field === 'idcardImg' ? fe.field : 'idcardType') as ErrorKey] ??= fe.message;
      if (Object.keys(found).length === 0)
        found.idcardImg = err instanceof ApiError ? err.detail : '제출하지 못했어요. 잠시 후 다시 시도해 주세요.';
      setErrors(found);
      setAttempt((n) => n + 1);
    }
  };

  const detailKeys = type ? (IDCARD_KEEPS[type] as DetailField[]) : [];
  const targets: Record<ErrorKey, string> = {
    idcardType: `idp-type-${allowed[0] ?? 'ic'}`,
    idcardImg: 'idp-camera',
    idcardIssueOrg: 'idcardIssueOrg',
    idcardIssueDate: 'idcardIssueDate',
    regNo: 'regNo',
    checkCd: 'checkCd',
  };
  const summary: SummaryItem[] = (['idcardType', 'idcardImg', ...detailKeys] as ErrorKey[])
    .filter((k) => errors[k])
    .map((k) => ({ target: targets[k], message: errors[k]! }));

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <ErrorSummary items={summary} attempt={attempt} />
      <section aria-labelledby="idp-why">
        <h2 id="idp-why" className="screen__lead">
          보험사가 신분증 사본을 요청했어요
        </h2>
        <ul className="idp-requests">
          {requests.map((r) => (
            <li key={r.requestId}>
              <strong>{r.insuCompNm}</strong>
              {r.treatDate && r.hospitalNm && (
                <>
                  {' '}
                  · {Number(r.treatDate.slice(4, 6))}월 {Number(r.treatDate.slice(6, 8))}일 {r.hospitalNm} 진료
                </>
              )}
              <br />
              {r.reason}
            </li>
          ))}
        </ul>
      </section>

      <fieldset className={`wz-fieldset${errors.idcardType ? ' wz-invalid' : ''}`} aria-describedby="idp-type-error">
        <legend>
          <h3 className="wz-legend">어떤 신분증을 찍을까요?</h3>
        </legend>
        <ul className="wz-options wz-options--row">
          {allowed.map((t) => (
            <li key={t}>
              <label className="wz-option wz-option--center">
                <input
                  id={`idp-type-${t}`}
                  type="radio"
                  name="idcardType"
                  value={t}
                  checked={type === t}
                  onChange={() => {
                    setType(t);
                    setFields(EMPTY); // the other type's fields are cleared (spec §3)
                    clear('idcardType');
                  }}
                />
                <span className="wz-option__title">{IDCARD_TYPE_NM[t]}</span>
              </label>
            </li>
          ))}
        </ul>
        <p id="idp-type-error" className="field__error" aria-live="polite">
          {errors.idcardType ?? ''}
        </p>
      </fieldset>

      <section className={`wz-block photo${errors.idcardImg ? ' photo--invalid' : ''}`} aria-labelledby="idp-photo">
        <h3 id="idp-photo" className="wz-subtitle">
          신분증 사진
        </h3>
        {image ? (
          <img className="photo__preview" src={image} alt="찍은 신분증 사진" />
        ) : (
          <p className="photo__empty">아직 사진이 없어요.</p>
        )}
        <div className="photo__actions">
          <button
            id="idp-camera"
            type="button"
            className="btn btn--primary"
            disabled={compressing}
            aria-describedby="idp-photo-error"
            onClick={() => camera.current?.click()}
          >
            {image ? '다시 찍기' : '카메라로 찍기'}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={compressing}
            onClick={() => gallery.current?.click()}
          >
            앨범에서 고르기
          </button>
        </div>
        <input
          ref={camera}
          data-testid="idp-camera-input"
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          onChange={(e) => void onFile(e.currentTarget)}
        />
        <input
          ref={gallery}
          data-testid="idp-gallery-input"
          type="file"
          accept="image/*"
          hidden
          onChange={(e) => void onFile(e.currentTarget)}
        />
        <p className="photo__status" role="status">
          {compressing ? '사진 크기를 줄이고 있어요…' : ''}
        </p>
        <p id="idp-photo-error" className="field__error" aria-live="polite">
          {errors.idcardImg ?? ''}
        </p>
      </section>

      {type && (
        <section className="wz-block" aria-labelledby="idp-details">
          <h3 id="idp-details" className="wz-subtitle">
            {IDCARD_TYPE_NM[type]}에 적힌 내용을 입력해 주세요
          </h3>
          {detailKeys.map((k) => (
            <Field
              key={`${type}-${k}`}
              id={k}
              label={FIELD_UI[k].label(type)}
              hint={FIELD_UI[k].hint(type)}
              error={errors[k]}
            >
              {(p) => (
                <input
                  {...p}
                  className="input"
                  value={fields[k]}
                  onChange={(e) => {
                    setFields((f) => ({ ...f, [k]: e.target.value }));
                    clear(k);
                  }}
                  inputMode={k === 'idcardIssueDate' || (k === 'regNo' && type === 'dl') ? 'numeric' : 'text'}
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </Field>
          ))}
        </section>
      )}

      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block" disabled={compressing || submit.isPending}>
          {submit.isPending ? '제출하는 중…' : '신분증 제출하기'}
        </button>
      </BottomAction>
    </form>
  );
}

function IdPhotoRequests() {
  const idCards = useIdCards(true);
  if (idCards.isPending) return <Checking />;
  if (idCards.isError) {
    return (
      <div className="screen">
        <LoadError message={loadFailedMessage('신분증 제출 요청')} onRetry={() => void idCards.refetch()} />
      </div>
    );
  }
  const open = idCards.data.list.filter((r) => r.status === 'requested');
  if (open.length === 0) {
    return (
      <section className="notice-screen" aria-labelledby="idp-none">
        <h2 id="idp-none" className="notice-screen__title">
          제출할 신분증이 없어요
        </h2>
        <p className="notice-screen__text">
          보험사가 요청한 신분증은 이미 제출했어요. 청구 진행 상황은 진료 내역에서 볼 수 있어요.
        </p>
        <Link className="btn btn--primary btn--block" to={`${APP_BASE}/web/treat`}>
          진료 내역 보기
        </Link>
      </section>
    );
  }
  return <IdPhotoForm requests={open} />;
}

export default function IDPhoto() {
  const session = useLinkSession('idCard');
  if (session.state === 'checking') return <Checking />;
  if (session.state === 'needAuth') return <NeedAuth reason={session.reason} />;
  return <IdPhotoRequests />;
}
