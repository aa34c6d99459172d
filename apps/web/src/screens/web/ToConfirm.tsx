// Visits a hospital sent under the patient's resident number only (docs/hospital-integration.md, "Matching"): she
// says whether each is hers before anything is claimed.
import { VISIT_TYPE_NM, type TreatToConfirm } from '@auto-claim/contract';
import { ApiError } from '../../api/client';
import { useConfirmTreat } from '../../api/treats';
import { alert, confirm, toast } from '../../ui';
import { visitDay, shortDay } from './treatFormat';

export function ToConfirm({ visits }: { visits: TreatToConfirm[] }) {
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
      void alert(e instanceof ApiError ? e.detail : '답을 보내지 못했어요. 잠시 후 다시 시도해 주세요.', {
        title: '알림',
      });
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
