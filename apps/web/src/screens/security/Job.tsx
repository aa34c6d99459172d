// /security/job: the patient's occupation (jobCd, jobNm) from codes/clss?codeCls=job_cd: the major group first, then
// its detail. Groups without details (학생, 주부, 무직 …) are the occupation themselves.
import { useMemo, useState, type FormEvent } from 'react';
import type { Code } from '@auto-claim/contract';
import { useCodes } from '../../api/codes';
import { loadFailedMessage } from '../../api/queryClient';
import { useClaimStore } from '../../store/claim';
import { Field } from '../../ui/Field';
import { useWizard } from '../../wizard/steps';
import { BottomAction, ErrorSummary, LoadError, StepProgress } from '../../wizard/WizardStep';
import './parts/enrol.css';

const MAJOR_REQUIRED = '하는 일에 가장 가까운 분류를 골라 주세요.';
const DETAIL_REQUIRED = '세부 직업을 골라 주세요.';

export default function Job() {
  const { next, progress } = useWizard('job');
  const codes = useCodes('job_cd');
  const jobCd = useClaimStore((s) => s.reg.jobCd);
  const { setReg, setUi } = useClaimStore.getState();
  const [attempt, setAttempt] = useState(0);
  const [submitted, setSubmitted] = useState(false);

  const { majors, detailsOf, byCode } = useMemo(() => {
    const list = codes.data?.list ?? [];
    const byCode = new Map(list.map((c) => [c.code, c]));
    const detailsOf = (major: string) => list.filter((c) => c.upperCode === major);
    return { majors: list.filter((c) => c.level === 1), detailsOf, byCode };
  }, [codes.data]);

  const current = byCode.get(jobCd);
  const initialMajor = current ? (current.upperCode ?? current.code) : '';
  const [major, setMajor] = useState(initialMajor);
  // The codes may arrive after the first render: take the stored choice's group once they do.
  const majorCd = major || initialMajor;
  const details = majorCd ? detailsOf(majorCd) : [];
  const detailCd = current?.upperCode === majorCd ? current.code : '';

  const majorError = submitted && !majorCd ? MAJOR_REQUIRED : undefined;
  const detailError = submitted && majorCd && details.length > 0 && !detailCd ? DETAIL_REQUIRED : undefined;

  const choose = (code: Code | undefined, group: Code | undefined) => {
    setReg({ jobCd: code?.code ?? '', jobNm: code?.codeNm ?? '' });
    setUi({ jobCategoryNm: group?.codeNm ?? '' });
  };

  const onMajor = (cd: string) => {
    setMajor(cd);
    const group = byCode.get(cd);
    // A group without details is the answer itself; otherwise the detail is asked next.
    choose(group && detailsOf(cd).length === 0 ? group : undefined, group);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const group = byCode.get(majorCd);
    const done = group && (details.length === 0 ? jobCd === group.code : Boolean(detailCd));
    if (!done) {
      setAttempt((n) => n + 1);
      return;
    }
    next();
  };

  const summary = [
    ...(majorError ? [{ target: 'f-job-major', message: majorError }] : []),
    ...(detailError ? [{ target: 'f-job-detail', message: detailError }] : []),
  ];

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <h2 className="screen__lead">어떤 일을 하고 계세요?</h2>
      <ErrorSummary items={summary} attempt={attempt} />
      <p className="screen__sub">
        보험사가 보험금을 심사할 때 필요해요. 딱 맞는 것이 없으면 가장 가까운 것을 골라 주세요.
      </p>
      {codes.isPending && <div className="skeleton skeleton--list" aria-label="직업 목록을 불러오고 있어요" />}
      {codes.isError && <LoadError message={loadFailedMessage('직업 목록')} onRetry={() => void codes.refetch()} />}
      {codes.isSuccess && (
        <>
          <Field id="f-job-major" label="직업 분류" error={majorError}>
            {(p) => (
              <select {...p} className="input select" value={majorCd} onChange={(e) => onMajor(e.target.value)}>
                <option value="">분류를 골라 주세요</option>
                {majors.map((m) => (
                  <option key={m.code} value={m.code}>
                    {m.codeNm}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {details.length > 0 && (
            <Field id="f-job-detail" label="세부 직업" error={detailError}>
              {(p) => (
                <select
                  {...p}
                  className="input select"
                  value={detailCd}
                  onChange={(e) => choose(byCode.get(e.target.value), byCode.get(majorCd))}
                >
                  <option value="">세부 직업을 골라 주세요</option>
                  {details.map((d) => (
                    <option key={d.code} value={d.code}>
                      {d.codeNm}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </>
      )}
      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block">
          다음
        </button>
      </BottomAction>
    </form>
  );
}
