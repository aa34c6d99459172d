// 'My subscription' (the /excute screen sends a subscribed patient to applyHistory): the status of
// GET /v1/claims/subscriptions with a way to her claims (/web/treat), and the changes a patient may make: the account, address and e-mail through the same
// wizard screens (change links that come back here, then "변경 내용 저장" → PUT), the minimum amount in the
// choose-money sheet (PUT at once), how she hears of her claims in the choose-notice sheet (PUT at once: the
// optional 알림톡 consent), when each 실손 was taken out (MyPolicies: PUT API.subscriptionInsurers at once), add this
// hospital (spec §4 add-hospital), remove a hospital, cancel.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  APP_BASE,
  DEFAULT_HOSPITAL_CD,
  SELF_REL,
  type SubscriptionChangeBody,
  type SubscriptionSummary,
  type SubscriptionView,
} from '@auto-claim/contract';
import { useHospital } from '../../../api/reference';
import { queryClient } from '../../../api/queryClient';
import {
  buildSubmission,
  cancelSubscription,
  changeSubscription,
  removeHospital,
  setPolicyGeneration,
  submit,
  subscriptionStatusQuery,
} from '../../../api/subscriptions';
import { useScreenTitle } from '../../../screenTitle';
import { useClaimStore, type ChangeGroup } from '../../../store/claim';
import { particle } from '../../../i18n/josa';
import { t as tNow, useT } from '../../../i18n/t';
import { confirm, toast } from '../../../ui';
import { changeLink } from '../../../wizard/steps';
import { ChooseMoney, minAmtName } from './ChooseMoney';
import { ChooseNotice } from './ChooseNotice';
import { MyRules } from './MyRules';
import { formatYmd } from './format';
import { AddHospitalsSheet } from './AddHospitalsSheet';
import { MyDetails } from './MyDetails';
import { MyHospitals } from './MyHospitals';
import { MyPolicies } from './MyPolicies';
import { useOneCallAtATime, type Act } from './useOneCallAtATime';
import { MyChildren } from './MyChildren';

/** Her changes, each as she is told it runs and fails. */
const ACT = {
  save: (): Act => ({
    doing: tNow('mine.save.doing', '변경 내용을 저장하고 있어요…'),
    failed: tNow('mine.save.failed', '변경 내용을 저장하지 못했어요'),
  }),
  minAmt: (): Act => ({
    doing: tNow('mine.minAmt.doing', '최소 청구 금액을 변경하고 있어요…'),
    failed: tNow('mine.minAmt.failed', '최소 청구 금액을 변경하지 못했어요'),
  }),
  notice: (): Act => ({
    doing: tNow('mine.notice.doing', '알림 받는 방법을 변경하고 있어요…'),
    failed: tNow('mine.notice.failed', '알림 받는 방법을 변경하지 못했어요'),
  }),
  generation: (): Act => ({
    doing: tNow('mine.generation.doing', '가입 시기를 변경하고 있어요…'),
    failed: tNow('mine.generation.failed', '가입 시기를 변경하지 못했어요'),
  }),
  addHospital: (): Act => ({
    doing: tNow('mine.addHospital.doing', '병원을 추가하고 있어요…'),
    failed: tNow('mine.addHospital.failed', '병원을 추가하지 못했어요'),
  }),
  removeHospital: (): Act => ({
    doing: tNow('mine.removeHospital.doing', '병원을 삭제하고 있어요…'),
    failed: tNow('mine.removeHospital.failed', '병원을 삭제하지 못했어요'),
  }),
  rules: (): Act => ({
    doing: tNow('mine.rules.doing', '보내는 규칙을 변경하고 있어요…'),
    failed: tNow('mine.rules.failed', '보내는 규칙을 변경하지 못했어요'),
  }),
  cancel: (): Act => ({
    doing: tNow('mine.cancel.doing', '해지하고 있어요…'),
    failed: tNow('mine.cancel.failed', '해지하지 못했어요'),
  }),
};

