// Records held because whose they are is in doubt (docs/hospital-integration.md, "Matching"): never claimed or shown
// to anyone until decided. Each has a way out: released to the subscriber (then claimed as usual) or set aside (never
// claimed; the hospital's feed says so), each with a reason that goes to the operators' record. The pattern of every
// console list: filters in a form, the table (DataTable), the state in the address; a caller's keys (PersonSearch) in
// history state only. The decision's dialog shows the record beside the subscriber (names and birth dates, the
// differing ones marked) and says whom the insurer will be told of: always the subscriber (README "Operator console",
// "Held records").
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { HELD_REASON_NM, type OperatorHeldRecord } from '@auto-claim/contract';
import {
  OPS_EXPORT_API,
  PERSON_KEY_NM,
  heldDecisionBody,
  searchedWith,
  type HeldRecordDetail,
} from '@auto-claim/contract/ops';
import { OpsError, checked } from '../api/client';
import { personOf, usePersonSearchRoute } from '../shared/back';
import { DataTable } from '../shared/DataTable';
import { useFocusHeading } from '../shared/focus';
import { formatDate, formatDateTime } from '../shared/format';
import { useListParams } from '../shared/list';
import { PERSON_FIELDS, PersonSearch } from '../shared/PersonSearch';
import { useDecideHeld, useHeldRecord, useHeldRecords, type HeldDecision } from '../api/records';

const col = createColumnHelper<OperatorHeldRecord>();

