// The guardian's lines of the enrolment summary (README "A parent enrols her children"): the child as entered (her
// resident number masked, DESIGN §5), the parent's relation, and the relation document, each with its change link.
import type { ReactNode } from 'react';
import { GUARDIAN_REL_NM, formatYmd, maskRrn } from '@auto-claim/contract';
import type { ClaimState } from '../../../store/claim';
import type { StepId } from '../../../wizard/steps';
import type { SummaryRow } from './SummaryList';
import { relationShown } from './child';

type Change = (step: StepId, label?: string) => NonNullable<SummaryRow['action']>;
type Value = (step: StepId, shown: ReactNode) => { value: ReactNode; missing?: boolean };

const SEX_NM = { M: '남자', F: '여자' } as const;

/** The cards a child's enrolment shows first: who the child is, and the proof of the relation. */
export function childCards(s: ClaimState, change: Change, value: Value): { title: string; rows: SummaryRow[] }[] {
  const c = s.child.person;
  const r = s.child.relation;
  return [
    {
      title: '자녀 정보',
      rows: [
        { key: '자녀 이름', ...value('childInfo', c.userNm), action: change('childInfo') },
        { key: '생년월일', ...value('childInfo', c.birthday ? formatYmd(c.birthday) : '') },
        { key: '성별', ...value('childInfo', c.sex ? SEX_NM[c.sex] : '') },
        { key: '주민등록번호', ...value('childInfo', c.userIdno2 ? maskRrn(c.birthday, c.userIdno2) : '') },
        { key: '자녀와의 관계', ...value('childInfo', c.guardianRel ? GUARDIAN_REL_NM[c.guardianRel] : '') },
      ],
    },
    {
      title: '가족관계 서류',
      rows: [
        { key: '서류', ...value('relationDoc', relationShown(r)), action: change('relationDoc') },
        { key: '발급일', ...value('relationDoc', r.issueDate ? formatYmd(r.issueDate) : '') },
        {
          key: '확인',
          value: '신청하면 담당자가 서류를 확인해요. 확인을 마친 뒤부터 자녀의 진료비를 청구해요.',
        },
      ],
    },
  ];
}
