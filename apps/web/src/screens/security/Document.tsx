// /security/document: plainly, what will be sent to the insurer, from where, and when. Nothing to fill in here.
import { useT } from '../../i18n/t';
import { useInsurers } from '../../api/reference';
import { usePossibleHospitals } from '../../api/possibleHospitals';
import { chosenInsurers, useClaimStore } from '../../store/claim';
import { REQUESTED_DOCUMENT } from '../web/words';
import { InfoStep } from './parts/InfoStep';
import './wizard-1.css';

/** The hospitals this subscription covers, by name: the chosen ones in inner mode, the landing's one in outer mode. */
function useHospitalNames() {
  const { reg, repository, ui } = useClaimStore();
  const inner = ui.prcMode === 'inner';
  const hospitals = usePossibleHospitals();
  if (!inner) return repository.hospitalNm ? [repository.hospitalNm] : [];
  const names = new Map((hospitals.data ?? []).map((h) => [h.hospitalCd, h.hospitalNm]));
  return reg.multiSubscrib.map((cd) => names.get(cd)).filter((n): n is string => Boolean(n));
}

export default function Document() {
  const t = useT();
  const reg = useClaimStore((s) => s.reg);
  const idPhotoRequired = useClaimStore((s) => s.ui.idPhotoRequired);
  const insurers = useInsurers();
  // Several insurers: each gets the same documents for its own claim.
  const insuCompNm =
    chosenInsurers(reg)
      .map((cd) => insurers.data?.list.find((i) => i.insuCompCd === cd)?.insuCompNm ?? '')
      .filter(Boolean)
      .join(', ') || t('sentDocs.insurer.none', '고른 보험사');
  const hospitalNames = useHospitalNames();
  const where = hospitalNames.length > 0 ? hospitalNames.join(', ') : t('sentDocs.hospital.none', '가입한 병원');

  return (
    <InfoStep
      step="document"
      title={t('sentDocs.title', '{insurer}에 이런 서류를 보내요', { insurer: insuCompNm })}
      lead={
        <>
          <strong>{t('sentDocs.lead.none', '직접 챙기실 서류는 없어요.')}</strong>{' '}
          {t('sentDocs.lead', '진료를 받고 진료비를 내면, 병원에서 서류를 받아 보험사에 대신 보내 드려요.')}
        </>
      }
      action={t('documentStep.confirmed', '확인했어요')}
    >
      <section aria-labelledby="doc-list-title" className="wz-block">
        <h3 id="doc-list-title" className="wz-subtitle">
          {t('summary.papers', '보내는 서류')}
        </h3>
        <ul className="doc-list">
          <li>
            <strong>{t('sentDocs.receipt', '진료비 영수증')}</strong>
            <span>{t('sentDocs.receipt.from', '{hospital}에서 받아요.', { hospital: where })}</span>
          </li>
          <li>
            <strong>{t('sentDocs.detail', '진료비 세부산정내역서')}</strong>
            <span>{t('sentDocs.detail.what', '어떤 진료와 검사를 받았는지 적힌 서류예요. 병원에서 받아요.')}</span>
          </li>
          <li>
            <strong>{t('sentDocs.claimForm', '보험금 청구서')}</strong>
            <span>{t('sentDocs.claimForm.what', '지금 입력하시는 정보로 만들어요.')}</span>
          </li>
          <li>
            <strong>{t('sentDocs.legal', '위임장과 개인정보 동의서')}</strong>
            <span>{t('sentDocs.legal.what', '마지막에 서명해 주시면 그 서명으로 만들어요.')}</span>
          </li>
          {idPhotoRequired !== false && (
            <li>
              <strong>{REQUESTED_DOCUMENT.id_copy()}</strong>
              <span>
                {t('sentDocs.idCopy.what', '{insurer}에서 요청하는 서류예요. 다음 단계에서 촬영해요.', {
                  insurer: insuCompNm,
                })}
              </span>
            </li>
          )}
        </ul>
      </section>

      <dl className="wz-facts">
        <div>
          <dt>{t('sentDocs.facts.where', '어디로')}</dt>
          <dd>{insuCompNm}</dd>
        </div>
        <div>
          <dt>{t('sentDocs.facts.hospital', '어느 병원 진료')}</dt>
          <dd>{where}</dd>
        </div>
        <div>
          <dt>{t('sentDocs.facts.when', '언제')}</dt>
          <dd>{t('sentDocs.facts.when.detail', '진료비를 낸 뒤 병원이 서류를 준비하면 바로 보내요.')}</dd>
        </div>
      </dl>
      <p className="field__hint">
        {t(
          'sentDocs.decision',
          '보험금 지급 여부와 금액은 {insurer}에서 보험 계약에 따라 정하고, 결과도 보험사에서 알려 드려요.',
          { insurer: insuCompNm },
        )}
      </p>
    </InfoStep>
  );
}
