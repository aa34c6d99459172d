// Why automatic claims help the patient (spec §2 "justice").
import { useT } from '../../i18n/t';
import { info } from '../../ui/modals';
import { useTakenOver } from './takenOver';

export function Justice() {
  const t = useT();
  const ready = useTakenOver();
  const REASONS = [
    {
      title: t('landing.justice.forget.title', '청구를 잊지 않아요'),
      text: t(
        'landing.justice.forget.text',
        '작은 진료비도 빠짐없이 청구해요. 진료비가 적다고 청구를 미루다 잊는 일이 없어요.',
      ),
    },
    {
      title: t('landing.justice.papers.title', '서류를 떼러 다니지 않아요'),
      text: t('landing.justice.papers.text', '영수증과 세부내역서는 병원이 보내고, 보험사에는 저희가 전달해요.'),
    },
    {
      title: t('landing.justice.time.title', '3년이 지나기 전에 청구해요'),
      text: t(
        'landing.justice.time.text',
        '보험금은 3년이 지나면 청구할 수 없어요. 자동청구는 진료가 끝나면 바로 청구해요.',
      ),
    },
  ];
  const explainSafety = () =>
    info(
      t(
        'landing.justice.safety.text',
        '주민등록번호, 계좌번호, 서명, 신분증 사진은 모두 암호화해서 보관해요.\n화면에는 일부를 가려서 보여 드리고, 보험사에는 청구에 필요한 정보만 보내요.\n언제 어떤 정보가 어디로 갔는지 진료 내역 화면에서 직접 확인할 수 있어요.',
      ),
      { title: t('landing.justice.safety.title', '내 정보는 안전하게 다뤄져요') },
    );
  return (
    <section className="landing-section" aria-labelledby="justice-title">
      <h2 id="justice-title" className="landing-section__title">
        {t('landing.justice.title', '왜 자동청구인가요?')}
      </h2>
      <ul className="reasons">
        {REASONS.map((r, i) => (
          <li key={r.title} className="reason">
            <span className="reason__num" aria-hidden="true">
              {i + 1}
            </span>
            <span>
              <strong className="reason__title">{r.title}</strong>
              <span className="reason__text">{r.text}</span>
            </span>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn--ghost btn--block" onClick={explainSafety} disabled={!ready}>
        {t('landing.justice.safety.button', '내 정보는 어떻게 보호되나요?')}
      </button>
    </section>
  );
}
