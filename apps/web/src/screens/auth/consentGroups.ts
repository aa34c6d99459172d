// The one consent screen's groups (README "Accessibility and older patients": what is agreed to, in her words): which
// group each term sits in and the plain one-line explanation beside the words people stop at (고유식별정보, 민감정보,
// 제3자 제공): what is given to whom, and why. A term published later without an entry here falls in its group's
// place by its terms group, and one whose title carries such a word gets that word's general line.
import { CHOSEN_INSURER_TERMS_ID, type Terms } from '@auto-claim/contract';
import { currentLang, t } from '../../i18n/t';

export { ReferenceNote } from '../../i18n/ReferenceNote';

export type ConsentGroupId = 'service' | 'identity' | 'insurer' | 'documents' | 'optional';

/** The groups in her language (read when drawn). */
export const consentGroups = (): { id: ConsentGroupId; title: string; lead: string }[] => [
  {
    id: 'service',
    title: t('consent.group.service', '자동청구 서비스'),
    lead: t('consent.group.service.lead', '가입하고 이용하는 데 필요한 약속이에요.'),
  },
  {
    id: 'identity',
    title: t('consent.group.identity', '본인 확인'),
    lead: t('consent.group.identity.lead', '휴대폰 문자와 주민등록번호로 본인인지 확인하는 데 필요해요.'),
  },
  {
    id: 'insurer',
    title: t('consent.group.insurer', '보험사에 청구'),
    lead: t('consent.group.insurer.lead', '고르실 보험사에 보험금을 청구하는 데 필요해요.'),
  },
  {
    id: 'documents',
    title: t('consent.group.documents', '진료 서류'),
    lead: t('consent.group.documents.lead', '병원이 청구 서류를 내주는 데 필요해요.'),
  },
  {
    id: 'optional',
    title: t('consent.group.optional', '선택 항목'),
    lead: t(
      'consent.group.optional.lead',
      '동의하지 않아도 가입할 수 있어요. 알림톡에 동의하지 않으면 같은 안내를 문자로 보내 드려요.',
    ),
  },
];

const GROUP_OF_TERM: Record<string, ConsentGroupId> = {
  SVC_USE: 'service',
  SVC_PRIVACY: 'service',
  SUBS_SERVICE: 'service',
  SVC_UNIQUE_ID: 'identity',
  SVC_SENSITIVE: 'insurer',
  SVC_THIRD_PARTY: 'insurer',
  SUBS_CLAIM_DELEGATION: 'insurer',
  [CHOSEN_INSURER_TERMS_ID]: 'insurer',
  SUBS_MEDICAL_RECORD: 'documents',
};
const GROUP_OF_KIND: Record<Terms['termsGroup'], ConsentGroupId> = {
  SERVICE: 'service',
  TELECOM: 'identity',
  INSU_CLAIM: 'insurer',
  LMHC_SUBS: 'documents',
};

/** The group a term is shown in: optional ones together, the rest by what they are for. */
export const groupOf = (t: Pick<Terms, 'termsId' | 'termsGroup' | 'required'>): ConsentGroupId =>
  !t.required ? 'optional' : (GROUP_OF_TERM[t.termsId] ?? GROUP_OF_KIND[t.termsGroup]);

