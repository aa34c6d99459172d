import { Link } from 'react-router';
import { APP_BASE } from '@auto-claim/contract';
import { useT } from '../i18n/t';

/** Unknown path or unknown hospital: say so plainly and offer a way back. */
export default function NotFound({ heading, detail }: { heading?: string; detail?: string }) {
  const t = useT();
  return (
    <section className="notice-screen" aria-labelledby="notice-heading">
      <h1 id="notice-heading" className="notice-screen__title">
        {heading ?? t('notFound.heading', '페이지를 찾을 수 없어요')}
      </h1>
      <p className="notice-screen__text">
        {detail ??
          t(
            'notFound.detail',
            '주소가 바뀌었거나 잘못 입력되었을 수 있어요. 병원에서 받은 링크나 QR 코드로 다시 들어와 주세요.',
          )}
      </p>
      <Link className="btn btn--primary btn--block" to={`${APP_BASE}/`}>
        {t('notFound.home', '자동청구 처음 화면으로')}
      </Link>
    </section>
  );
}
