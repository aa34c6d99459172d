// 보험사: each insurer's delivery channel (API or fax), fax number, API base URL, ID-photo settings and on/off, and a
// test delivery through its channel. The signing secret stays in the server's environment: only whether it is set.
// A change of where claims go waits for a second admin (DestinationChanges.tsx); the rest applies at once.
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { DELIVERY_CHANNEL_NM, IDCARD_TYPES, IDCARD_TYPE_NM, type IdcardType } from '@auto-claim/contract';
import {
  TEST_DELIVERY_RESULT_NM,
  type OpsInsurer,
  type PhotoSettings,
  type TestDeliveryResult,
} from '@auto-claim/contract/ops';
import { OpsError } from '../api/client';
import { testDelivery, useInsurer, useInsurers, useSaveInsurer } from '../api/insurers';
import { DataTable } from '../shared/DataTable';
import { PendingChangePanel } from './DestinationChanges';
import { useFocusHeading } from '../shared/focus';
import { formatDateTime } from '../shared/format';
import { useListParams } from '../shared/list';
import { mayUse, useMe } from '../auth/session';

const SOURCE_NM = { console: '콘솔에서 정함', env: '환경 변수', default: '기본값' } as const;

const col = createColumnHelper<OpsInsurer>();
const columns = [
  col.accessor('insuCompNm', {
    id: 'insuCompNm',
    header: '보험사',
    cell: (c) => <Link to={`/insurers/${c.row.original.insuCompCd}`}>{c.getValue()}</Link>,
  }),
  col.accessor('insuCompCd', { id: 'insuCompCd', header: '코드' }),
  col.accessor('deliveryChannel', {
    header: '전송 방식',
    enableSorting: false,
    cell: (c) => `${DELIVERY_CHANNEL_NM[c.getValue()]} (${SOURCE_NM[c.row.original.channelSource]})`,
  }),
  col.accessor('faxNo', { header: '팩스', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
  col.accessor('active', { header: '사용', enableSorting: false, cell: (c) => (c.getValue() ? '사용' : '꺼짐') }),
  col.accessor('pendingChange', {
    header: '변경 요청',
    enableSorting: false,
    cell: (c) => (c.getValue() ? '승인 대기' : '—'),
  }),
];

export function Insurers() {
  const heading = useFocusHeading();
  const [params, update] = useListParams({ sort: 'sortOrder', order: 'asc' });
  const list = useInsurers(params);
  const [q, setQ] = useState(String(params.q ?? ''));
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        보험사
      </h1>
      <p className="ops-lead">
        청구를 보내는 방식(API 또는 팩스), 신분증 사진 설정, 사용 여부를 정하고 시험 전송을 해요.
      </p>
      <form
        className="ops-filters"
        role="search"
        aria-label="보험사 찾기"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: q.trim() || undefined });
        }}
      >
        <label>
          이름 또는 코드
          <input value={q} onChange={(e) => setQ(e.target.value)} maxLength={100} />
        </label>
        <button type="submit">찾기</button>
      </form>
      <DataTable
        caption="보험사 목록"
        columns={columns}
        page={list.data}
        params={params}
        onChange={update}
        rowId={(r) => r.insuCompCd}
        isLoading={list.isFetching}
        error={list.error}
        empty="찾는 보험사가 없어요."
      />
    </>
  );
}

type Form = {
  active: boolean;
  deliveryChannel: 'api' | 'fax';
  faxNo: string;
  apiUrl: string;
  photo: PhotoSettings;
};

export function InsurerDetail() {
  const { insuCompCd = '' } = useParams();
  const heading = useFocusHeading();
  const me = useMe();
  const admin = mayUse(me.data, 'admin');
  const [saved, setSaved] = useState<string>();
  const insurer = useInsurer(insuCompCd);
  return (
    <>
      <p>
        <Link to="/insurers">← 보험사 목록</Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        {insurer.data ? `${insurer.data.insuCompNm} (${insurer.data.insuCompCd})` : '보험사'}
      </h1>
      {insurer.error ? (
        <p role="alert" className="ops-error">
          {insurer.error.message}
        </p>
      ) : !insurer.data ? (
        <p role="status">불러오는 중이에요…</p>
      ) : (
        <>
          <PendingChangePanel insurer={insurer.data} />
          <InsurerSettings
            key={formKey(insurer.data)}
            insurer={insurer.data}
            editable={admin}
            saved={saved}
            onSaved={setSaved}
          />
          {admin && <TestDelivery insurer={insurer.data} />}
        </>
      )}
    </>
  );
}

