// What the summary and the documents show about the enrolment: hospital and insurer names, looked up once.
import { useInsurers } from '../../../api/reference';
import { usePossibleHospitals } from '../../../api/possibleHospitals';
import { chosenInsurers, useClaimStore } from '../../../store/claim';

export function useEnrolmentNames() {
  const reg = useClaimStore((s) => s.reg);
  const hospitalNm = useClaimStore((s) => s.repository.hospitalNm);
  const selectCompany = useClaimStore((s) => s.repository.selectCompany);
  const inner = useClaimStore((s) => s.ui.prcMode === 'inner');
  const hospitals = usePossibleHospitals();
  const insurers = useInsurers();
  const chosenHospitals = inner
    ? reg.multiSubscrib.map((cd) => ({
        hospitalCd: cd,
        hospitalNm: hospitals.data?.find((h) => h.hospitalCd === cd)?.hospitalNm ?? cd,
      }))
    : [{ hospitalCd: reg.hospitalCd, hospitalNm: hospitalNm || reg.hospitalCd }];
  const chosen = chosenInsurers(reg).map((cd) => ({
    insuCompCd: cd,
    insuCompNm: insurers.data?.list.find((i) => i.insuCompCd === cd)?.insuCompNm ?? cd,
  }));
  // Every chosen insurer (spec §3's insuCompCd first, then ours, insuCompCds), named for the summary and documents.
  const insurerName = insurers.data ? chosen.map((i) => i.insuCompNm).join(', ') : selectCompany || reg.insuCompCd;
  return {
    hospitals: chosenHospitals,
    insurers: chosen,
    hospitalNames: chosenHospitals.map((h) => h.hospitalNm),
    insurerName,
  };
}
