// /web/IDPhoto (spec §2 web variant, spec §7 …/idCards): an insurer asked for a copy of the ID document. The patient sees who asked and why,
// picks the document type the insurer takes, photographs it (camera or album, compressed in this browser by the
// enrolment's own compression), types the fields of that type only (spec §3), and submits; then
// /web/complete?type=idSubmit. The one zod schema of the contract checks the form here and on the server.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  APP_BASE,
  IDCARD_TYPES,
  idCardSubmitBody,
  normalizeDate,
  type IdCardRequest,
  type IdcardType,
} from '@auto-claim/contract';
import { ApiError } from '../../api/client';
import { useIdCards, useSubmitIdCard } from '../../api/treats';
import { refusal } from '../../i18n/refusals';
import { useT } from '../../i18n/t';
import { BottomAction, ErrorSummary, LoadError, type SummaryItem } from '../../wizard/WizardStep';
import {
  IdcardDetailFields,
  IdcardTypeChoice,
  detailFields,
  idcardName,
  type DetailField,
} from '../security/parts/IdcardFields';
import { compressing as compressingText, PhotoPicker } from '../security/parts/PhotoPicker';
import { shortDay } from './treatFormat';
import { Checking, NeedAuth } from './NeedAuth';
import { useLinkSession } from './useLinkSession';
import '../security/wizard-1.css';
import './treat.css';

type ErrorKey = 'idcardType' | 'idcardImg' | DetailField;

const EMPTY = { idcardIssueOrg: '', idcardIssueDate: '', regNo: '', checkCd: '' };

function IdPhotoForm({ requests }: { requests: IdCardRequest[] }) {
  const t = useT();
  const navigate = useNavigate();
  const submit = useSubmitIdCard();
  const allowed = [...IDCARD_TYPES].filter((t) => requests.every((r) => r.acceptedTypes.includes(t)));
  const [type, setType] = useState<IdcardType | ''>('');
  const [image, setImage] = useState('');
  const [fields, setFields] = useState<Record<DetailField, string>>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ErrorKey, string>>>({});
  const [attempt, setAttempt] = useState(0);
  const [compressing, setCompressing] = useState(false);
  const clear = (k: ErrorKey) => setErrors(({ [k]: _, ...rest }) => rest);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const keep = detailFields(type);
    const body = {
      idcardType: type || undefined,
      idcardImg: image,
      ...Object.fromEntries(keep.map((k) => [k, k === 'idcardIssueDate' ? normalizeDate(fields[k]) : fields[k]])),
      ...(requests.length === 1 ? { requestId: requests[0]!.requestId } : {}),
    };
    const parsed = idCardSubmitBody.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<ErrorKey, string>> = {};
      for (const issue of parsed.error.issues) {
        const k = (issue.path[0] ?? 'idcardType') as ErrorKey;
        found[k] ??=
          k === 'idcardType' ? t('refusal.idcardType', '어떤 신분증인지 골라 주세요.') : (refusal(issue.message) ?? '');
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
        found[(fe.field in EMPTY || fe.field === 'idcardImg' ? fe.field : 'idcardType') as ErrorKey] ??=
          refusal(fe.message) ?? fe.message;
      if (Object.keys(found).length === 0)
        found.idcardImg =
          err instanceof ApiError ? err.detail : t('idPhoto.failed', '제출하지 못했어요. 잠시 후 다시 시도해 주세요.');
      // A photo the server refused (too dark, blurry, no card) is not shown as if it were fine: she takes another.
      if (problem?.errors?.some((fe) => fe.field === 'idcardImg')) setImage('');
      setErrors(found);
      setAttempt((n) => n + 1);
    }
  };

  const detailKeys = detailFields(type);
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
          {t('idPhoto.title', '보험사가 신분증 사본을 요청했어요')}
        </h2>
        <ul className="idp-requests">
          {requests.map((r) => (
            <li key={r.requestId}>
              <strong>{r.insuCompNm}</strong>
              {r.treatDate && r.hospitalNm && (
                <>
                  {' '}
                  ·{' '}
                  {t('idPhoto.visit', '{day} {hospital} 진료', { day: shortDay(r.treatDate), hospital: r.hospitalNm })}
                </>
              )}
              <br />
              {r.reason}
            </li>
          ))}
        </ul>
      </section>

      <IdcardTypeChoice
        types={allowed}
        value={type}
        onChoose={(t) => {
          setType(t);
          setFields(EMPTY); // the other type's fields are cleared (spec §3)
          clear('idcardType');
        }}
        idPrefix="idp-type"
        error={errors.idcardType}
        headingLevel={3}
      />

      <PhotoPicker
        ids={{ title: 'idp-photo', camera: 'idp-camera', error: 'idp-photo-error' }}
        testIdPrefix="idp"
        name={t('idPhoto.name', '신분증')}
        image={image}
        busy={compressing}
        status={compressing ? compressingText() : ''}
        error={errors.idcardImg}
        onCompressing={() => {
          setCompressing(true);
          clear('idcardImg');
        }}
        onPhoto={(dataUrl) => {
          setImage(dataUrl);
          setCompressing(false);
        }}
        onError={(message) => {
          setCompressing(false);
          setErrors((x) => ({ ...x, idcardImg: message }));
        }}
      />

      {type && (
        <section className="wz-block" aria-labelledby="idp-details">
          <h3 id="idp-details" className="wz-subtitle">
            {t('idPhoto.details', '{idcard}에 적힌 내용을 입력해 주세요', { idcard: idcardName(type) })}
          </h3>
          <IdcardDetailFields
            type={type}
            values={fields}
            errors={errors}
            onChange={(k, v) => {
              setFields((f) => ({ ...f, [k]: v }));
              clear(k);
            }}
          />
        </section>
      )}

      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block" disabled={compressing || submit.isPending}>
          {submit.isPending ? t('idPhoto.submitting', '제출하는 중…') : t('treat.idRequest.submit', '신분증 제출하기')}
        </button>
      </BottomAction>
    </form>
  );
}

function IdPhotoRequests() {
  const t = useT();
  const idCards = useIdCards(true);
  if (idCards.isPending) return <Checking />;
  if (idCards.isError) {
    return (
      <div className="screen">
        <LoadError
          message={t('idPhoto.loadFailed', '신분증 제출 요청을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.')}
          onRetry={() => void idCards.refetch()}
        />
      </div>
    );
  }
  const open = idCards.data.list.filter((r) => r.status === 'requested');
  if (open.length === 0) {
    return (
      <section className="notice-screen" aria-labelledby="idp-none">
        <h2 id="idp-none" className="notice-screen__title">
          {t('idPhoto.none', '제출할 신분증이 없어요')}
        </h2>
        <p className="notice-screen__text">
          {t(
            'idPhoto.none.text',
            '보험사가 요청한 신분증은 이미 제출했어요. 청구 진행 상황은 진료 내역에서 볼 수 있어요.',
          )}
        </p>
        <Link className="btn btn--primary btn--block" to={`${APP_BASE}/web/treat`}>
          {t('idPhoto.history', '진료 내역 보기')}
        </Link>
      </section>
    );
  }
  return <IdPhotoForm requests={open} />;
}

export default function IDPhoto() {
  const session = useLinkSession('idCard');
  if (session.state === 'checking') return <Checking />;
  if (session.state === 'needAuth') return <NeedAuth reason={session.reason} back="/web/IDPhoto" />;
  return <IdPhotoRequests />;
}
