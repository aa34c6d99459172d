// What the child's screens share (README "A parent enrols her children"): how a relation is shown, what the summary
// asks of the child's steps, and the finish of a child's enrolment: her relation document sent right after her
// subscription, the child remembered for the finish screen, and what her brother or sister starts from.
import {
  BANK_ACCOUNT_RELS,
  SELF_REL,
  adultOn,
  childCalled,
  type GuardianRel,
  type RelationDocType,
  type RelationStatus,
  type SubscriptionView,
} from '@auto-claim/contract';
import { ApiError } from '../../../api/client';
import { sendRelationDocument } from '../../../api/children';
import { useClaimStore, type ChildDone, type ClaimState, type Reg } from '../../../store/claim';
import { GUARDIAN_ACCOUNT_REL } from '../../../wizard/nextChild';
import { particle } from '../../../i18n/josa';
import { currentLang, t } from '../../../i18n/t';

/** The relations as the parent chooses them (titles: GUARDIAN_REL_CHOICE_NM); `sex`: the verified parent's sex each
 * fits (none: any). */
export const GUARDIAN_REL_SHOWN: Record<GuardianRel, { detail?: () => string; sex?: ('M' | 'F')[] }> = {
  father: { sex: ['M'] },
  mother: { sex: ['F'] },
  guardian: { detail: () => t('child.guardian.detail', '후견인처럼 법원이 정한 법정대리인이에요.') },
};

// The contract's children's words in her language (docs/decisions/0010-message-catalogs.md): each Korean source is the
// contract's word (vocabulary.ts), so a Korean phone reads what it did (childWords.test.ts holds them equal).

/** The relation as she chooses it on the child's step (contract GUARDIAN_REL_CHOICE_NM). */
export const GUARDIAN_REL_CHOICE: Record<GuardianRel, () => string> = {
  father: () => t('child.rel.choice.father', '아버지 (부)'),
  mother: () => t('child.rel.choice.mother', '어머니 (모)'),
  guardian: () => t('child.rel.choice.guardian', '그 밖의 법정대리인'),
};
/** The relation as the documents write it (contract GUARDIAN_REL_NM). */
export const GUARDIAN_REL: Record<GuardianRel, () => string> = {
  father: () => t('child.rel.father', '부'),
  mother: () => t('child.rel.mother', '모'),
  guardian: () => t('child.rel.guardian', '법정대리인(후견인)'),
};
/** The relation document's kinds (contract RELATION_DOC_TYPE_NM). */
export const RELATION_DOC_TYPE: Record<RelationDocType, () => string> = {
  family: () => t('child.docType.family', '가족관계증명서'),
  resident: () => t('child.docType.resident', '주민등록등본'),
};
/** The relation document's state (contract RELATION_STATUS_NM). */
export const RELATION_STATUS: Record<RelationStatus, () => string> = {
  required: () => t('relation.status.required', '서류를 보내 주세요'),
  pending: () => t('relation.status.pending', '서류 확인 중'),
  confirmed: () => t('relation.status.confirmed', '서류 확인 완료'),
  refused: () => t('relation.status.refused', '서류를 다시 올려 주세요'),
};

/** A payout account's relation to the insured person as offered; `holder`: the name it must be in, when known. */
export interface AccountRel {
  code: string;
  name: string;
  holder?: string;
  holderHint?: string;
  holderMessage?: string;
}

/**
 * The relations the payout account may have (contract bankAccountRel). The self case: all of them, 본인 in the verified
 * name. A child's: the child's own account or the parent's (contract reg.child), each in its owner's name.
 */
export function accountRelsOf(s: Pick<ClaimState, 'reg' | 'ui' | 'child'>): AccountRel[] {
  const parent = s.reg.userNm;
  if (!forChild(s)) {
    return BANK_ACCOUNT_RELS.map((r) =>
      r.code === SELF_REL && parent
        ? {
            ...r,
            name: relName(r.code),
            holder: parent,
            holderHint: t('account.self.hint', '본인 계좌예요.'),
            holderMessage: t(
              'account.self.mismatch',
              '본인 계좌라면 예금주는 본인인증한 이름({name}){nameJosa} 같아야 해요.',
              { name: parent, nameJosa: particle(parent, '와/과') },
            ),
          }
        : { ...r, name: relName(r.code) },
    );
  }
  const child = s.child.person.userNm;
  return [
    {
      code: GUARDIAN_ACCOUNT_REL,
      name: t('account.guardian', '보호자 명의'),
      holder: parent,
      holderHint: t('account.guardian.hint', '보호자 본인 계좌예요.'),
      holderMessage: t(
        'account.guardian.mismatch',
        '보호자 계좌라면 예금주는 본인인증한 이름({name}){nameJosa} 같아야 해요.',
        { name: parent, nameJosa: particle(parent, '와/과') },
      ),
    },
    {
      code: SELF_REL,
      name: t('account.child', '자녀 명의'),
      holder: child,
      holderHint: t('account.child.hint', '자녀 이름으로 된 계좌예요.'),
      holderMessage: t('account.child.mismatch', '자녀 계좌라면 예금주는 자녀 이름({name}){nameJosa} 같아야 해요.', {
        name: child,
        nameJosa: particle(child, '와/과'),
      }),
    },
  ];
}

