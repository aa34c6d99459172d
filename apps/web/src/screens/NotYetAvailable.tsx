import { Link } from 'react-router';
import { APP_BASE } from '@auto-claim/contract';

/** A route of spec §2 whose screen is not released yet: said honestly, with a way back. */
export default function NotYetAvailable() {
  return (
    <section className="notice-screen" aria-labelledby="notice-heading">
      <h2 id="notice-heading" className="notice-screen__title">
        아직 준비 중인 화면이에요
      </h2>
      <p className="notice-screen__text">이 단계는 곧 열릴 예정이에요. 불편을 드려 죄송해요.</p>
      <Link className="btn btn--primary btn--block" to={`${APP_BASE}/`}>
        자동청구 처음 화면으로
      </Link>
    </section>
  );
}
