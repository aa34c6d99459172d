// A hospital that has not started automatic claims (spec §2): its name with the particle it takes (es-hangul, in this
// chunk of its own: only such a hospital's landing loads it, not every landing's first screen).
import { particle } from '../../i18n/josa';
import { useT } from '../../i18n/t';
import NotFound from '../NotFound';

export default function NotYet({ hospitalNm }: { hospitalNm: string }) {
  const t = useT();
  return (
    <NotFound
      heading={t('landing.notYet.heading', '{hospitalNm}{hospitalNmJosa} 자동청구 준비 중이에요', {
        hospitalNm,
        hospitalNmJosa: particle(hospitalNm, '은/는'),
      })}
      detail={t(
        'landing.notYet.detail',
        '이 병원은 아직 자동청구를 시작하지 않았어요. 준비가 끝나면 병원에서 안내해 드릴 거예요.',
      )}
    />
  );
}
