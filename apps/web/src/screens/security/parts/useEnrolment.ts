// What the summary and the documents show about the enrolment: hospital and insurer names, looked up once.
import { useInsurers } from '../../../api/reference';
import { usePossibleHospitals } from '../../../api/possibleHospitals';
import { useClaimStore } from '../../../store/claim';

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
  const insurerName =
    insurers.data?.list.find((i) => i.insuCompCd === reg.insuCompCd)?.insuCompNm ?? (selectCompany || reg.insuCompCd);
  return {
    hospitals: chosenHospitals,
    insurers: [{ insuCompCd: reg.insuCompCd, insuCompNm: insurerName }],
    hospitalNames: chosenHospitals.map((h) => h.hospitalNm),
    insurerName,
  };
}
