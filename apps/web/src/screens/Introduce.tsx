// '/introduce/{hospitalCd}' (spec §2): the hospital's introduction.
import { Link, useParams } from 'react-router';
import { APP_BASE } from '@auto-claim/contract';
import { useHospital } from '../api/reference';
import { useT } from '../i18n/t';
import NotFound from './NotFound';
import { RedirectToValue, isHospitalCd } from './OuterLanding';
import { StartButton } from './landing/Bottom';
import { HospitalLoadError, hospitalNotFound } from './landing/HospitalLoadError';

export default function Introduce() {
  const { hospitalCd = '' } = useParams();
  // spec §2: a non-numeric code goes to /{that value} (which then says what it is, without looping).
  if (!/^\d+$/.test(hospitalCd)) return <RedirectToValue value={hospitalCd} />;
  if (!isHospitalCd(hospitalCd)) return <NotFound {...hospitalNotFound()} />;
  return <HospitalIntro hospitalCd={hospitalCd} />;
}

function HospitalIntro({ hospitalCd }: { hospitalCd: string }) {
  const t = useT();
  const hospital = useHospital(hospitalCd);
  if (hospital.isPending) {
    return (
      <div
        className="landing skeleton"
        style={{ height: 320 }}
        role="status"
        aria-label={t('intro.loading', '병원 정보를 불러오는 중이에요')}
      />
    );
  }
  if (hospital.isError) return <HospitalLoadError error={hospital.error} onRetry={() => void hospital.refetch()} />;
  const h = hospital.data;
  return (
    <article className="landing intro">
      <img
        className="intro__image"
        src={h.hospitalThumbnail}
        alt={t('intro.image', '{hospital} 그림', { hospital: h.hospitalNm })}
        width={320}
        height={180}
      />
      <p className="landing-header__eyebrow">{h.hospitalType}</p>
      <h1 className="landing-header__title">{h.hospitalNm}</h1>
      <p className="intro__text">{h.introText}</p>
      <dl className="intro__facts">
        <dt>{t('intro.address', '주소')}</dt>
        <dd>{h.address}</dd>
        <dt>{t('intro.phone', '전화')}</dt>
        <dd>
          <a href={`tel:${h.phone.replace(/\D/g, '')}`}>{h.phone}</a>
        </dd>
      </dl>
      {(h.androidPackage || h.iOSPackage) && (
        <section aria-labelledby="apps-title" className="intro__apps">
          <h2 id="apps-title" className="landing-section__title">
            {t('intro.apps', '병원 앱')}
          </h2>
          {h.androidPackage && (
            <a
              className="btn btn--secondary btn--block"
              href={`https://play.google.com/store/apps/details?id=${h.androidPackage}`}
              rel="noopener noreferrer"
            >
              {t('intro.googlePlay', 'Google Play에서 받기')}
            </a>
          )}
          {h.iOSPackage && (
            <a
              className="btn btn--secondary btn--block"
              href={`https://apps.apple.com/search?term=${encodeURIComponent(h.iOSPackage)}`}
              rel="noopener noreferrer"
            >
              {t('intro.appStore', 'App Store에서 받기')}
            </a>
          )}
        </section>
      )}
      <Link className="btn btn--ghost btn--block" to={`${APP_BASE}/${h.hospitalCd}`}>
        {t('intro.landing', '자동청구 안내 보기')}
      </Link>
      {h.autoClaimEnabled && <StartButton hospitalCd={h.hospitalCd} />}
    </article>
  );
}
