// On a paediatric hospital's landing (README "A parent enrols her children"): that a parent may enrol her children and
// what paper it takes, as the relation-document step asks it (contract children.ts), before she starts. Its own chunk:
// only a children's hospital's landing loads it (OuterLanding.tsx).
import { ADULT_AGE, RELATION_DOCUMENT_MAX_AGE_MONTHS } from '@auto-claim/contract';
import { useT } from '../../i18n/t';

export default function ChildrenNote() {
  const t = useT();
  return (
    <section className="landing-section landing-children" aria-labelledby="children-note-title">
      <h2 id="children-note-title" className="landing-section__title">
        {t('landing.children.title', '부모님이 자녀의 자동청구를 신청할 수 있어요')}
      </h2>
      <ul className="landing-children__list">
        <li>
          {t(
            'landing.children.who',
            '만 {age}세 미만 자녀는 부모(법정대리인)가 본인인증을 하고 자녀 이름으로 신청해요.',
            { age: ADULT_AGE },
          )}
        </li>
        <li>
          <strong>
            {t('landing.children.paper', '{months}개월 안에 발급한 가족관계증명서나 주민등록등본', {
              months: RELATION_DOCUMENT_MAX_AGE_MONTHS,
            })}
          </strong>
          {t('landing.children.paperNeeded', '이 필요해요. 자녀와 보호자의 이름이 함께 나와야 해요.')}
        </li>
        <li>
          {t('landing.children.upload', '정부24에서 받은 PDF를 올리거나, 종이 서류를 사진으로 찍어 올리면 돼요.')}
        </li>
        <li>
          {t('landing.children.idcard', '신분증은 자녀가 아니라 보호자 본인의 신분증이에요(보험사가 요청할 때만).')}
        </li>
      </ul>
    </section>
  );
}
