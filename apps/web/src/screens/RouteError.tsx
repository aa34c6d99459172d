import { useRouteError } from 'react-router';

/** A screen that failed to load or crashed: the patient can reload; details stay in the console. */
export function RouteError() {
  const error = useRouteError();
  const chunk = error instanceof Error && error.name === 'ChunkLoadError';
  return (
    <main className="layout-empty">
      <section className="notice-screen" role="alert" aria-labelledby="error-heading">
        <h1 id="error-heading" className="notice-screen__title">
          {chunk ? '화면을 불러오지 못했어요' : '문제가 생겼어요'}
        </h1>
        <p className="notice-screen__text">
          {chunk
            ? '인터넷 연결을 확인하고 다시 시도해 주세요.'
            : '잠시 후 다시 시도해 주세요. 계속되면 병원 창구에 알려 주세요.'}
        </p>
        <button type="button" className="btn btn--primary btn--block" onClick={() => window.location.reload()}>
          다시 시도
        </button>
      </section>
    </main>
  );
}
