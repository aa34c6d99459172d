// The guardian's lines of the enrolment summary (README "A parent enrols her children"): the child as entered (her
// resident number masked, DESIGN §5), the parent's relation, and the relation document, each with its change link.
import type { ReactNode } from 'react';
import { maskRrn } from '@auto-claim/contract';
import { t } from '../../../i18n/t';
import type { ClaimState } from '../../../store/claim';
import type { StepId } from '../../../wizard/steps';
import type { SummaryRow } from './SummaryList';
import { GUARDIAN_REL, relationShown } from './child';
import { formatYmd } from './format';

type Change = (step: StepId, label?: string) => NonNullable<SummaryRow['action']>;
type Value = (step: StepId, shown: ReactNode) => { value: ReactNode; missing?: boolean };

const SEX_NM = { M: () => t('child.sex.M', '남자'), F: () => t('child.sex.F', '여자') } as const;

/** The cards a child's enrolment shows first: who the child is, and the proof of the relation. */
export function childCards(s: ClaimState, change: Change, value: Value): { title: string; rows: SummaryRow[] }[] {
  const c = s.child.person;
  const r = s.child.relation;
  return [
    {
      title: t('child.summary.child', '자녀 정보'),
      rows: [
        { key: t('child.info.name', '자녀 이름'), ...value('childInfo', c.userNm), action: change('childInfo') },
        {
          key: t('child.summary.birthday', '생년월일'),
          ...value('childInfo', c.birthday ? formatYmd(c.birthday) : ''),
        },
        { key: t('child.summary.sex', '성별'), ...value('childInfo', c.sex ? SEX_NM[c.sex]() : '') },
        {
          key: t('child.summary.rrn', '주민등록번호'),
          ...value('childInfo', c.userIdno2 ? maskRrn(c.birthday, c.userIdno2) : ''),
        },
        {
          key: t('child.summary.rel', '자녀와의 관계'),
          ...value('childInfo', c.guardianRel ? GUARDIAN_REL[c.guardianRel]() : ''),
        },
      ],
    },
    {
      title: t('child.summary.relation', '가족관계 서류'),
      rows: [
        {
          key: t('child.summary.document', '서류'),
          ...value('relationDoc', relationShown(r)),
          action: change('relationDoc'),
        },
        {
          key: t('child.relation.issueDate', '발급일'),
          ...value('relationDoc', r.issueDate ? formatYmd(r.issueDate) : ''),
        },
        {
          key: t('child.summary.check', '확인'),
          value: t(
            'child.summary.check.detail',
            '신청하면 담당자가 서류를 확인해요. 확인을 마친 뒤부터 자녀의 진료비를 청구해요.',
          ),
        },
      ],
    },
  ];
}