/**
 * The form starts again from the insurer's live settings whenever where its claims go changes, or a change is asked
 * or decided: a form still holding an older destination would otherwise ask for it again at the next save.
 */
const formKey = (i: OpsInsurer) =>
  JSON.stringify([i.insuCompCd, i.deliveryChannel, i.apiUrl, i.faxNo, i.pendingChange?.id ?? null]);

function InsurerSettings({
  insurer,
  editable,
  saved,
  onSaved,
}: {
  insurer: OpsInsurer;
  editable: boolean;
  saved: string | undefined;
  onSaved: (message: string | undefined) => void;
}) {
  const save = useSaveInsurer(insurer.insuCompCd);
  const [f, setF] = useState<Form>({
    active: insurer.active,
    deliveryChannel: insurer.deliveryChannel,
    faxNo: insurer.faxNo ?? '',
    apiUrl: insurer.apiUrl ?? '',
    photo: insurer.photo,
  });
  const [error, setError] = useState<OpsError>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    onSaved(undefined);
    try {
      const next = await save.mutateAsync({
        ...f,
        faxNo: f.faxNo.trim() || null,
        apiUrl: f.apiUrl.trim() || null,
      });
      const asked = next.pendingChange && next.pendingChange.id !== insurer.pendingChange?.id;
      onSaved(
        asked
          ? '사용 여부와 사진 설정은 저장했어요. 전송 방식·팩스 번호·API 주소는 다른 관리자가 승인하면 바뀌어요.'
          : '저장했어요. 새 청구부터 이 설정으로 보내요.',
      );
    } catch (err) {
      setError(err instanceof OpsError ? err : new OpsError(0, undefined));
    } finally {
      setBusy(false);
    }
  }
  const fieldError = (name: string) => error?.fieldMessage(name);
  const togglePhotoType = (t: IdcardType, on: boolean) =>
    setF({
      ...f,
      photo: {
        ...f.photo,
        idPhotoTypes: on
          ? IDCARD_TYPES.filter((x) => x === t || f.photo.idPhotoTypes.includes(x))
          : f.photo.idPhotoTypes.filter((x) => x !== t),
      },
    });

  return (
    <section aria-labelledby="insurer-settings" className="ops-panel">
      <h2 id="insurer-settings">설정</h2>
      {saved && <p role="status">{saved}</p>}
      <form className="ops-form" onSubmit={submit} noValidate>
        <fieldset disabled={!editable}>
          <legend>사용 여부</legend>
          <label className="ops-check">
            <input type="checkbox" checked={f.active} onChange={(e) => setF({ ...f, active: e.target.checked })} />
            사용 (끄면 새 가입자에게 보이지 않고, 켤 때까지 청구를 보내지 않고 기다려요)
          </label>
        </fieldset>
        <fieldset disabled={!editable}>
          <legend>전송 방식 ({SOURCE_NM[insurer.channelSource]})</legend>
          <p className="ops-muted">
            청구를 보내는 곳(전송 방식, 팩스 번호, API 주소)을 바꾸면 다른 관리자가 승인한 뒤에 적용돼요.
          </p>
          {(['api', 'fax'] as const).map((c) => (
            <label key={c} className="ops-check">
              <input
                type="radio"
                name="deliveryChannel"
                value={c}
                checked={f.deliveryChannel === c}
                onChange={() => setF({ ...f, deliveryChannel: c })}
              />
              {DELIVERY_CHANNEL_NM[c]}
            </label>
          ))}
          {fieldError('deliveryChannel') && <p className="ops-error">{fieldError('deliveryChannel')}</p>}
          <div className="ops-field">
            <label>
              팩스 번호
              <input
                name="faxNo"
                value={f.faxNo}
                inputMode="tel"
                onChange={(e) => setF({ ...f, faxNo: e.target.value })}
                aria-invalid={fieldError('faxNo') ? true : undefined}
                aria-describedby={fieldError('faxNo') ? 'faxNo-error' : undefined}
              />
            </label>
            {fieldError('faxNo') && (
              <span id="faxNo-error" className="ops-error">
                {fieldError('faxNo')}
              </span>
            )}
          </div>
          <div className="ops-field">
            <label>
              API 주소 (서버 환경 변수 INSURER_{insurer.insuCompCd}_API_URL과 같은 곳의 주소만)
              <input
                name="apiUrl"
                value={f.apiUrl}
                inputMode="url"
                onChange={(e) => setF({ ...f, apiUrl: e.target.value })}
                aria-invalid={fieldError('apiUrl') ? true : undefined}
                aria-describedby={fieldError('apiUrl') ? 'apiUrl-error' : undefined}
              />
            </label>
            {fieldError('apiUrl') && (
              <span id="apiUrl-error" className="ops-error">
                {fieldError('apiUrl')}
              </span>
            )}
          </div>
          <p className="ops-muted">
            서명 비밀값(INSURER_{insurer.insuCompCd}_SECRET): {insurer.secretSet ? '설정됨' : '설정 안 됨'} · 비밀값은
            서버 환경 변수로만 정해요.
          </p>
        </fieldset>
        <fieldset disabled={!editable}>
          <legend>신분증 사진 (환자 앱)</legend>
          <label className="ops-check">
            <input
              type="checkbox"
              checked={f.photo.idPhotoUse}
              onChange={(e) => setF({ ...f, photo: { ...f.photo, idPhotoUse: e.target.checked } })}
            />
            신분증 사진을 받아요
          </label>
          {IDCARD_TYPES.map((t) => (
            <label key={t} className="ops-check">
              <input
                type="checkbox"
                checked={f.photo.idPhotoTypes.includes(t)}
                onChange={(e) => togglePhotoType(t, e.target.checked)}
              />
              {IDCARD_TYPE_NM[t]}
            </label>
          ))}
          {fieldError('photo.idPhotoTypes') && <p className="ops-error">{fieldError('photo.idPhotoTypes')}</p>}
          <label className="ops-check">
            <input
              type="checkbox"
              checked={f.photo.maskBackNumber}
              onChange={(e) => setF({ ...f, photo: { ...f.photo, maskBackNumber: e.target.checked } })}
            />
            주민등록번호 뒷자리를 가려도 돼요
          </label>
        </fieldset>
        {error && (
          <p role="alert" className="ops-error">
            {error.message}
          </p>
        )}
        {editable && (
          <div className="ops-actions">
            <button type="submit" className="ops-primary" disabled={busy}>
              저장하기
            </button>
          </div>
        )}
      </form>
    </section>
  );
}

