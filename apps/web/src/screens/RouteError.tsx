import { useRouteError } from 'react-router';

/**
 * A screen that failed to load or crashed: the patient can reload; details stay in the console. A module that cannot
 * be found (spec §8 MODULE_NOT_FOUND) shows its code, so the hospital's desk can tell what happened.
 */
export function RouteError() {
  const error = useRouteError();
  const missing = (error as { code?: string } | null)?.code === 'MODULE_NOT_FOUND';
  const chunk = missing || (error instanceof Error && error.name === 'ChunkLoadError');
  return (
    <main className="layout-empty">
      <section className="notice-screen" role="alert" aria-labelledby="error-heading">
        <h1 id="error-heading" className="notice-screen__title">
          {chunk ? '화면을 불러오지 못했어요' : '문제가 생겼어요'}
        </h1>
        <p className="notice-screen__text">
          {missing
            ? '앱이 새 버전으로 바뀌었거나 인터넷 연결이 잠시 끊겼을 수 있어요. 새로고침해 주세요.'
            : chunk
              ? '인터넷 연결을 확인하고 다시 시도해 주세요.'
              : '잠시 후 다시 시도해 주세요. 계속되면 병원 창구에 알려 주세요.'}
        </p>
        {missing && <p className="notice-screen__code">오류 코드 MODULE_NOT_FOUND</p>}
        <button type="button" className="btn btn--primary btn--block" onClick={() => window.location.reload()}>
          {missing ? '새로고침' : '다시 시도'}
        </button>
      </section>
    </main>
  );
}
