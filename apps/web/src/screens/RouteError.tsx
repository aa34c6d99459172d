import { useRouteError } from 'react-router';
import { useT } from '../i18n/t';

/**
 * A screen that failed to load or crashed: the patient can reload; details stay in the console. A screen's code that
 * did not arrive (spec §8's chunk loading error) or a chunk without its screen (spec §8's MODULE_NOT_FOUND) shows the
 * spec's words as its code, so the hospital's desk can tell what happened.
 */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  const code =
    (error as { code?: string } | null)?.code === 'MODULE_NOT_FOUND'
      ? 'MODULE_NOT_FOUND'
      : error instanceof Error && error.name === 'ChunkLoadError'
        ? error.message // 'chunk loading error' (lazyScreen.ts)
        : undefined;
  return (
    <main className="layout-empty">
      <section className="notice-screen" role="alert" aria-labelledby="error-heading">
        <h1 id="error-heading" className="notice-screen__title">
          {code
            ? t('routeError.chunk.heading', '화면을 불러오지 못했어요')
            : t('routeError.heading', '문제가 생겼어요')}
        </h1>
        <p className="notice-screen__text">
          {code
            ? t(
                'routeError.chunk.detail',
                '인터넷 연결이 잠시 끊겼거나 앱이 새 버전으로 바뀌었을 수 있어요. 연결을 확인하고 새로고침해 주세요.',
              )
            : t('routeError.detail', '잠시 후 다시 시도해 주세요. 계속되면 병원 창구에 알려 주세요.')}
        </p>
        {code && <p className="notice-screen__code">{t('routeError.code', '오류 코드 {code}', { code })}</p>}
        <button type="button" className="btn btn--primary btn--block" onClick={() => window.location.reload()}>
          {code ? t('routeError.reload', '새로고침') : t('routeError.retry', '다시 시도')}
        </button>
      </section>
    </main>
  );
}