function TestDelivery({ insurer }: { insurer: OpsInsurer }) {
  const [result, setResult] = useState<TestDeliveryResult>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    try {
      setResult(await testDelivery(insurer.insuCompCd));
    } catch (e) {
      setError(e instanceof OpsError ? e.message : '시험 전송을 하지 못했어요.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="insurer-test" className="ops-panel">
      <h2 id="insurer-test">시험 전송</h2>
      <p className="ops-muted">
        환자 정보가 없는 시험 문서를 지금 설정된 방식({DELIVERY_CHANNEL_NM[insurer.deliveryChannel]})으로 보내요.
        전달됐는지, 거절됐는지, 연결하지 못했는지만 알려 드려요. 보낸 기록이 남고, 10분에 5번까지 할 수 있어요.
      </p>
      <button type="button" onClick={run} disabled={busy}>
        시험 전송
      </button>
      {(result || error) && (
        <div role="alert">
          {error ? (
            <p className="ops-error">{error}</p>
          ) : (
            <p className={result!.result === 'reached' ? undefined : 'ops-error'}>
              {TEST_DELIVERY_RESULT_NM[result!.result]} ({DELIVERY_CHANNEL_NM[result!.channel]} ·{' '}
              {formatDateTime(result!.at)})
            </p>
          )}
        </div>
      )}
    </section>
  );
}