const PLAIN_OF_TERM: Record<string, () => string> = {
  SVC_UNIQUE_ID: () => t('consent.plain.SVC_UNIQUE_ID', '고유식별정보(주민등록번호)는 본인 확인에만 써요.'),
  TEL_UNIQUE_ID: () =>
    t('consent.plain.TEL_UNIQUE_ID', '생년월일과 성별 숫자로 휴대폰 명의만 확인하고 저장하지 않아요.'),
  SVC_SENSITIVE: () => t('consent.plain.SVC_SENSITIVE', '민감정보(진료 날짜, 진료비)는 고르신 보험사에만 보내요.'),
  SVC_THIRD_PARTY: () => t('consent.plain.SVC_THIRD_PARTY', '보험사에는 청구 서류를, 병원에는 가입 사실을 보내요.'),
  [CHOSEN_INSURER_TERMS_ID]: () =>
    t('consent.plain.SUBS_INSURER_CONSENT', '고르실 보험사가 이름, 주민등록번호, 진료 내역, 계좌를 받아 심사해요.'),
};
// The words looked for in a term's Korean title (data), each with its line.
const PLAIN_OF_WORD: [word: string, line: () => string][] = [
  [
    '고유식별정보', // i18n-exempt: a word of the Korean title (data)
    () =>
      t('consent.plain.uniqueId', '고유식별정보는 주민등록번호처럼 한 사람에게 하나뿐인 번호예요. 본인 확인에만 써요.'),
  ],
  [
    '민감정보', // i18n-exempt: a word of the Korean title (data)
    () => t('consent.plain.sensitive', '민감정보는 진료 기록 같은 건강 정보예요. 보험금 청구에만 써요.'),
  ],
  [
    '제3자', // i18n-exempt: a word of the Korean title (data)
    () => t('consent.plain.thirdParty', '제3자 제공은 내 정보를 이 서비스 밖의 다른 곳(보험사, 병원)에 보내는 거예요.'),
  ],
];

/** The one-line explanation shown beside a term, if its words need one. */
export const plainOf = (term: Pick<Terms, 'termsId' | 'title'>): string | undefined =>
  (PLAIN_OF_TERM[term.termsId] ?? PLAIN_OF_WORD.find(([word]) => term.title.includes(word))?.[1])?.();

/** The published terms' titles, translated for reference beside the Korean (which binds); none in Korean. */
const TITLE_OF_TERM: Record<string, () => string> = {
  SVC_USE: () => t('terms.title.SVC_USE', '서비스 이용약관'),
  SVC_PRIVACY: () => t('terms.title.SVC_PRIVACY', '개인정보 수집·이용 동의'),
  SVC_UNIQUE_ID: () => t('terms.title.SVC_UNIQUE_ID', '고유식별정보 처리 동의'),
  SVC_SENSITIVE: () => t('terms.title.SVC_SENSITIVE', '민감정보(건강정보) 처리 동의'),
  SVC_THIRD_PARTY: () => t('terms.title.SVC_THIRD_PARTY', '개인정보 제3자 제공 동의'),
  SVC_MARKETING: () => t('terms.title.SVC_MARKETING', '마케팅 정보 수신 동의'),
  TEL_PRIVACY: () => t('terms.title.TEL_PRIVACY', '개인정보 이용 동의 (본인확인)'),
  TEL_UNIQUE_ID: () => t('terms.title.TEL_UNIQUE_ID', '고유식별정보 처리 동의 (본인확인)'),
  TEL_CARRIER: () => t('terms.title.TEL_CARRIER', '통신사 이용약관 동의'),
  TEL_SERVICE: () => t('terms.title.TEL_SERVICE', '본인확인 서비스 이용약관 동의'),
  SUBS_SERVICE: () => t('terms.title.SUBS_SERVICE', '자동청구 서비스 가입 약관'),
  SUBS_MEDICAL_RECORD: () => t('terms.title.SUBS_MEDICAL_RECORD', '진료기록 열람·사본 발급 위임 동의'),
  SUBS_CLAIM_DELEGATION: () => t('terms.title.SUBS_CLAIM_DELEGATION', '보험금 청구 대행 위임 동의'),
  SUBS_KAKAO_NOTI: () => t('terms.title.SUBS_KAKAO_NOTI', '카카오 알림톡 진료·청구 안내 수신 동의'),
  [CHOSEN_INSURER_TERMS_ID]: () =>
    t('terms.title.SUBS_INSURER_CONSENT', '선택하신 보험사의 보험금 청구를 위한 개인(신용)정보 처리 동의'),
};
export const titleOf = (term: Pick<Terms, 'termsId'>): string | undefined =>
  currentLang() === 'ko' ? undefined : TITLE_OF_TERM[term.termsId]?.();
