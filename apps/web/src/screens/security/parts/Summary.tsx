// The check-your-answers summary of a new enrolment (GOV.UK), asked as a question before anything is sent: every
// answer, masked (DESIGN §5), each with a change link that comes back here, the answers the walk did not ask at their
// defaults (ENROL_DEFAULTS) among them; the submit button submits exactly as spec §4. A double tap never submits twice:
// the button is disabled while a submission runs, and a retry carries the same idempotency key.
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { APP_BASE, isForeignRegDigit, type IdcardType, type SubscriptionView } from '@auto-claim/contract';
import { ApiError } from '../../../api/client';
import { queryClient } from '../../../api/queryClient';
import { buildSubmission, submit } from '../../../api/subscriptions';
import { refusal } from '../../../i18n/refusals';
import { t as tNow, useT } from '../../../i18n/t';
import { useClaimStore, type ClaimState } from '../../../store/claim';
import { alert, withLoading } from '../../../ui';
import { changeLink, stepsFor, type StepId } from '../../../wizard/steps';
import { BottomAction, ErrorSummary, type SummaryItem } from '../../../wizard/WizardStep';
import { minAmtName } from './ChooseMoney';
import { formatYmd, maskAccount, maskPhone, maskRrn, retroStart } from './format';
import { SummaryCard, type SummaryRow } from './SummaryList';
import { useEnrolmentNames } from './useEnrolment';
import { SignatureShown } from './SignatureShown';
import { childCards } from './ChildSummary';
import { CHILD_MISSING, finishChild, forChild } from './child';
import { jobName } from './jobNames';

/** The answer each step owes, and what to say when it is missing. */
const MISSING: Partial<Record<StepId, { test(s: ClaimState): boolean; message: () => string }>> = {
  ...CHILD_MISSING,
  jumin: {
    test: (s) => /^\d{7}$/.test(s.reg.userIdno2),
    message: () => tNow('summary.missing.jumin', '주민등록번호 뒷자리를 입력해 주세요.'),
  },
  possibleHospital: {
    test: (s) => s.reg.multiSubscrib.length > 0,
    message: () => tNow('summary.missing.hospital', '자동청구할 병원을 골라 주세요.'),
  },
  insuChoose: {
    test: (s) => Boolean(s.reg.insuCompCd),
    message: () => tNow('summary.missing.insurer', '보험사를 골라 주세요.'),
  },
  claimAgreeInfo: {
    test: (s) => s.reg.agreeIds.length > 0,
    message: () => tNow('summary.missing.consent', '보험사 약관에 동의해 주세요.'),
  },
  photo: {
    test: (s) => Boolean(s.reg.idcardType && s.reg.idcardImg),
    message: () => tNow('summary.missing.photo', '신분증 사진을 올려 주세요.'),
  },
  paymentAccount: {
    test: (s) => Boolean(s.reg.bankCd && s.reg.bankAccount),
    message: () => tNow('summary.missing.account', '보험금 받을 계좌를 입력해 주세요.'),
  },
  expenses: {
    test: (s) => s.reg.minAmt !== null,
    message: () => tNow('summary.missing.minAmt', '청구할 최소 진료비를 골라 주세요.'),
  },
  retro: {
    test: (s) => s.reg.retroMonth !== null,
    message: () => tNow('summary.missing.retro', '지난 진료를 청구할 기간을 골라 주세요.'),
  },
  adress: {
    test: (s) => Boolean(s.reg.userAddr),
    message: () => tNow('refusal.userAddr.required', '주소를 입력해 주세요.'),
  },
  signature: {
    test: (s) => Boolean(s.reg.signImg || s.reg.signTypedNm),
    message: () => tNow('sign.empty', '서명해 주세요.'),
  },
};

/** Server field errors (contract field names) → the step that asks for that field. */
const FIELD_STEP: Record<string, StepId> = {
  'child.userNm': 'childInfo',
  'child.birthday': 'childInfo',
  'child.sex': 'childInfo',
  'child.userIdno2': 'childInfo',
  'child.guardianRel': 'childInfo',
  userIdno2: 'jumin',
  multiSubscrib: 'possibleHospital',
  hospitals: 'possibleHospital',
  insuCompCd: 'insuChoose',
  insuCompCds: 'insuChoose',
  agreeIds: 'claimAgreeInfo',
  idcardImg: 'photo',
  idcardType: 'photo',
  idcardIssueDate: 'photo',
  idcardIssueOrg: 'photo',
  regNo: 'photo',
  checkCd: 'photo',
  bankCd: 'paymentAccount',
  bankAccount: 'paymentAccount',
  bankAccountHolder: 'paymentAccount',
  bankAccountRel: 'paymentAccount',
  minAmt: 'expenses',
  retroMonth: 'retro',
  userPostNo: 'adress',
  userAddr: 'adress',
  userAddrDetail: 'adress',
  jobCd: 'job',
  jobNm: 'job',
  userEmail: 'email',
  signImg: 'signature',
  signTypedNm: 'signature',
  termsIds: 'docAgreeView',
  optTerms: 'docAgreeView',
};

