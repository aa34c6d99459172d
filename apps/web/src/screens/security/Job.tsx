// /security/job: the patient's occupation (jobCd, jobNm) from codes/clss?codeCls=job_cd: the major group first, then
// its detail. Groups without details (학생, 주부, 은퇴, 무직 …) are the occupation themselves. The KSCO group names are
// the statistics office's words: each gets examples people say of themselves. Optional: off the walk, from the summary.
import { useMemo, useState, type FormEvent } from 'react';
import type { Code } from '@auto-claim/contract';
import { useCodes } from '../../api/codes';
import { loadFailedMessage } from '../../api/queryClient';
import { t, useT } from '../../i18n/t';
import { jobGroupUi, useClaimStore } from '../../store/claim';
import { Field } from '../../ui/Field';
import { useWizard } from '../../wizard/steps';
import { BottomAction, ErrorSummary, LoadError, StepProgress } from '../../wizard/WizardStep';
import { EXAMPLES, jobName } from './parts/jobNames';
import './parts/enrol.css';

/** An occupation's name as she reads it, and a major group's with its examples (the statistics office's words). */
const nameOf = (c: Code) => jobName(c.code, c.codeNm);
const majorLabel = (c: Code) => {
  const examples = EXAMPLES[c.code]?.();
  return examples ? t('job.major.label', '{name} (예: {examples})', { name: nameOf(c), examples }) : nameOf(c);
};
const detailRequired = () => t('job.detail.required', '세부 직업을 골라 주세요.');

export default function Job() {
  const t = useT();
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
  // null until she picks (or unpicks) a group; the codes may arrive after the first render: the stored choice's group.
  const [major, setMajor] = useState<string | null>(null);
  const majorCd = major ?? initialMajor;
  const details = majorCd ? detailsOf(majorCd) : [];
  const detailCd = current?.upperCode === majorCd ? current.code : '';

  // Optional (the summary says "입력하지 않았어요"): no group at all is an answer; a group without its detail is not.
  const detailError = submitted && majorCd && details.length > 0 && !detailCd ? detailRequired() : undefined;

  const choose = (code: Code | undefined, group: Code | undefined) => {
    setReg({ jobCd: code?.code ?? '', jobNm: code?.codeNm ?? '' });
    setUi(jobGroupUi(group));
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
    if (!group) {
      setReg({ jobCd: '', jobNm: '' });
      next();
      return;
    }
    const done = details.length === 0 ? jobCd === group.code : Boolean(detailCd);
    if (!done) {
      setAttempt((n) => n + 1);
      return;
    }
    next();
  };

  const summary = detailError ? [{ target: 'f-job-detail', message: detailError }] : [];

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <StepProgress {...progress} />
      <h2 className="screen__lead">{t('job.lead', '어떤 일을 하고 계세요?')}</h2>
      <ErrorSummary items={summary} attempt={attempt} />
      <p className="screen__sub">
        {t(
          'job.sub',
          '보험사가 보험금을 심사할 때 참고해요. 딱 맞는 것이 없으면 가장 가까운 것을, 일을 그만두셨으면 ‘은퇴(퇴직)’을 골라 주세요.',
        )}
      </p>
      {codes.isPending && (
        <div className="skeleton skeleton--list" aria-label={t('job.loading', '직업 목록을 불러오고 있어요')} />
      )}
      {codes.isError && (
        <LoadError message={loadFailedMessage(t('what.jobs', '직업 목록'))} onRetry={() => void codes.refetch()} />
      )}
      {codes.isSuccess && (
        <>
          <Field id="f-job-major" label={t('job.major', '직업 분류')} optional>
            {(p) => (
              <select {...p} className="input select" value={majorCd} onChange={(e) => onMajor(e.target.value)}>
                <option value="">{t('job.major.none', '고르지 않음')}</option>
                {majors.map((m) => (
                  <option key={m.code} value={m.code}>
                    {majorLabel(m)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {details.length > 0 && (
            <Field id="f-job-detail" label={t('job.detail', '세부 직업')} error={detailError}>
              {(p) => (
                <select
                  {...p}
                  className="input select"
                  value={detailCd}
                  onChange={(e) => choose(byCode.get(e.target.value), byCode.get(majorCd))}
                >
                  <option value="">{t('job.detail.choose', '세부 직업을 골라 주세요')}</option>
                  {details.map((d) => (
                    <option key={d.code} value={d.code}>
                      {nameOf(d)}
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
          {majorCd ? t('ui.next', '다음') : t('job.skip', '직업 없이 다음')}
        </button>
      </BottomAction>
    </form>
  );
}
