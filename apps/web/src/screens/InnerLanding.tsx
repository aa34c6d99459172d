// '/' (spec §2): the inner landing, not tied to one hospital (prcMode inner; hospitals are chosen later).
import { useEffect } from 'react';
import { DEFAULT_HOSPITAL_CD } from '@auto-claim/contract';
import { useT } from '../i18n/t';
import { useClaimStore } from '../store/claim';
import { Header } from './landing/Header';
import { LandingBody } from './landing/LandingBody';

export default function InnerLanding() {
  const t = useT();
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
          eyebrow={t('landing.inner.eyebrow', '실손보험 자동청구')}
          title={
            <>
              {t('landing.inner.title1', '병원 진료비,')}
              <br />
              {t('landing.inner.title2', '이제 자동으로 청구하세요')}
            </>
          }
          lead={t(
            'landing.inner.lead',
            '한 번만 가입하면 자동청구 병원에서 받은 진료를 보험사에 알아서 청구해 드려요. 이용료는 무료예요.',
          )}
        />
      }
    />
  );
}