export function MySubscription({ view, onCancelled }: { view: SubscriptionView; onCancelled(): void }) {
  const t = useT();
  const navigate = useNavigate();
  // The route is the enrolment's summary ("자동청구 신청"); for a subscriber it is her own page.
  useScreenTitle(t('mine.title', '내 자동청구'));
  const sub = view.subscription as SubscriptionSummary;
  const reg = useClaimStore((s) => s.reg);
  const ui = useClaimStore((s) => s.ui);
  // In the store, not here: the patient leaves this screen to make the change and comes back (memory only).
  const editing = ui.pendingChanges;
  const setPending = (pendingChanges: ChangeGroup[]) => useClaimStore.getState().setUi({ pendingChanges });
  // The hospital whose landing the patient came from this time (Identity keeps it in auth.hospitalCode; the
  // confirm answer fills reg.hospitalCd with the subscription's first hospital).
  const hereCd = useClaimStore((s) => s.auth.hospitalCode || s.reg.hospitalCd);
  // Opened from /web/treat (an 알림톡 link) there is no landing hospital this time.
  const here = useHospital(hereCd, Boolean(hereCd) && hereCd !== DEFAULT_HOSPITAL_CD);
  const inner = ui.prcMode === 'inner';
  const [moneyOpen, setMoneyOpen] = useState(false);
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const { busy, run } = useOneCallAtATime();
  const statusKey = subscriptionStatusQuery(reg.userCi).queryKey;

  const pending = {
    account: editing.includes('account') && Boolean(reg.bankCd && /^\d{10,16}$/.test(reg.bankAccount)),
    address: editing.includes('address') && Boolean(reg.userAddr),
    email: editing.includes('email'),
  };
  const anyPending = pending.account || pending.address || pending.email;

  const keep = (answer: SubscriptionView) => queryClient.setQueryData(statusKey, answer);

  /** Off to a wizard screen; it comes back here (changeLink). The account is asked afresh, never prefilled masked. */
  const goChange = (group: ChangeGroup) => {
    const { setReg } = useClaimStore.getState();
    if (!editing.includes(group)) setPending([...editing, group]);
    if (group === 'account') setReg({ bankCd: '', bankAccount: '', bankAccountHolder: '', bankAccountRel: '' });
    if (group === 'address') setReg({ userPostNo: sub.userPostNo, userAddr: sub.userAddr, userAddrDetail: '' });
    if (group === 'email') setReg({ userEmail: '' });
    navigate(changeLink(group === 'account' ? 'paymentAccount' : group === 'address' ? 'adress' : 'email'));
  };

  const saveChanges = async () => {
    const s = useClaimStore.getState().reg;
    const body: SubscriptionChangeBody = {
      ...(pending.account && {
        bankCd: s.bankCd,
        bankAccount: s.bankAccount,
        bankAccountHolder: s.bankAccountHolder || s.userNm,
        bankAccountRel: (s.bankAccountRel || SELF_REL) as SubscriptionChangeBody['bankAccountRel'],
      }),
      ...(pending.address && { userPostNo: s.userPostNo, userAddr: s.userAddr, userAddrDetail: s.userAddrDetail }),
      ...(pending.email && { userEmail: s.userEmail }),
    };
    const ok = await run(() => changeSubscription(body), ACT.save(), keep);
    if (ok) {
      setPending([]);
      toast(t('mine.save.done', '변경 내용을 저장했어요.'));
    }
  };
  const discardChanges = () => setPending([]);

  const changeMinAmt = async (value: number) => {
    setMoneyOpen(false);
    if (value === sub.minAmt) return;
    if (await run(() => changeSubscription({ minAmt: value }), ACT.minAmt(), keep)) {
      const amount = minAmtName(value);
      toast(
        t('mine.minAmt.done', '최소 청구 금액을 {amount}{amountJosa} 바꿨어요.', {
          amount,
          amountJosa: particle(amount, '으로/로'),
        }),
      );
    }
  };

  const changeNotice = async (kakao: boolean) => {
    setNoticeOpen(false);
    if (kakao === sub.kakaoNotiCheck) return;
    if (await run(() => changeSubscription({ kakaoNotiCheck: kakao }), ACT.notice(), keep)) {
      toast(
        kakao
          ? t('mine.notice.kakao', '이제 카카오 알림톡으로 알려 드려요.')
          : t('mine.notice.sms', '이제 문자로만 알려 드려요.'),
      );
    }
  };

  const changeGeneration = async (
    i: SubscriptionSummary['insurers'][number],
    generation: Parameters<typeof setPolicyGeneration>[1],
  ) => {
    if (await run(() => setPolicyGeneration(i.insuCompCd, generation), ACT.generation(), keep)) {
      toast(t('mine.generation.done', '{insurer} 가입 시기를 바꿨어요.', { insurer: i.insuCompNm }));
    }
  };

  const subscribed = new Set(sub.hospitals.map((h) => h.hospitalCd));
  const canAddThis = !inner && hereCd !== DEFAULT_HOSPITAL_CD && !subscribed.has(hereCd) && here.isSuccess;

  /** spec §4: insuApplyId set → add-hospital (v2 with a hospitals list in inner mode, v1 otherwise). */
  const addHospitals = async (codes: string[]) => {
    const s = useClaimStore.getState();
    const submission = buildSubmission({
      reg: {
        ...s.reg,
        insuApplyId: sub.insuApplyId,
        multiSubscrib: codes,
        hospitalCd: inner ? s.reg.hospitalCd : codes[0]!,
      },
      ui: s.ui,
    });
    const ok = await run(() => submit(submission, crypto.randomUUID()), ACT.addHospital());
    if (ok) {
      setAddOpen(false);
      await queryClient.invalidateQueries({ queryKey: statusKey });
      toast(t('mine.addHospital.done', '병원을 추가했어요.'));
    }
  };

  const remove = async (h: { hospitalCd: string; hospitalNm: string }) => {
    const hospital = h.hospitalNm;
    const hospitalJosa = particle(hospital, '을/를');
    const answer = await confirm(
      t('mine.removeHospital.question', '{hospital}에서 받는 진료는 더 이상 자동으로 청구하지 않아요.', { hospital }),
      {
        title: t('mine.removeHospital.title', '{hospital}{hospitalJosa} 뺄까요?', { hospital, hospitalJosa }),
        confirmText: t('mine.removeHospital.confirm', '빼기'),
        tone: 'destructive',
      },
    );
    if (answer !== 'confirm') return;
    if (await run(() => removeHospital(h.hospitalCd), ACT.removeHospital(), keep)) {
      toast(t('mine.removeHospital.done', '{hospital}{hospitalJosa} 뺐어요.', { hospital, hospitalJosa }));
    }
  };

  const cancel = async () => {
    const answer = await confirm(
      t(
        'mine.cancel.question',
        '해지하면 앞으로 받는 진료는 보험사에 자동으로 청구되지 않아요. 이미 보낸 청구는 그대로 진행돼요.',
      ),
      {
        title: t('mine.cancel.title', '자동청구를 해지할까요?'),
        confirmText: t('mine.cancel.confirm', '해지하기'),
        cancelText: t('mine.cancel.keep', '계속 이용하기'),
        tone: 'destructive',
      },
    );
    if (answer !== 'confirm') return;
    if (await run(() => cancelSubscription(), ACT.cancel())) {
      setPending([]);
      queryClient.setQueryData(statusKey, {});
      onCancelled();
    }
  };

  const insurers = sub.insurers.map((i) => i.insuCompNm).join(', ');
  return (
    <div className="screen">
      <section className="status-card" aria-labelledby="status-title">
        <span className="status-card__badge">{t('mine.badge', '가입 중')}</span>
        <h2 id="status-title" className="status-card__title">
          {t('mine.subscribed', '자동청구에 가입되어 있어요')}
        </h2>
        <p>
          {t('mine.insurers', '{insurers}에 보험금을 자동으로 청구해요.', { insurers })}{' '}
          {sub.contractStartDate && t('mine.since', '가입일 {day}', { day: formatYmd(sub.contractStartDate) })}
        </p>
        {/* Her claims, what each insurer answered and what to do next (always a way back to them). */}
        <Link className="btn btn--primary btn--block" to={`${APP_BASE}/web/treat`}>
          {t('mine.history', '내 진료·청구 내역 보기')}
        </Link>
      </section>

      {anyPending && (
        <div className="explain" role="status">
          <p>
            <strong>{t('mine.unsaved', '바꾼 내용이 아직 저장되지 않았어요.')}</strong>{' '}
            {t('mine.unsaved.text', '확인하고 저장해 주세요.')}
          </p>
          <button type="button" className="btn btn--primary btn--block" onClick={saveChanges} disabled={busy}>
            {t('mine.save', '변경 내용 저장')}
          </button>
          <button type="button" className="btn btn--ghost btn--block" onClick={discardChanges}>
            {t('mine.discard', '바꾸지 않을게요')}
          </button>
        </div>
      )}

      <MyHospitals
        hospitals={sub.hospitals}
        busy={busy}
        addThisNm={canAddThis ? (here.data?.hospitalNm ?? t('mine.thisHospital', '이 병원')) : null}
        inner={inner}
        onRemove={(h) => void remove(h)}
        onAddThis={() => void addHospitals([hereCd])}
        onAddMore={() => setAddOpen(true)}
      />

      <MyPolicies insurers={sub.insurers} busy={busy} onChoose={(i, g) => void changeGeneration(i, g)} />

      <MyDetails
        sub={sub}
        reg={reg}
        bankNm={ui.bankNm}
        pending={pending}
        onChange={goChange}
        onMoney={() => setMoneyOpen(true)}
        onNotice={() => setNoticeOpen(true)}
      />
      <MyRules
        sub={sub}
        busy={busy}
        onChange={(body, done) =>
          void run(() => changeSubscription(body), ACT.rules(), keep).then((ok) => ok && toast(done))
        }
      />
      <ChooseNotice
        open={noticeOpen}
        kakao={sub.kakaoNotiCheck}
        onClose={() => setNoticeOpen(false)}
        onChoose={(kakao) => void changeNotice(kakao)}
      />
      <ChooseMoney
        open={moneyOpen}
        value={sub.minAmt}
        onClose={() => setMoneyOpen(false)}
        onChoose={(o) => void changeMinAmt(o.value)}
      />
      {inner && (
        <AddHospitalsSheet
          open={addOpen}
          subscribed={subscribed}
          onClose={() => setAddOpen(false)}
          onAdd={(codes) => void addHospitals(codes)}
          busy={busy}
        />
      )}

      <MyChildren enrol />

      <section className="stack" aria-labelledby="cancel-title">
        <h3 id="cancel-title" className="summary-card__title">
          {t('mine.cancel.heading', '자동청구 해지')}
        </h3>
        <p className="screen__sub">{t('mine.cancel.text', '해지해도 언제든 다시 가입할 수 있어요.')}</p>
        <button type="button" className="btn btn--secondary btn--block link-button--danger" onClick={cancel}>
          {t('mine.cancel.open', '자동청구 해지하기')}
        </button>
      </section>
    </div>
  );
}
