// A hospital that could not be loaded, on the hospital's landing and on its introduction alike (spec §2, §8).
import { ApiError } from '../../api/client';
import { t, useT } from '../../i18n/t';
import NotFound from '../NotFound';

/** An unknown hospital's notice, in her language (read when shown). */
export const hospitalNotFound = () => ({
  heading: t('landing.unknown.heading', '병원 정보를 찾을 수 없어요'),
  detail: t(
    'landing.unknown.detail',
    '주소가 잘못되었거나 자동청구를 하지 않는 병원이에요. 병원에서 받은 링크나 QR 코드로 다시 들어와 주세요.',
  ),
});

/** An unknown hospital (404) says so plainly; any other failure offers a retry. */
export function HospitalLoadError({ error, onRetry }: { error: Error; onRetry(): void }) {
  const t = useT();
  if (error instanceof ApiError && error.status === 404) return <NotFound {...hospitalNotFound()} />;
  return (
    <section className="notice-screen" role="alert">
      <h1 className="notice-screen__title">{t('landing.loadError.heading', '잠시 문제가 생겼어요')}</h1>
      <p className="notice-screen__text">
        {t('landing.loadError.detail', '병원 정보를 불러오지 못했어요. 잠시 후 다시 시도해 주세요.')}
      </p>
      <button type="button" className="btn btn--primary btn--block" onClick={onRetry}>
        {t('landing.loadError.retry', '다시 불러오기')}
      </button>
    </section>
  );
}
