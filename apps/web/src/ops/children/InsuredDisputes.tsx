// 가입 분쟁 (operator and up; README "A parent enrols her children"): one live subscription per insured resident number,
// so a second enrolment of the same person (a child by another guardian, or a grown child by herself while her
// parent's holds her) is refused and lands here. The operator keeps one: the holder's subscription, or the claimant's
// way in (the holder's is ended and the claimant told she may enrol). Masked; the reason goes to the operators' record.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { DISPUTE_KEPT_NM, GUARDIAN_REL_NM, RELATION_STATUS_NM, withParticle } from '@auto-claim/contract';
import { disputeResolveBody, type InsuredDispute } from '@auto-claim/contract/ops';
import { OpsError, checked } from '../api/client';
import { useInsuredDisputes, useResolveDispute } from '../api/children';
import { DataTable } from '../shared/DataTable';
import { useFocusHeading } from '../shared/focus';
import { formatDateTime } from '../shared/format';
import { useListParams } from '../shared/list';

const col = createColumnHelper<InsuredDispute>();
type Party = InsuredDispute['claimant'];
const partyNm = (p: Party) =>
  p.kind === 'self'
    ? `${p.insuredNmMasked} 본인`
    : `${p.insuredNmMasked} (보호자 ${p.guardianNmMasked ?? ''}${p.guardianRel ? `, ${GUARDIAN_REL_NM[p.guardianRel]}` : ''})`;

export function InsuredDisputes() {
  const heading = useFocusHeading();
  const [params, update] = useListParams({ sort: 'createdAt', order: 'asc' });
  const status = String(params.status ?? 'open');
  const list = useInsuredDisputes(params);
  const [selected, setSelected] = useState<InsuredDispute>();
  const [notice, setNotice] = useState<string>();

  const columns = useMemo(
    () => [
      col.accessor('createdAt', { id: 'createdAt', header: '신청 시각', cell: (c) => formatDateTime(c.getValue()) }),
      col.accessor('holder', {
        header: '가입 중인 쪽',
        enableSorting: false,
        cell: (c) => (
          <>
            {partyNm(c.getValue())}
            <br />
            <span className="ops-muted">
              {c.getValue().insuApplyId}
              {c.getValue().relationStatus ? ` · ${RELATION_STATUS_NM[c.getValue().relationStatus!]}` : ''}
            </span>
          </>
        ),
      }),
      col.accessor('claimant', { header: '새로 신청한 쪽', enableSorting: false, cell: (c) => partyNm(c.getValue()) }),
      col.accessor('kept', {
        header: '결과',
        enableSorting: false,
        cell: (c) => (c.getValue() ? DISPUTE_KEPT_NM[c.getValue()!] : '처리 전'),
      }),
      col.display({
        id: 'resolve',
        header: '처리',
        cell: (c) =>
          c.row.original.status === 'open' ? (
            <button type="button" className="ops-nowrap" onClick={() => setSelected(c.row.original)}>
              처리하기<span className="ops-visually-hidden"> ({partyNm(c.row.original.holder)})</span>
            </button>
          ) : (
            (c.row.original.resolvedBy ?? '')
          ),
      }),
    ],
    [],
  );

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        가입 분쟁
      </h1>
      <p className="ops-lead">
        같은 사람(주민등록번호)은 하나의 자동청구에만 가입할 수 있어요. 이미 가입된 사람을 다른 보호자나 본인이 다시
        신청하면 여기에 나와요. 양쪽에 연락해 확인한 뒤 어느 쪽을 남길지 정해 주세요.
      </p>
      <p role="status" aria-live="polite">
        {notice}
      </p>
      <form className="ops-filters" role="search" aria-label="분쟁 찾기" onSubmit={(e) => e.preventDefault()}>
        <label>
          상태
          <select
            value={status}
            onChange={(e) => update({ status: e.target.value === 'open' ? undefined : e.target.value })}
          >
            <option value="open">처리 전</option>
            <option value="resolved">처리함</option>
          </select>
        </label>
      </form>
      <DataTable
        caption="가입 분쟁"
        columns={columns}
        page={list.data}
        params={params}
        onChange={update}
        rowId={(r) => String(r.disputeId)}
        isLoading={list.isFetching}
        error={list.error}
        empty={status === 'open' ? '처리할 분쟁이 없어요.' : '처리한 분쟁이 없어요.'}
      />
      {selected && (
        <ResolveDialog
          key={selected.disputeId}
          dispute={selected}
          onClose={() => setSelected(undefined)}
          onDone={setNotice}
        />
      )}
    </>
  );
}

function ResolveDialog({
  dispute,
  onClose,
  onDone,
}: {
  dispute: InsuredDispute;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [kept, setKept] = useState<'holder' | 'claimant'>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const resolve = useResolveDispute();
  const id = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const close = () => {
    if (dialog.current?.open) dialog.current.close();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const body = checked(disputeResolveBody, { kept, reason });
      await resolve.mutateAsync({ disputeId: dispute.disputeId, body });
      onDone(`${partyNm(dispute.holder)}: ${withParticle(DISPUTE_KEPT_NM[body.kept], '으로/로')} 처리했어요.`);
      close();
    } catch (err) {
      setError(
        err instanceof OpsError ? (err.fieldMessage('kept') ?? err.fieldMessage('reason') ?? err.message) : String(err),
      );
    }
  };
  return (
    <dialog ref={dialog} className="ops-confirm ops-decide" aria-labelledby={`${id}-h`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-h`}>가입 분쟁 처리</h2>
        <fieldset className="ops-form">
          <legend>어느 쪽을 남길까요?</legend>
          <label className="ops-check">
            <input
              type="radio"
              name="kept"
              checked={kept === 'holder'}
              onChange={() => {
                setKept('holder');
                setError(undefined);
              }}
            />
            가입 중인 쪽 유지: {partyNm(dispute.holder)}
          </label>
          <label className="ops-check">
            <input
              type="radio"
              name="kept"
              checked={kept === 'claimant'}
              onChange={() => {
                setKept('claimant');
                setError(undefined);
              }}
            />
            새로 신청한 쪽에 넘김: {partyNm(dispute.claimant)} (가입 중인 자동청구는 끝나요)
          </label>
        </fieldset>
        <label htmlFor={`${id}-r`}>처리하는 이유 (운영자 기록에 남아요)</label>
        <textarea
          id={`${id}-r`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
        />
        {error && (
          <p id={`${id}-err`} role="alert" className="ops-error">
            {error}
          </p>
        )}
        <div className="ops-confirm__actions">
          <button type="submit" className="ops-primary" disabled={resolve.isPending}>
            처리하기
          </button>
          <button type="button" onClick={close}>
            취소
          </button>
        </div>
      </form>
    </dialog>
  );
}