/** A relation's name (contract BANK_ACCOUNT_RELS) in her language. */
function relName(code: string): string {
  const names: Record<string, () => string> = {
    '1': () => t('account.rel.self', '본인'),
    '2': () => t('account.rel.spouse', '배우자'),
    '3': () => t('account.rel.parent', '부모'),
    '4': () => t('account.rel.child', '자녀'),
    '9': () => t('account.rel.family', '기타 가족'),
  };
  return names[code]?.() ?? code;
}

/** Is this enrolment a child's? */
export const forChild = (s: Pick<ClaimState, 'ui'>) => s.ui.insured === 'child';

/** The answers the summary checks on the child's steps, and what it says when one is missing. */
export const CHILD_MISSING = {
  childInfo: {
    test: (s: ClaimState) => {
      const c = s.child.person;
      return Boolean(c.userNm && /^\d{8}$/.test(c.birthday) && c.sex && /^\d{7}$/.test(c.userIdno2) && c.guardianRel);
    },
    message: () => t('summary.missing.child', '자녀 정보를 입력해 주세요.'),
  },
  relationDoc: {
    test: (s: ClaimState) => Boolean(s.child.relation.docType && s.child.relation.file && s.child.relation.issueDate),
    message: () => t('summary.missing.relationDoc', '가족관계증명서나 주민등록등본을 올려 주세요.'),
  },
} as const;

/** The kind of file a data URL holds, as the summary and the finish screen say it. */
export const fileKindOf = (dataUrl: string) =>
  dataUrl.startsWith('data:application/pdf') ? t('child.file.pdf', 'PDF 파일') : t('child.file.photo', '사진');

/** "가족관계증명서 (2026년 11월 20일 발급) 사진" */
export function relationShown(r: ClaimState['child']['relation']) {
  if (!r.docType) return '';
  return t('child.relation.shown', '{docType} {file}', {
    docType: RELATION_DOC_TYPE[r.docType](),
    file: fileKindOf(r.file),
  });
}

/** What a parent's own answers are: carried to her next child (wizard/nextChild.ts says which steps that passes). */
const CARRIED: (keyof Reg)[] = [
  'hospitalCd',
  'multiSubscrib',
  'idcardImg',
  'idcardType',
  'idcardIssueDate',
  'idcardIssueOrg',
  'regNo',
  'checkCd',
  'minAmt',
  'retroMonth',
  'userPostNo',
  'userAddr',
  'userAddrDetail',
  'userEmail',
  'insuCompCd',
  'insuCompCds',
];
/** Her own payout account serves every child; a child's own account stays that child's. */
const CARRIED_ACCOUNT: (keyof Reg)[] = ['bankCd', 'bankAccount', 'bankAccountHolder', 'bankAccountRel'];

/**
 * After a child's subscription: her relation document goes up with the child's insuApplyId, the child is remembered
 * for the finish screen, and what her brother or sister starts from is kept. Call before the store's reset().
 */
export async function finishChild(answer: SubscriptionView): Promise<ChildDone> {
  const s = useClaimStore.getState();
  const insuApplyId = answer.subscription?.insuApplyId ?? '';
  const { relation, person } = s.child;
  let done: ChildDone = {
    insuApplyId,
    userNm: person.userNm || answer.subscription?.userNm || '',
    relationStatus: answer.subscription?.child?.relationStatus ?? 'required',
    uploadError: '',
    relation,
    guardianRel: person.guardianRel,
    adultOn: answer.subscription?.child?.adultOn ?? (person.birthday ? adultOn(person.birthday) : ''),
  };
  if (relation.docType && relation.file && insuApplyId) {
    const sent = await sendRelationDocument(insuApplyId, {
      docType: relation.docType,
      issueDate: relation.issueDate,
      file: relation.file,
    });
    done =
      sent instanceof ApiError
        ? { ...done, uploadError: sent.problem?.errors?.[0]?.message ?? sent.detail }
        : { ...done, relationStatus: sent.relation.status, userNm: sent.userNm };
  }
  const keep = [...CARRIED, ...(s.reg.bankAccountRel === '3' ? CARRIED_ACCOUNT : [])];
  const carry = {
    reg: Object.fromEntries(keep.map((k) => [k, s.reg[k]])) as Partial<Reg>,
    ui: { bankNm: s.ui.bankNm, bankAccountRelNm: s.ui.bankAccountRelNm, prcMode: s.ui.prcMode },
  };
  s.setChild({ done: [...s.child.done, done], carry });
  return done;
}

/**
 * "다른 자녀도 신청하기": the next child starts from what the one before carried; her own answers (who she is, her
 * relation document, her insurer's consent, her job, the signature) are asked again.
 */
export function startNextChild() {
  const s = useClaimStore.getState();
  const { carry, done } = s.child;
  if (carry) {
    s.setReg({ ...carry.reg, agreeIds: [], jobCd: '', jobNm: '', signImg: '', signTypedNm: '' });
    s.setUi(carry.ui);
  }
  s.setReg({ insuApplyId: '' });
  s.setUi({ insured: 'child' });
  s.setChild({
    person: {
      userNm: '',
      birthday: '',
      sex: '',
      userIdno2: '',
      guardianRel: done.at(-1)?.guardianRel ?? '',
      userTel: '',
    },
    relation: { docType: '', issueDate: '', file: '', fileName: '' },
  });
}

/**
 * How the parent calls her child in a sentence: 지민이, 서아 in Korean; in another language, where 지민이's 이 is no
 * part of a name, the name as entered.
 */
export const calledNm = (userNm: string) =>
  userNm ? (currentLang() === 'ko' ? childCalled(userNm) : userNm) : t('account.rel.child', '자녀');
