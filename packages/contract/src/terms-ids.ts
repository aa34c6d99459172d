// Terms the product itself acts on, by id. Kept apart from the schemas (no zod here), so that a screen which only
// names a term, like the consent screen fetched after the landing is idle, does not bring the validator with it.

/**
 * The optional 알림톡 consent among optTerms (the spec's kakaoNotiCheck): with it, messages go by 알림톡 with SMS/LMS
 * fallback; without it, by SMS/LMS only, never KakaoTalk.
 */
export const KAKAO_NOTI_TERMS_ID = 'SUBS_KAKAO_NOTI';
/**
 * The insurer's consent given on the one consent screen before the insurer is chosen (a required LMHC_SUBS term): the
 * insurer screen applies it to each chosen insurer as that insurer's own INSU_CLAIM term, recorded with its version
 * (docs/decisions/0007-enrolment-walk.md).
 */
export const CHOSEN_INSURER_TERMS_ID = 'SUBS_INSURER_CONSENT';
