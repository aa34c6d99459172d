// 병원 한 곳: its details (edit), its feed (last records, today's counts, refused records with reasons) and its API
// keys: issue (the key shown once), rotate with an overlap, revoke; each key's last use, expiry and who revoked it.
import { withParticle } from '@auto-claim/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { FeedRejection } from '@auto-claim/contract/ops';
import {
  hospitalKeysQuery,
  issueHospitalKey,
  revokeHospitalKey,
  rotateHospitalKey,
  useFeedRejections,
  useHospital,
  useHospitalFeed,
  useHospitalKeys,
} from '../api/hospitals';
import { DataTable } from '../shared/DataTable';
import { useFocusHeading } from '../shared/focus';
import { formatDateTime } from '../shared/format';
import { useListParams } from '../shared/list';
import { mayUse, useMe } from '../auth/session';
import { useCreateHospitalUser } from '../api/hospitalPortal';
import { useAction } from '../shared/action';
import { useConfirm } from '../shared/ConfirmDialog';
import { HospitalForm } from './HospitalForm';

const when = (iso: string | null, none = '—') => (iso ? formatDateTime(iso) : none);

const col = createColumnHelper<FeedRejection>();
const rejectionColumns = [
  col.accessor('at', { id: 'at', header: '받은 시각', cell: (c) => formatDateTime(c.getValue()) }),
  col.accessor('receiptNo', { header: '영수증 번호', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
  col.accessor('field', { header: '항목', enableSorting: false }),
  col.accessor('message', { header: '이유', enableSorting: false }),
];

export function HospitalDetail() {
  const { hospitalCd = '' } = useParams();
  const heading = useFocusHeading();
  const me = useMe();
  const admin = mayUse(me.data, 'admin');
  const hospital = useHospital(hospitalCd);
  const feed = useHospitalFeed(hospitalCd);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  if (hospital.error) {
    return (
      <>
        <h1 ref={heading} tabIndex={-1}>
          병원
        </h1>
        <p role="alert" className="ops-error">
          {hospital.error.message}
        </p>
        <Link to="/hospitals">병원 목록으로</Link>
      </>
    );
  }
  const h = hospital.data;
  return (
    <>
      <p>
        <Link to="/hospitals">← 병원 목록</Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        {h ? `${h.hospitalNm} (${h.hospitalCd})` : '병원'}
      </h1>
      {!h ? (
        <p role="status">불러오는 중이에요…</p>
      ) : (
        <section aria-labelledby="hospital-info" className="ops-panel">
          <h2 id="hospital-info">병원 정보</h2>
          {saved && <p role="status">저장했어요. 환자 앱에도 바로 보여요.</p>}
          {editing ? (
            <HospitalForm
              mode="edit"
              hospital={h}
              onDone={() => {
                setEditing(false);
                setSaved(true);
              }}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <>
              <dl className="ops-facts">
                <dt>종류</dt>
                <dd>{h.hospitalType}</dd>
                <dt>주소</dt>
                <dd>{h.address}</dd>
                <dt>전화</dt>
                <dd>{h.phone}</dd>
                <dt>자동청구</dt>
                <dd>{h.autoClaimEnabled ? '사용' : '사용 안 함'}</dd>
                <dt>소개 글</dt>
                <dd>{h.introText || '—'}</dd>
              </dl>
              {admin && (
                <button
                  type="button"
                  onClick={() => {
                    setSaved(false);
                    setEditing(true);
                  }}
                >
                  정보 고치기
                </button>
              )}
            </>
          )}
        </section>
      )}

      <section aria-labelledby="hospital-feed" className="ops-panel">
        <h2 id="hospital-feed">기록 수신</h2>
        {feed.data ? (
          <dl className="ops-facts">
            <dt>마지막 수신</dt>
            <dd>{when(feed.data.lastFeedAt, '아직 받은 기록이 없어요')}</dd>
            <dt>오늘 받은 기록</dt>
            <dd>{feed.data.recordsToday.toLocaleString('ko-KR')}건</dd>
            <dt>오늘 거절한 기록</dt>
            <dd>{feed.data.rejectedToday.toLocaleString('ko-KR')}건</dd>
          </dl>
        ) : (
          <p role="status">{feed.error ? feed.error.message : '불러오는 중이에요…'}</p>
        )}
      </section>

      {admin && <HospitalKeys hospitalCd={hospitalCd} />}
      {admin && <HospitalUsers hospitalCd={hospitalCd} />}
      {mayUse(me.data, 'operator') && <Rejections hospitalCd={hospitalCd} />}
    </>
  );
}

function Rejections({ hospitalCd }: { hospitalCd: string }) {
  const [params, update] = useListParams({ sort: 'at', order: 'desc' });
  const list = useFeedRejections(hospitalCd, params);
  return (
    <section aria-labelledby="hospital-rejections" className="ops-panel">
      <h2 id="hospital-rejections">거절한 기록</h2>
      <p className="ops-muted">받지 못한 기록과 그 이유예요. 환자 정보는 남기지 않고 90일 동안 보관해요.</p>
      <DataTable
        caption="거절한 기록"
        columns={rejectionColumns}
        page={list.data}
        params={params}
        onChange={update}
        rowId={(r) => String(r.id)}
        isLoading={list.isFetching}
        error={list.error}
        empty="거절한 기록이 없어요."
      />
    </section>
  );
}

type Issued = { keyId: number; apiKey: string; rotatedFrom?: number };

function HospitalKeys({ hospitalCd }: { hospitalCd: string }) {
  const confirm = useConfirm();
  const keys = useHospitalKeys(hospitalCd);
  const [issued, setIssued] = useState<Issued>();
  const [rotating, setRotating] = useState<number>();
  const [overlap, setOverlap] = useState('24');
  const { busy, act, say, feedback } = useAction(hospitalKeysQuery(hospitalCd).queryKey);

  const issue = () =>
    act(async () => {
      const r = await issueHospitalKey(hospitalCd);
      setIssued({ keyId: r.keyId, apiKey: r.apiKey });
    });
  const rotate = (keyId: number) =>
    act(async () => {
      const r = await rotateHospitalKey(hospitalCd, keyId, Number(overlap));
      setIssued({ keyId: r.keyId, apiKey: r.apiKey, rotatedFrom: keyId });
      setRotating(undefined);
    });
  const revoke = (keyId: number) =>
    act(async () => {
      if (!(await confirm.ask(`키 ${keyId}번을 폐기할까요?`, '이 키로 보내는 기록은 바로 거절돼요.', '폐기하기')))
        return;
      await revokeHospitalKey(hospitalCd, keyId);
      setIssued(undefined);
      say(`키 ${keyId}번을 폐기했어요.`);
    });

  return (
    <section aria-labelledby="hospital-keys" className="ops-panel">
      <h2 id="hospital-keys">API 키</h2>
      {confirm.element}
      <button type="button" className="ops-primary" onClick={issue} disabled={busy}>
        새 키 발급
      </button>
      {issued && (
        <div role="alert" className="ops-secret">
          <p>
            {issued.rotatedFrom
              ? `키 ${issued.rotatedFrom}번을 교체한 새 키(${issued.keyId}번)예요.`
              : `새 키(${issued.keyId}번)를 발급했어요.`}{' '}
            이 키는 지금 한 번만 보여요. 병원에 안전하게 전달해 주세요.
          </p>
          <code aria-label="발급한 API 키">{issued.apiKey}</code>
          <button type="button" onClick={() => setIssued(undefined)}>
            전달했어요 (숨기기)
          </button>
        </div>
      )}
      {feedback}
      <div className="ops-table-wrap">
        <table className="ops-table">
          <caption>API 키 목록</caption>
          <thead>
            <tr>
              <th scope="col">번호</th>
              <th scope="col">앞자리</th>
              <th scope="col">상태</th>
              <th scope="col">발급</th>
              <th scope="col">마지막 사용</th>
              <th scope="col">만료</th>
              <th scope="col">폐기</th>
              <th scope="col">작업</th>
            </tr>
          </thead>
          <tbody>
            {keys.data?.list.map((k) => (
              <tr key={k.keyId}>
                <td>{k.keyId}</td>
                <td>
                  <code>{k.keyPrefix}…</code>
                </td>
                <td>
                  {k.live
                    ? k.replacedBy
                      ? `교체됨 (새 키 ${k.replacedBy}번), 만료 전까지 사용`
                      : '사용 중'
                    : '사용 안 됨'}
                </td>
                <td>
                  {formatDateTime(k.createdAt)}
                  {k.issuedBy ? ` · ${k.issuedBy}` : ''}
                </td>
                <td>{when(k.lastUsedAt, '쓴 적 없음')}</td>
                <td>{when(k.expiresAt, '없음')}</td>
                <td>{k.revokedAt ? `${formatDateTime(k.revokedAt)} · ${k.revokedBy ?? ''}` : '—'}</td>
                <td>
                  {k.live && !k.replacedBy && rotating !== k.keyId && (
                    <button type="button" onClick={() => setRotating(k.keyId)} disabled={busy}>
                      교체
                    </button>
                  )}
                  {rotating === k.keyId && (
                    <span className="ops-inline">
                      <label>
                        옛 키를 더 쓸 시간 (1~168시간)
                        <input
                          type="number"
                          min={1}
                          max={168}
                          value={overlap}
                          onChange={(e) => setOverlap(e.target.value)}
                        />
                      </label>
                      <button type="button" className="ops-primary" onClick={() => rotate(k.keyId)} disabled={busy}>
                        교체하기
                      </button>
                      <button type="button" onClick={() => setRotating(undefined)}>
                        취소
                      </button>
                    </span>
                  )}{' '}
                  {!k.revokedAt && (
                    <button type="button" className="ops-danger" onClick={() => revoke(k.keyId)} disabled={busy}>
                      폐기
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p role="status" className="ops-table-state">
          {keys.error ? keys.error.message : keys.data && keys.data.list.length === 0 ? '발급한 키가 없어요.' : null}
        </p>
      </div>
    </section>
  );
}

/**
 * An admin makes a hospital user (README "Hospital users"): she sees this hospital's own feed and nothing else. The
 * password is issued once, as for an operator; she sets up her second factor and her own password at her first
 * sign-in. The phone, when given, gets the hospital's feed alerts.
 */
function HospitalUsers({ hospitalCd }: { hospitalCd: string }) {
  const create = useCreateHospitalUser(hospitalCd);
  const [made, setMade] = useState<{ loginId: string; initialPassword: string }>();
  return (
    <section aria-labelledby="hospital-users" className="ops-panel">
      <h2 id="hospital-users">병원 사용자</h2>
      <p className="ops-muted">
        병원 사용자는 이 병원의 진료 기록 전송 현황만 봐요. 비밀번호는 만든 뒤 한 번만 보여 주고, 처음 로그인할 때 2단계
        인증을 설정하고 비밀번호를 바꿔요.
      </p>
      <form
        className="ops-form"
        aria-label="병원 사용자 만들기"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const loginId = String(data.get('loginId') ?? '').trim();
          const alertPhone = String(data.get('alertPhone') ?? '').trim();
          setMade(undefined);
          create.mutate({ loginId, ...(alertPhone ? { alertPhone } : {}) }, { onSuccess: (answer) => setMade(answer) });
        }}
      >
        <label>
          아이디
          <input name="loginId" autoComplete="off" required maxLength={64} />
        </label>
        <label>
          알림 받을 휴대폰 (선택)
          <input name="alertPhone" inputMode="tel" autoComplete="off" maxLength={13} placeholder="010-1234-5678" />
        </label>
        <button type="submit" className="ops-primary" disabled={create.isPending}>
          병원 사용자 만들기
        </button>
      </form>
      {create.error && (
        <p role="alert" className="ops-error">
          {create.error.message}
        </p>
      )}
      {made && (
        <div role="alert" className="ops-secret">
          <p>
            병원 사용자 {withParticle(made.loginId, '을/를')} 만들었어요. 이 비밀번호는 지금 한 번만 보여요. 병원에
            안전하게 전달해 주세요.
          </p>
          <code aria-label="발급한 비밀번호">{made.initialPassword}</code>
          <button type="button" onClick={() => setMade(undefined)}>
            전달했어요 (숨기기)
          </button>
        </div>
      )}
    </section>
  );
}
