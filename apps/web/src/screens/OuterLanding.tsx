// '/{hospitalCd}' (spec §2): the landing of one hospital (prcMode outer, the default).
import { Suspense, lazy, useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { APP_BASE, DEFAULT_HOSPITAL_CD } from '@auto-claim/contract';
import { useHospital } from '../api/reference';
import { useClaimStore } from '../store/claim';
import { ChildrenNote, isPaediatric } from './landing/ChildrenNote';
import { Header } from './landing/Header';
import { HOSPITAL_NOT_FOUND, HospitalLoadError } from './landing/HospitalLoadError';
import { LandingBody } from './landing/LandingBody';
import NotFound from './NotFound';

// Only '/00000000' needs the inner landing: a hospital's link does not load it.
const InnerLanding = lazy(() => import('./InnerLanding'));

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
  if (!isHospitalCd(hospitalCd)) return <NotFound {...HOSPITAL_NOT_FOUND} />;
  return <HospitalLanding hospitalCd={hospitalCd} />;
}

function HospitalLanding({ hospitalCd }: { hospitalCd: string }) {
  const hospital = useHospital(hospitalCd);

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
      <div className="landing" role="status" aria-label="병원 정보를 불러오는 중이에요">
        <div className="skeleton" style={{ height: 28, width: '40%' }} />
        <div className="skeleton" style={{ height: 72 }} />
        <div className="skeleton" style={{ height: 180 }} />
      </div>
    );
  }
  if (hospital.isError) return <HospitalLoadError error={hospital.error} onRetry={() => void hospital.refetch()} />;
  const h = hospital.data;
  if (!h.autoClaimEnabled) {
    return (
      <NotFound
        heading={`${h.hospitalNm}은 자동청구 준비 중이에요`}
        detail="이 병원은 아직 자동청구를 시작하지 않았어요. 준비가 끝나면 병원에서 안내해 드릴 거예요."
      />
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
                {h.hospitalNm.replace(/\s*\(데모\)$/, '')} 진료비,
                <br />
                자동으로 청구해 드려요
              </>
            }
            lead="한 번만 가입하면 이 병원에서 받은 진료를 보험사에 알아서 청구해 드려요. 이용료는 무료예요."
            image={
              <figure className="landing-header__figure">
                <img src={h.hospitalThumbnail} alt={`${h.hospitalNm} 그림`} width={320} height={180} />
                <figcaption>
                  <Link to={`${APP_BASE}/introduce/${h.hospitalCd}`}>병원 소개 보기</Link>
                </figcaption>
              </figure>
            }
          />
          {isPaediatric(h) && <ChildrenNote />}
        </>
      }
    />
  );
}

/** Redirect helper for Introduce: spec §2's rule for a non-numeric code. */
export function RedirectToValue({ value }: { value: string }) {
  return <Navigate to={`${APP_BASE}/${encodeURIComponent(value)}`} replace />;
}
