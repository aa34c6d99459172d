// '/' (spec §2): the inner landing, not tied to one hospital (prcMode inner; hospitals are chosen later).
import { useEffect } from 'react';
import { DEFAULT_HOSPITAL_CD } from '@auto-claim/contract';
import { useClaimStore } from '../store/claim';
import { Header } from './landing/Header';
import { LandingBody } from './landing/LandingBody';

export default function InnerLanding() {
  useEffect(() => {
    const { setUi, setReg, setRepository } = useClaimStore.getState();
    setUi({ prcMode: 'inner' });
    setReg({ hospitalCd: DEFAULT_HOSPITAL_CD });
    setRepository({ hospitalNm: '', hospitalThumbnail: '', androidPackage: '', iOSPackage: '' });
  }, []);
  return (
    <LandingBody
      hospitalCd={DEFAULT_HOSPITAL_CD}
      header={
        <Header
          eyebrow="실손보험 자동청구"
          title={
            <>
              병원 진료비,
              <br />
              이제 자동으로 청구하세요
            </>
          }
          lead="한 번만 가입하면 자동청구 병원에서 받은 진료를 보험사에 알아서 청구해 드려요. 이용료는 무료예요."
        />
      }
    />
  );
}
