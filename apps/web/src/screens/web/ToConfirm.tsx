// Visits held for the patient's word: those a hospital sent under her resident number only (docs/hospital-integration.md,
// "Matching"), whether each is hers before anything is claimed; and those her rule "비급여는 보내기 전에 물어봐 주세요"
// held (README "Her rules for what is sent"), whether to send each: one tap, with the two figures she decides by.
import { VISIT_TYPE_NM, type TreatToConfirm } from '@auto-claim/contract';
import { ApiError } from '../../api/client';
import { useConfirmTreat } from '../../api/treats';
import { alert, confirm, toast } from '../../ui';
import { visitDay, shortDay, won } from './treatFormat';

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
  void alert(e instanceof ApiError ? e.detail : '답을 보내지 못했어요. 잠시 후 다시 시도해 주세요.', { title: '알림' });

/** Her 비급여 rule held these: send each, or not; nothing is sent without her tap, and nothing after 30 days. */
function SendUncovered({ visits }: { visits: TreatToConfirm[] }) {
  const answer = useConfirmTreat();
  const reply = async (v: TreatToConfirm, send: boolean) => {
    try {
      await answer.mutateAsync({ treatId: v.treatId, send });
      toast(
        send
          ? '보험사에 보낼게요. 진행 상황은 진료 내역에서 볼 수 있어요.'
          : '보내지 않을게요. 마음이 바뀌면 진료 내역에서 직접 청구할 수 있어요.',
      );
    } catch (e) {
      failed(e);
    }
  };
  return (
    <section className="tr-request tr-confirm" aria-labelledby="send-title">
      <h2 id="send-title" className="tr-request__title">
        보험사에 보낼까요?
      </h2>
      <p className="tr-confirm__why">
        비급여가 있는 진료는 보내기 전에 여쭤보기로 하셨어요. 골라 주시면 그대로 할게요.
      </p>
      <ul className="tr-confirm__list">
        {visits.map((v) => {
          const titleId = `send-${v.treatId}`;
          const figuresId = `send-figures-${v.treatId}`;
          return (
            <li key={v.treatId} className="tr-confirm__item">
              <article aria-labelledby={titleId}>
                <h3 id={titleId} className="tr-visit__title">
                  {visitDay(v.treatDate)} <span className="tr-visit__type">{VISIT_TYPE_NM[v.visitType]}</span>
                </h3>
                <p className="tr-visit__where">{v.hospitalNm}</p>
                <div id={figuresId}>
                  <p className="tr-confirm__figure">
                    낸 돈 {won(v.paidAmt ?? 0)} 중 비급여 <strong>{won(v.uncoveredAmt ?? 0)}</strong>
                  </p>
                  {(v.premiumEffect ?? 0) > 0 && (
                    <p className="tr-confirm__figure">
                      비급여를 청구하면 약 <strong>{won(v.expectedPayout ?? 0)}</strong>을 받지만, 내년 보험료가 약{' '}
                      <strong>{won(v.premiumEffect ?? 0)}</strong> 오를 수 있어요. (예상 금액이에요)
                    </p>
                  )}
                  {v.answerBy && (
                    <p className="tr-confirm__why">{shortDayOf(v.answerBy)}까지 고르지 않으면 보내지 않을게요.</p>
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
                    보내 주세요
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    onClick={() => void reply(v, false)}
                    disabled={answer.isPending}
                    aria-describedby={`${titleId} ${figuresId}`}
                  >
                    보내지 마세요
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

/** An instant's Korean calendar day, as "7월 15일". */
const dayFormat = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', month: 'long', day: 'numeric' });
const shortDayOf = (iso: string) => dayFormat.format(new Date(iso));

function IsItMine({ visits }: { visits: TreatToConfirm[] }) {
  const answer = useConfirmTreat();
  const reply = async (v: TreatToConfirm, mine: boolean) => {
    if (!mine) {
      const sure = await confirm(
        <>
          <strong>
            {shortDay(v.treatDate)} {v.hospitalNm}
          </strong>{' '}
          진료를 내 진료 내역에서 뺄까요? 청구하지 않고, 담당자가 누구의 진료인지 확인해요.
        </>,
        { title: '내 진료가 아닌가요?', confirmText: '내 진료가 아니에요', tone: 'destructive' },
      );
      if (sure !== 'confirm') return;
    }
    try {
      await answer.mutateAsync({ treatId: v.treatId, mine });
      toast(mine ? '확인했어요. 자동청구 규칙대로 청구할게요.' : '내 진료 내역에서 뺐어요. 담당자가 확인할게요.');
    } catch (e) {
      failed(e);
    }
  };
  return (
    <section className="tr-request tr-confirm" aria-labelledby="confirm-title">
      <h2 id="confirm-title" className="tr-request__title">
        내 진료가 맞나요?
      </h2>
      <p className="tr-confirm__why">
        병원이 주민등록번호로만 보내 준 진료예요. 본인의 진료가 맞는지 확인해 주시면 그때부터 청구해요.
      </p>
      <ul className="tr-confirm__list">
        {visits.map((v) => {
          const titleId = `confirm-${v.treatId}`;
          return (
            <li key={v.treatId} className="tr-confirm__item">
              <article aria-labelledby={titleId}>
                <h3 id={titleId} className="tr-visit__title">
                  {visitDay(v.treatDate)} <span className="tr-visit__type">{VISIT_TYPE_NM[v.visitType]}</span>
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
                    네, 맞아요
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary"
                    onClick={() => void reply(v, false)}
                    disabled={answer.isPending}
                    aria-describedby={titleId}
                  >
                    아니에요
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
