// '/{hospitalCd}' (spec §2): the landing of one hospital (prcMode outer, the default).
import { Suspense, lazy, useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { APP_BASE, DEFAULT_HOSPITAL_CD, type Hospital } from '@auto-claim/contract';
import { useHospital } from '../api/reference';
import { useT } from '../i18n/t';
import { useClaimStore } from '../store/claim';
import { Header } from './landing/Header';
import { HospitalLoadError, hospitalNotFound } from './landing/HospitalLoadError';
import { LandingBody } from './landing/LandingBody';
import NotFound from './NotFound';

// Only '/00000000' needs the inner landing: a hospital's link does not load it.
const InnerLanding = lazy(() => import('./InnerLanding'));
// Only a children's hospital shows the note (and the relation documents' names it takes from the contract).
const ChildrenNote = lazy(() => import('./landing/ChildrenNote'));
// Only a hospital that has not started says so (with its name's particle, es-hangul's: not on every first screen).
const NotYet = lazy(() => import('./landing/NotYet'));

/** A children's hospital by its name (소아청소년과, 소아과): its patients are mostly enrolled by a parent. */
export const isPaediatric = (h: Pick<Hospital, 'hospitalNm'>) => /소아/.test(h.hospitalNm);

export const isHospitalCd = (v: string | undefined): v is string => /^\d{8}$/.test(v ?? '');

export default function OuterLanding() {
  const { hospitalCd } = useParams();
  // '/00000000' is the default code: the inner landing (spec §3).
  if (hospitalCd === DEFAULT_HOSPITAL_CD) {
    return (
      <Suspense fallback={null}>
        <InnerLanding />
      </Suspense>
    );
  }
  // Non-numeric would redirect to itself (spec §2): say it plainly instead of looping.
  if (!isHospitalCd(hospitalCd)) return <NotFound {...hospitalNotFound()} />;
  return <HospitalLanding hospitalCd={hospitalCd} />;
}

function HospitalLanding({ hospitalCd }: { hospitalCd: string }) {
  const hospital = useHospital(hospitalCd);
  const t = useT();

  useEffect(() => {
    if (!hospital.data) return;
    const h = hospital.data;
    const { setUi, setReg, setRepository } = useClaimStore.getState();
    setUi({ prcMode: 'outer' });
    setReg({ hospitalCd: h.hospitalCd });
    setRepository({
      hospitalNm: h.hospitalNm,
      hospitalThumbnail: h.hospitalThumbnail,
      androidPackage: h.androidPackage ?? '',
      iOSPackage: h.iOSPackage ?? '',
    });
  }, [hospital.data]);

  if (hospital.isPending) {
    return (
      <div className="landing" role="status" aria-label={t('landing.loading', '병원 정보를 불러오는 중이에요')}>
        <div className="skeleton" style={{ height: 28, width: '40%' }} />
        <div className="skeleton" style={{ height: 72 }} />
        <div className="skeleton" style={{ height: 180 }} />
      </div>
    );
  }
  if (hospital.isError) return <HospitalLoadError error={hospital.error} onRetry={() => void hospital.refetch()} />;
  const h = hospital.data;
  const hospitalNm = h.hospitalNm.replace(/\s*\(데모\)$/, '');
  if (!h.autoClaimEnabled) {
    return (
      <Suspense fallback={null}>
        <NotYet hospitalNm={h.hospitalNm} />
      </Suspense>
    );
  }
  return (
    <LandingBody
      hospitalCd={h.hospitalCd}
      header={
        <>
          <Header
            eyebrow={h.hospitalNm}
            title={
              <>
                {t('landing.outer.title1', '{hospitalNm} 진료비,', { hospitalNm })}
                <br />
                {t('landing.outer.title2', '자동으로 청구해 드려요')}
              </>
            }
            lead={t(
              'landing.outer.lead',
              '한 번만 가입하면 이 병원에서 받은 진료를 보험사에 알아서 청구해 드려요. 이용료는 무료예요.',
            )}
            image={
              <figure className="landing-header__figure">
                <img
                  src={h.hospitalThumbnail}
                  alt={t('landing.outer.picture', '{hospitalNm} 그림', { hospitalNm: h.hospitalNm })}
                  width={320}
                  height={180}
                />
                <figcaption>
                  <Link to={`${APP_BASE}/introduce/${h.hospitalCd}`}>
                    {t('landing.outer.introduce', '병원 소개 보기')}
                  </Link>
                </figcaption>
              </figure>
            }
          />
          {isPaediatric(h) && (
            <Suspense fallback={null}>
              <ChildrenNote />
            </Suspense>
          )}
        </>
      }
    />
  );
}

/** Redirect helper for Introduce: spec §2's rule for a non-numeric code. */
export function RedirectToValue({ value }: { value: string }) {
  return <Navigate to={`${APP_BASE}/${encodeURIComponent(value)}`} replace />;
}