export function HeldRecords() {
  const heading = useFocusHeading();
  const location = useLocation();
  const [params, update] = useListParams({ sort: 'receivedAt', order: 'desc' });
  const person = personOf(location.state);
  const personSearch = usePersonSearchRoute();
  const list = useHeldRecords(params, person);
  const [hospitalCd, setHospitalCd] = useState(String(params.hospitalCd ?? ''));
  const [notice, setNotice] = useState<string>();
  const [selected, setSelected] = useState<OperatorHeldRecord>();

  const columns = useMemo(
    () => [
      col.accessor('receivedAt', { id: 'receivedAt', header: '받은 시각', cell: (c) => formatDateTime(c.getValue()) }),
      col.accessor('hospitalCd', { id: 'hospitalCd', header: '병원 코드' }),
      col.accessor('receiptNo', { header: '영수증 번호', enableSorting: false }),
      col.accessor('visitDate', { id: 'visitDate', header: '진료일', cell: (c) => formatDate(c.getValue()) }),
      col.accessor('patientName', { header: '기록의 이름', enableSorting: false }),
      col.accessor('reason', { header: '사유', enableSorting: false, cell: (c) => HELD_REASON_NM[c.getValue()] }),
      col.accessor('insuApplyId', { header: '겹친 가입', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
      col.display({
        id: 'decide',
        header: '처리',
        cell: (c) => (
          <button type="button" className="ops-nowrap" onClick={() => setSelected(c.row.original)}>
            처리하기<span className="ops-visually-hidden"> (영수증 {c.row.original.receiptNo})</span>
          </button>
        ),
      }),
    ],
    [],
  );

  function search(e: FormEvent) {
    e.preventDefault();
    update({ hospitalCd: hospitalCd.trim() || undefined });
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        확인이 필요한 기록
      </h1>
      <p className="ops-lead">
        이름·생년월일이 가입자와 다르거나, 주민등록번호로만 찾아 본인 확인을 기다리거나, 환자가 본인 진료가 아니라고 한
        기록이에요. 처리하기 전에는 청구하지 않고 누구에게도 보여 주지 않아요.
      </p>
      <p role="status" aria-live="polite">
        {notice}
      </p>
      <PersonSearch what="확인이 필요한 기록" person={person} {...personSearch} />
      <form className="ops-filters" onSubmit={search} role="search" aria-label="기록 찾기">
        <label>
          사유
          <select value={String(params.reason ?? '')} onChange={(e) => update({ reason: e.target.value || undefined })}>
            <option value="">모두</option>
            {Object.entries(HELD_REASON_NM).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          병원 코드
          <input value={hospitalCd} onChange={(e) => setHospitalCd(e.target.value)} inputMode="numeric" maxLength={8} />
        </label>
        <button type="submit">찾기</button>
      </form>
      {person && (
        <p role="status" className="ops-person-status">
          {searchedWith(PERSON_FIELDS.filter((k) => person[k]))} 찾은 기록이에요. 이름과 생년월일은 병원 기록에 적힌
          대로 찾고, 휴대폰 번호는 가입자의 번호로 찾아요.
        </p>
      )}
      <DataTable
        caption="확인이 필요한 기록"
        columns={columns}
        page={list.data}
        params={params}
        onChange={update}
        rowId={(r) => String(r.recordId)}
        isLoading={list.isFetching}
        error={list.error}
        empty={person ? '말씀하신 내용과 맞는 기록이 없어요.' : '확인이 필요한 기록이 없어요.'}
        exportPath={person ? undefined : OPS_EXPORT_API.heldRecords}
      />
      {selected && (
        <DecideDialog
          key={selected.recordId}
          record={selected}
          onClose={() => setSelected(undefined)}
          onDone={setNotice}
        />
      )}
    </>
  );
}

const DONE: Record<HeldDecision, string> = {
  release: '가입자에게 연결했어요. 곧 평소처럼 청구해요.',
  setAside: '청구하지 않기로 했어요. 병원은 이 기록을 제외됨(set_aside)으로 봐요.',
};

/** One record's decision: what it is, why it is held, the reason typed, then release or set aside. */
function DecideDialog({
  record,
  onClose,
  onDone,
}: {
  record: OperatorHeldRecord;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const decide = useDecideHeld();
  const detail = useHeldRecord(record.recordId);
  const id = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const close = () => {
    if (dialog.current?.open) dialog.current.close();
    onClose();
  };
  const submit = async (decision: HeldDecision, e?: FormEvent) => {
    e?.preventDefault();
    try {
      const body = checked(heldDecisionBody, { reason });
      await decide.mutateAsync({ recordId: record.recordId, decision, body });
      onDone(`영수증 ${record.receiptNo}: ${DONE[decision]}`);
      close();
    } catch (err) {
      setError(err instanceof OpsError ? (err.fieldMessage('reason') ?? err.message) : String(err));
    }
  };
  return (
    <dialog ref={dialog} className="ops-confirm ops-decide" aria-labelledby={`${id}-h`} onClose={onClose}>
      <form onSubmit={(e) => submit(record.releasable ? 'release' : 'setAside', e)} noValidate>
        <h2 id={`${id}-h`}>보류된 기록 처리</h2>
        <dl className="ops-summary">
          <dt>병원 · 영수증</dt>
          <dd>
            {record.hospitalCd} · {record.receiptNo}
          </dd>
          <dt>진료일</dt>
          <dd>{formatDate(record.visitDate)}</dd>
          <dt>사유</dt>
          <dd>{HELD_REASON_NM[record.reason]}</dd>
        </dl>
        <Identities
          detail={detail.data}
          loading={detail.isPending}
          failed={detail.isError}
          masked={record.patientName}
        />
        <p>
          {record.releasable
            ? '가입자의 진료가 맞으면 연결해요: 평소처럼 청구하고 환자의 기록에 남아요. 아니면 청구하지 않기로 해요.'
            : '가입자가 없는 기록이에요. 청구하지 않기로만 할 수 있어요.'}{' '}
          어느 쪽이든 되돌릴 수 없고, 이유는 운영자 기록에 남아요.
        </p>
        <label htmlFor={`${id}-r`}>처리하는 이유</label>
        <textarea
          id={`${id}-r`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          rows={3}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
        />
        {error && (
          <p id={`${id}-err`} role="alert" className="ops-error">
            {error}
          </p>
        )}
        <div className="ops-confirm__actions">
          {record.releasable && (
            <button type="submit" className="ops-primary" disabled={decide.isPending}>
              가입자에게 연결하기
            </button>
          )}
          <button
            type={record.releasable ? 'button' : 'submit'}
            className="ops-danger"
            disabled={decide.isPending}
            onClick={record.releasable ? () => submit('setAside') : undefined}
          >
            청구하지 않기
          </button>
          <button type="button" onClick={close}>
            취소
          </button>
        </div>
      </form>
    </dialog>
  );
}

/**
 * The record beside the subscriber: each field in a row, the hospital's and the subscriber's side by side, a row that
 * differs marked in words ("다름") as well as by its look; then whom the insurer is told of.
 */
function Identities({
  detail,
  loading,
  failed,
  masked,
}: {
  detail: HeldRecordDetail | undefined;
  loading: boolean;
  failed: boolean;
  masked: string;
}) {
  if (loading) return <p aria-busy="true">병원 기록과 가입자 정보를 불러오고 있어요.</p>;
  if (failed || !detail) {
    return (
      <p className="ops-error">
        병원 기록과 가입자 정보를 불러오지 못했어요(기록의 이름 {masked}). 창을 닫고 다시 열어 주세요.
      </p>
    );
  }
  const value = (k: 'name' | 'birthDate', v: { name: string; birthDate: string }) =>
    // A narrow screen breaks a date after its year (1985. / 01.01), never inside its digits.
    k === 'birthDate' ? (
      <>
        {formatDate(v.birthDate).slice(0, 5)}
        <wbr />
        {formatDate(v.birthDate).slice(5)}
      </>
    ) : (
      v.name
    );
  return (
    <>
      <table className="ops-compare">
        <caption>병원 기록과 가입자 정보</caption>
        <thead>
          <tr>
            <th scope="col">항목</th>
            <th scope="col">병원 기록</th>
            <th scope="col">가입자 본인인증</th>
          </tr>
        </thead>
        <tbody>
          {(['name', 'birthDate'] as const).map((k) => {
            const differs = detail.differs.includes(k);
            return (
              <tr key={k} className={differs ? 'ops-compare__differs' : undefined}>
                <th scope="row">
                  {PERSON_KEY_NM[k]}
                  {differs && <span className="ops-compare__badge">다름</span>}
                </th>
                <td>{differs ? <mark>{value(k, detail.record)}</mark> : value(k, detail.record)}</td>
                <td>{detail.subscriber ? value(k, detail.subscriber) : '가입자 없음'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {detail.releasable && detail.subscriber && (
        <p className="ops-compare__sent">
          연결하면 보험사에는 가입자 <strong>{detail.subscriber.name}</strong>님의 이름으로 청구돼요
          {detail.differs.length > 0
            ? `. 청구서에는 병원 기록상 이름(${detail.record.name})을 참고로 함께 적어요.`
            : '.'}
        </p>
      )}
    </>
  );
}
