// A hospital that could not be loaded, on the hospital's landing and on its introduction alike (spec §2, §8).
import { ApiError } from '../../api/client';
import { loadFailedMessage } from '../../api/queryClient';
import NotFound from '../NotFound';

export const HOSPITAL_NOT_FOUND = {
  heading: '병원 정보를 찾을 수 없어요',
  detail: '주소가 잘못되었거나 자동청구를 하지 않는 병원이에요. 병원에서 받은 링크나 QR 코드로 다시 들어와 주세요.',
};

/** An unknown hospital (404) says so plainly; any other failure offers a retry. */
export function HospitalLoadError({ error, onRetry }: { error: Error; onRetry(): void }) {
  if (error instanceof ApiError && error.status === 404) return <NotFound {...HOSPITAL_NOT_FOUND} />;
  return (
    <section className="notice-screen" role="alert">
      <h1 className="notice-screen__title">잠시 문제가 생겼어요</h1>
      <p className="notice-screen__text">{loadFailedMessage('병원 정보')}</p>
      <button type="button" className="btn btn--primary btn--block" onClick={onRetry}>
        다시 불러오기
      </button>
    </section>
  );
}
