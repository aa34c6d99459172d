// The footer (spec §2 "bottom") and the sticky start button.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { APP_BASE } from '@auto-claim/contract';
import { whenIdle } from '../../later';
import { useClaimStore } from '../../store/claim';
import { useTakenOver } from './takenOver';

/** The next step's code, fetched after the first input or idle: never in the landing's first load, ready by the tap. */
const prefetchNextStep = () => import('../auth/AuthAgreeInfo');

export function StartButton() {
  const navigate = useNavigate();
  const ready = useTakenOver();
  useEffect(() => whenIdle(prefetchNextStep), []);
  const start = () => {
    useClaimStore.getState().reset();
    navigate(`${APP_BASE}/authAgreeInfo`);
  };
  return (
    <div className="bottom-action">
      <button type="button" className="btn btn--primary btn--block btn--large" onClick={start} disabled={!ready}>
        자동청구 시작하기
      </button>
    </div>
  );
}

export function Bottom() {
  return (
    <footer className="landing-footer">
      <p>
        <strong>자동청구 서비스 운영사(샌드박스)</strong>
      </p>
      <p>고객센터 0000-0000 (샌드박스, 실제 번호가 아니에요) · 평일 09:00~18:00</p>
      <p>보험금 지급 여부와 금액은 가입하신 보험사가 심사해서 정해요.</p>
    </footer>
  );
}
