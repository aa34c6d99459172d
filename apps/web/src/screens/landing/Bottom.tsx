// The footer (spec §2 "bottom") and the sticky start button.
import { useEffect, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { APP_BASE } from '@auto-claim/contract';
import { useT } from '../../i18n/t';
import { whenIdle } from '../../later';
import { startFrom, startPath } from '../auth/start';
import { useTakenOver } from './takenOver';

/** The next step's code, fetched after the first input or idle: never in the landing's first load, ready by the tap. */
const prefetchNextStep = () => import('../auth/AuthAgreeInfo');

/**
 * A real link to the first step, drawn by the server with the landing: it works from the first paint, before the app's
 * code has come (the browser then opens the step as a page of its own), and once React has taken the page over the
 * app starts the enrolment and its router goes there without a reload. Either way the enrolment starts from this
 * landing's hospital (screens/auth/start.ts). `data-taken-over` says which of the two a tap now does.
 */
export function StartButton({ hospitalCd }: { hospitalCd: string }) {
  const navigate = useNavigate();
  const t = useT();
  const takenOver = useTakenOver();
  useEffect(() => whenIdle(prefetchNextStep), []);
  const start = (e: MouseEvent) => {
    // A new tab or window (a modifier, another button) opens the link as it is: that page starts from the address.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    startFrom(hospitalCd);
    navigate(`${APP_BASE}/authAgreeInfo`);
  };
  return (
    <div className="bottom-action">
      <Link
        to={startPath(hospitalCd)}
        className="btn btn--primary btn--block btn--large"
        data-taken-over={takenOver ? 'true' : undefined}
        onClick={start}
      >
        {t('landing.start', '자동청구 시작하기')}
      </Link>
    </div>
  );
}

export function Bottom() {
  const t = useT();
  return (
    <footer className="landing-footer">
      <p>
        <strong>{t('landing.footer.operator', '자동청구 서비스 운영사(샌드박스)')}</strong>
      </p>
      <p>{t('landing.footer.contact', '고객센터 0000-0000 (샌드박스, 실제 번호가 아니에요) · 평일 09:00~18:00')}</p>
      <p>{t('landing.footer.review', '보험금 지급 여부와 금액은 가입하신 보험사가 심사해서 정해요.')}</p>
    </footer>
  );
}
