// Visits held for the patient's word: those a hospital sent under her resident number only (docs/hospital-integration.md,
// "Matching"), whether each is hers before anything is claimed; and those her rule "비급여는 보내기 전에 물어봐 주세요"
// held (README "Her rules for what is sent"), whether to send each: one tap, with the two figures she decides by.
import type { TreatToConfirm } from '@auto-claim/contract';
import { ApiError } from '../../api/client';
import { useConfirmTreat } from '../../api/treats';
import { particle } from '../../i18n/josa';
import { t as tNow, useT } from '../../i18n/t';
import { alert, confirm, toast } from '../../ui';
import { visitDay, shortDay, shortDayOf, won } from './treatFormat';
import { VISIT_TYPE, term } from './words';

export function ToConfirm({ visits }: { visits: TreatToConfirm[] }) {
  const mine = visits.filter((v) => v.question !== 'send_uncovered');
  const send = visits.filter((v) => v.question === 'send_uncovered');
  return (
    <>
      {send.length > 0 && <SendUncovered visits={send} />}
      {mine.length > 0 && <IsItMine visits={mine} />}
    </>
  );
}

const failed = (e: unknown) =>
  void alert(
    e instanceof ApiError ? e.detail : tNow('confirm.failed', '답을 보내지 못했어요. 잠시 후 다시 시도해 주세요.'),
    { title: tNow('common.notice', '알림') },
  );

/** Her 비급여 rule held these: send each, or not; nothing is sent without her tap, and nothing after 30 days. */
function SendUncovered({ visits }: { visits: TreatToConfirm[] }) {
  const t = useT();
  const answer = useConfirmTreat();
  const reply = async (v: TreatToConfirm, send: boolean) => {
    try {
      await answer.mutateAsync({ treatId: v.treatId, send });
      toast(
        send
          ? t('confirm.send.yes.done', '보험사에 보낼게요. 진행 상황은 진료 내역에서 볼 수 있어요.')
          : t('confirm.send.no.done', '보내지 않을게요. 마음이 바뀌면 진료 내역에서 직접 청구할 수 있어요.'),
      );
    } catch (e) {
      failed(e);
    }
  };
  return (
    <section className="tr-request tr-confirm" aria-labelledby="send-title">
      <h2 id="send-title" className="tr-request__title">
        {t('confirm.send.title', '보험사에 보낼까요?')}
      </h2>
      <p className="tr-confirm__why">
        {t(
          'confirm.send.why',
          '{term}{termJosa} 있는 진료는 보내기 전에 여쭤보기로 하셨어요. 골라 주시면 그대로 할게요.',
          { term: term('uncovered'), termJosa: particle(term('uncovered'), '이/가') },
        )}
      </p>
      <ul className="tr-confirm__list">
        {visits.map((v) => {
          const titleId = `send-${v.treatId}`;
          const figuresId = `send-figures-${v.treatId}`;
          return (
            <li key={v.treatId} className="tr-confirm__item">
              <article aria-labelledby={titleId}>
                <h3 id={titleId} className="tr-visit__title">
                  {visitDay(v.treatDate)} <span className="tr-visit__type">{VISIT_TYPE[v.visitType]()}</span>
                </h3>
                <p className="tr-visit__where">{v.hospitalNm}</p>
                <div id={figuresId}>
                  <p className="tr-confirm__figure">
                    {t('confirm.send.figure', '낸 돈 {paid} 중 {term} {amount}', {
                      paid: won(v.paidAmt ?? 0),
                      term: term('uncovered'),
                      amount: won(v.uncoveredAmt ?? 0),
                    })}
                  </p>
                  {(v.premiumEffect ?? 0) > 0 && (
                    <p className="tr-confirm__figure">
                      {t(
                        'confirm.send.premium',
                        '{term}{termJosa} 청구하면 약 {payout}을 받지만, 내년 보험료가 약 {premium} 오를 수 있어요. (예상 금액이에요)',
                        {
                          term: term('uncovered'),
                          termJosa: particle(term('uncovered'), '을/를'),
                          payout: won(v.expectedPayout ?? 0),
                          premium: won(v.premiumEffect ?? 0),
                        },
                      )}
                    </p>
                  )}
                  {v.answerBy && (
                    <p className="tr-confirm__why">
                      {t('confirm.send.by', '{day}까지 고르지 않으면 보내지 않을게요.', {
                        day: shortDayOf(v.answerBy),
                      })}
                    </p>
                  )}
                </div>
                <div className="tr-confirm__actions">
                  <button
                    type="button"
                    className="btn btn--primary"
                    onClick={() => void reply(v, true)}
                    disabled={answer.isPending}
                    aria-describedby={`${titleId} ${figuresId}`}
                  >
                    {t('confirm.send.yes', '보내 주세요')}
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    onClick={() => void reply(v, false)}
                    disabled={answer.isPending}
                    aria-describedby={`${titleId} ${figuresId}`}
                  >
                    {t('confirm.send.no', '보내지 마세요')}
                  </button>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function IsItMine({ visits }: { visits: TreatToConfirm[] }) {
  const t = useT();
  const answer = useConfirmTreat();
  const reply = async (v: TreatToConfirm, mine: boolean) => {
    if (!mine) {
      const sure = await confirm(
        t(
          'confirm.mine.no.question',
          '{day} {hospital} 진료를 내 진료 내역에서 뺄까요? 청구하지 않고, 담당자가 누구의 진료인지 확인해요.',
          { day: shortDay(v.treatDate), hospital: v.hospitalNm },
        ),
        {
          title: t('confirm.mine.no.title', '내 진료가 아닌가요?'),
          confirmText: t('confirm.mine.no.confirm', '내 진료가 아니에요'),
          tone: 'destructive',
        },
      );
      if (sure !== 'confirm') return;
    }
    try {
      await answer.mutateAsync({ treatId: v.treatId, mine });
      toast(
        mine
          ? t('confirm.mine.yes.done', '확인했어요. 자동청구 규칙대로 청구할게요.')
          : t('confirm.mine.no.done', '내 진료 내역에서 뺐어요. 담당자가 확인할게요.'),
      );
    } catch (e) {
      failed(e);
    }
  };
  return (
    <section className="tr-request tr-confirm" aria-labelledby="confirm-title">
      <h2 id="confirm-title" className="tr-request__title">
        {t('confirm.mine.title', '내 진료가 맞나요?')}
      </h2>
      <p className="tr-confirm__why">
        {t(
          'confirm.mine.why',
          '병원이 주민등록번호로만 보내 준 진료예요. 본인의 진료가 맞는지 확인해 주시면 그때부터 청구해요.',
        )}
      </p>
      <ul className="tr-confirm__list">
        {visits.map((v) => {
          const titleId = `confirm-${v.treatId}`;
          return (
            <li key={v.treatId} className="tr-confirm__item">
              <article aria-labelledby={titleId}>
                <h3 id={titleId} className="tr-visit__title">
                  {visitDay(v.treatDate)} <span className="tr-visit__type">{VISIT_TYPE[v.visitType]()}</span>
                </h3>
                <p className="tr-visit__where">{v.hospitalNm}</p>
                <div className="tr-confirm__actions">
                  <button
                    type="button"
                    className="btn btn--primary"
                    onClick={() => void reply(v, true)}
                    disabled={answer.isPending}
                    aria-describedby={titleId}
                  >
                    {t('confirm.mine.yes', '네, 맞아요')}
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    onClick={() => void reply(v, false)}
                    disabled={answer.isPending}
                    aria-describedby={titleId}
                  >
                    {t('confirm.mine.no', '아니에요')}
                  </button>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
