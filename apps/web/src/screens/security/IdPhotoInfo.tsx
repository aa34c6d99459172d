// /security/idPhotoInfo: before the camera opens, which ID documents the insurer takes and how to photograph one.
import type { IdcardType } from '@auto-claim/contract';
import { useInsurers } from '../../api/reference';
import { loadFailedMessage } from '../../api/queryClient';
import { useChosenPhotoTypes } from '../../api/uiControls';
import { t, useT } from '../../i18n/t';
import { chosenInsurers, useClaimStore } from '../../store/claim';
import { LoadError } from '../../wizard/WizardStep';
import { idcardName } from './parts/IdcardFields';
import { InfoStep } from './parts/InfoStep';
import './wizard-1.css';

const TYPE_DETAIL: Record<IdcardType, () => string> = {
  ic: () => t('idPhotoInfo.type.ic', '앞면만 찍어요.'),
  dl: () => t('idPhotoInfo.type.dl', '앞면만 찍어요. 사진 아래 작은 암호일련번호가 보이게 해 주세요.'),
  pp: () => t('idPhotoInfo.type.pp', '사진이 있는 면을 펼쳐서 찍어요.'),
  ac: () => t('idPhotoInfo.type.foreign', '앞면만 찍어요. 외국인등록번호와 발급일자가 보이게 해 주세요.'),
  pr: () => t('idPhotoInfo.type.foreign', '앞면만 찍어요. 외국인등록번호와 발급일자가 보이게 해 주세요.'),
};

export default function IdPhotoInfo() {
  const t = useT();
  const reg = useClaimStore((s) => s.reg);
  const codes = chosenInsurers(reg);
  const insuCompCd = codes[0] ?? '';
  const insurers = useInsurers();
  const controls = useChosenPhotoTypes(codes);
  const insuCompNm =
    codes
      .map((cd) => insurers.data?.list.find((i) => i.insuCompCd === cd)?.insuCompNm ?? '')
      .filter(Boolean)
      .join('·') || t('account.payer', '보험사');

  return (
    <InfoStep
      step="idPhotoInfo"
      title={t('idPhotoInfo.title', '신분증을 사진으로 찍어 주세요')}
      lead={t('idPhotoInfo.lead', '{insurer}에서 보험금을 청구한 사람이 본인인지 확인할 때 써요.', {
        insurer: insuCompNm,
      })}
      action={t('idPhotoInfo.go', '신분증 찍으러 가기')}
    >
      <section aria-labelledby="id-types-title" className="wz-block">
        <h3 id="id-types-title" className="wz-subtitle">
          {t('idPhotoInfo.types', '이 중 하나면 돼요')}
        </h3>
        {controls.isError && (
          <LoadError
            message={loadFailedMessage(
              t('idPhotoInfo.controls.what', '{insurer} 신분증 제출 설정', { insurer: insuCompNm }),
            )}
            onRetry={() => void controls.refetch()}
          />
        )}
        {controls.isPending && insuCompCd && <div className="skeleton wz-skeleton-short" aria-hidden="true" />}
        {controls.data && (
          <ul className="doc-list">
            {controls.data.idPhotoTypes.map((type) => (
              <li key={type}>
                <strong>{idcardName(type)}</strong>
                <span>{TYPE_DETAIL[type]()}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <figure className="idguide">
        <svg viewBox="0 0 320 200" role="img" aria-labelledby="idguide-cap" className="idguide__art">
          <rect x="0" y="0" width="320" height="200" rx="16" fill="#3b4450" />
          <rect x="40" y="30" width="240" height="140" rx="12" fill="#ffffff" />
          <rect x="58" y="52" width="60" height="76" rx="6" fill="#d7e3f8" />
          <rect x="132" y="56" width="120" height="12" rx="4" fill="#c9cfd6" />
          <rect x="132" y="80" width="96" height="10" rx="4" fill="#e5e8eb" />
          <rect x="132" y="98" width="110" height="10" rx="4" fill="#e5e8eb" />
          <rect x="58" y="142" width="150" height="10" rx="4" fill="#e5e8eb" />
          <path
            d="M24 44V22h22M296 44V22h-22M24 156v22h22M296 156v22h-22"
            stroke="#4d8ef7"
            strokeWidth="5"
            fill="none"
            strokeLinecap="round"
          />
        </svg>
        <figcaption id="idguide-cap">
          {t('idPhotoInfo.guide', '어두운 바탕 위에 신분증을 놓고, 네 모서리가 모두 화면 안에 들어오게 찍어요.')}
        </figcaption>
      </figure>

      <section aria-labelledby="id-tips-title" className="wz-block">
        <h3 id="id-tips-title" className="wz-subtitle">
          {t('idPhotoInfo.tips', '잘 찍는 방법')}
        </h3>
        <ul className="tip-list">
          <li>{t('idPhotoInfo.tip.light', '밝은 곳에서, 불빛이 반사되지 않게 찍어 주세요.')}</li>
          <li>{t('idPhotoInfo.tip.still', '글자가 흐리지 않게 휴대폰을 잠시 멈추고 찍어 주세요.')}</li>
          <li>{t('idPhotoInfo.tip.hand', '신분증을 손으로 가리지 말아 주세요.')}</li>
          {controls.data?.maskBackNumber && (
            <li>{t('idPhotoInfo.tip.mask', '주민등록번호 뒷자리는 가려서 찍어도 괜찮아요.')}</li>
          )}
          <li>{t('idPhotoInfo.tip.kept', '사진은 이 휴대폰에서 크기를 줄여 보내고, 암호화해서 보관해요.')}</li>
        </ul>
      </section>
    </InfoStep>
  );
}