const changeId = (step: StepId) => `change-${step}`;
/** 36 → '최근 3년', 6 → '최근 6개월'. */
const retroName = (months: number) =>
  months % 12 === 0
    ? tNow('summary.retro.years', '최근 {years, plural, other {#년}}', { years: months / 12 })
    : tNow('summary.retro.months', '최근 {months, plural, other {#개월}}', { months });
/** An ID document's name (contract IDCARD_TYPE_NM) in her language. */
const IDCARD_NAME: Record<IdcardType, () => string> = {
  ic: () => tNow('idcard.ic', '주민등록증'),
  dl: () => tNow('idcard.dl', '운전면허증'),
  pp: () => tNow('idcard.pp', '여권'),
  ac: () => tNow('idcard.ac', '외국인등록증'),
  pr: () => tNow('idcard.pr', '영주증'),
};
const idcardName = (type: IdcardType) => IDCARD_NAME[type]();

export function Summary() {
  const t = useT();
  const navigate = useNavigate();
  const state = useClaimStore();
  const { reg, ui } = state;
  const { hospitalNames, insurerName } = useEnrolmentNames();
  const steps = new Set(stepsFor(state).map((s) => s.id));
  const [problems, setProblems] = useState<SummaryItem[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  /** One key per enrolment: a retry after a lost answer is recognised by the server. */
  const idempotencyKey = useRef(crypto.randomUUID());

  const has = (step: StepId) => steps.has(step);
  const missing = (step: StepId) => has(step) && MISSING[step] && !MISSING[step]!.test(state);
  const change = (step: StepId, label = t('summary.change', '변경')) => ({
    id: changeId(step),
    to: changeLink(step),
    label,
  });
  const view = t('consent.view', '보기');
  const value = (step: StepId, shown: React.ReactNode) =>
    missing(step) ? { value: t('summary.notYet', '입력 전이에요'), missing: true } : { value: shown };
  const none = t('summary.none', '안 적었어요');

  const cards: { title: string; note?: string; rows: SummaryRow[] }[] = [
    ...(forChild(state) ? childCards(state, change, value) : []),
    {
      title: forChild(state) ? t('summary.guardian', '보호자(본인) 정보') : t('summary.self', '본인 정보'),
      rows: [
        { key: t('identity.name', '이름'), value: reg.userNm },
        { key: t('summary.phone', '휴대폰'), value: maskPhone(reg.userTel) },
        {
          // A foreign resident's number by its own name (7th digit 5–8).
          key: isForeignRegDigit(reg.userIdno2.charAt(0))
            ? t('summary.arc', '외국인등록번호')
            : t('summary.rrn', '주민등록번호'),
          ...value('jumin', maskRrn(reg.birthday, reg.userIdno2)),
          action: change('jumin'),
        },
      ],
    },
    {
      title: t('summary.hospitalsInsurers', '병원과 보험사'),
      rows: [
        {
          key: t('summary.hospitals', '병원'),
          ...value('possibleHospital', hospitalNames.join(', ')),
          ...(has('possibleHospital') ? { action: change('possibleHospital') } : {}),
        },
        { key: t('account.payer', '보험사'), ...value('insuChoose', insurerName), action: change('insuChoose') },
        {
          key: t('summary.consent', '보험사 동의'),
          // The insurers are named in the row above: each answer here as short as an answer.
          ...value('claimAgreeInfo', t('summary.consented', '동의했어요')),
          action: change('claimAgreeInfo', view),
        },
        {
          key: t('summary.papers', '보내는 서류'),
          value: t('summary.papers.value', '병원이 보내요'),
          action: change('document', view),
        },
        ...(has('photo')
          ? [
              {
                key: t('landing.order.idcard.title', '신분증'),
                ...value(
                  'photo',
                  reg.idcardType ? t('summary.idcard', '{idcard} 사진', { idcard: idcardName(reg.idcardType) }) : '',
                ),
                action: change('photo'),
              },
            ]
          : []),
      ],
    },
    {
      title: t('route.paymentAccount', '보험금 받을 계좌'),
      rows: [
        {
          key: t('account.mismatch.account', '계좌'),
          ...value('paymentAccount', `${ui.bankNm} ${maskAccount(reg.bankAccount)}`),
          action: change('paymentAccount'),
        },
        {
          key: t('summary.holder', '예금주'),
          value: `${reg.bankAccountHolder || reg.userNm}${ui.bankAccountRelNm ? ` (${ui.bankAccountRelNm})` : ''}`,
        },
      ],
    },
    {
      title: t('summary.settings', '청구 설정'),
      note: t('summary.settings.note', '직접 청구하신 진료도 두 번 지급되지는 않아요.'),
      rows: [
        {
          key: t('summary.minAmt', '최소 청구 금액'),
          ...value('expenses', reg.minAmt === null ? '' : minAmtName(reg.minAmt)),
          action: change('expenses'),
        },
        {
          key: t('summary.retro', '지난 진료 청구'),
          ...value(
            'retro',
            reg.retroMonth
              ? t('summary.retro.value', '{period} ({date}부터)', {
                  period: retroName(reg.retroMonth),
                  date: formatYmd(retroStart(reg.retroMonth)),
                })
              : t('summary.retro.none', '청구하지 않아요'),
          ),
          action: change('retro'),
        },
      ],
    },
    {
      title: t('summary.contact', '주소와 연락처'),
      rows: [
        {
          key: t('route.adress', '주소'),
          ...value(
            'adress',
            `${reg.userPostNo ? `(${reg.userPostNo}) ` : ''}${reg.userAddr} ${reg.userAddrDetail}`.trim(),
          ),
          action: change('adress'),
        },
        {
          key: t('summary.job', '직업 (선택)'),
          value: reg.jobNm ? jobName(reg.jobCd, reg.jobNm) : none,
          action: change('job'),
        },
        { key: t('summary.email', '이메일 (선택)'), value: reg.userEmail || none, action: change('email') },
      ],
    },
    {
      title: t('summary.signDocs', '서명과 서류'),
      rows: [
        {
          key: t('route.signature', '서명'),
          ...value('signature', <SignatureShown reg={reg} className="summary-sign" />),
          action: change('signature', t('summary.signAgain', '다시 서명')),
        },
        // The two documents her signature goes into (the signature screen said so a step before): each to read.
        { key: t('doc.commission', '위임장'), value: '', action: change('docComissionView', view) },
        { key: t('doc.agree', '동의서'), value: '', action: change('docAgreeView', view) },
      ],
    },
  ];

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (running.current) return;
    const s = useClaimStore.getState();
    const gaps = stepsFor(s)
      .map((st) => st.id)
      .filter((id) => MISSING[id] && !MISSING[id]!.test(s))
      .map((id) => ({ target: changeId(id), message: MISSING[id]!.message() }));
    if (gaps.length) {
      setProblems(gaps);
      setAttempt((n) => n + 1);
      return;
    }
    running.current = true;
    setPending(true);
    try {
      const answer = await withLoading(
        submit(buildSubmission(s), idempotencyKey.current),
        t('summary.sending', '가입 신청을 보내고 있어요…'),
      );
      if (answer instanceof ApiError) throw answer;
      await queryClient.invalidateQueries({ queryKey: ['subscription'] });
      // A child's: her relation document goes up with her new subscription's id (parts/child.ts).
      const child = forChild(s);
      if (child) {
        await withLoading(
          finishChild(answer as SubscriptionView),
          t('summary.sendingRelationDoc', '가족관계 서류를 보내고 있어요…'),
        );
        await queryClient.invalidateQueries({ queryKey: ['children'] });
      }
      // The summary stays as it was (button busy) until the completion screen has loaded; then the store is reset
      // (spec §4), so the patient never sees a half-emptied summary.
      await navigate(`${APP_BASE}/web/complete${child ? '?type=child' : ''}`);
      useClaimStore.getState().reset();
    } catch (err) {
      const fields = err instanceof ApiError ? (err.problem?.errors ?? []) : [];
      const placed = fields
        .filter((f) => FIELD_STEP[f.field])
        .map((f) => ({ target: changeId(FIELD_STEP[f.field]!), message: refusal(f.message) ?? f.message }));
      if (placed.length) {
        setProblems(placed);
        setAttempt((n) => n + 1);
      } else {
        const detail =
          err instanceof ApiError
            ? (refusal(err.detail) ?? err.detail)
            : t('summary.failed.detail', '신청하지 못했어요. 잠시 후 다시 시도해 주세요.');
        const more = fields.map((f) => refusal(f.message) ?? f.message);
        await alert(more.length ? [detail, ...more].join('\n') : detail, {
          title: t('summary.failed', '신청하지 못했어요'),
        });
      }
    } finally {
      running.current = false;
      setPending(false);
    }
  };

  return (
    <form className="screen" noValidate onSubmit={onSubmit}>
      <h2 className="screen__lead">{t('summary.lead', '이 내용으로 신청할까요?')}</h2>
      <ErrorSummary items={problems} attempt={attempt} />
      {cards.map((c) => (
        <SummaryCard key={c.title} title={c.title} note={c.note} rows={c.rows} />
      ))}
      <BottomAction>
        <button type="submit" className="btn btn--primary btn--block" disabled={pending} aria-disabled={pending}>
          {pending ? t('summary.submitting', '신청하는 중…') : t('summary.submit', '자동청구 신청하기')}
        </button>
      </BottomAction>
    </form>
  );
}
