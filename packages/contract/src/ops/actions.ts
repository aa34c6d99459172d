// What an operator can do that is written down (operator_action.action), each with its Korean label (the access log's
// screen and filter) and the sentence a claim's timeline shows: the one list, so that no action shows its raw code.
export const OPERATOR_ACTION = {
  /** Signed in with the second factor (detail: totp, recovery_code or setup). */
  sign_in: { nm: '로그인', did: '운영자가 로그인했어요' },
  /** A wrong password or second factor for an account that exists (detail: which), or a lockout. */
  sign_in_failed: { nm: '로그인 실패', did: '운영자 로그인이 실패했어요' },
  sign_out: { nm: '로그아웃', did: '운영자가 로그아웃했어요' },
  second_factor_set: { nm: '2단계 인증 설정', did: '운영자가 2단계 인증을 설정했어요' },
  /** An operator set her own password (the one an admin issued, at her first sign-in, or later). */
  password_changed: { nm: '비밀번호 변경', did: '운영자가 비밀번호를 바꿨어요' },
  /** An operator saw a patient's unmasked name and phone; the reason is required. */
  patient_revealed: { nm: '환자 정보 확인', did: '운영자가 환자 정보를 확인했어요' },
  /** An operator searched for a person by what a caller said (detail: the kinds of key, never the values). */
  patient_searched: { nm: '환자 찾기', did: '운영자가 환자를 찾았어요' },
  /** An operator downloaded a claim's documents (PDF package). */
  documents_downloaded: { nm: '청구 서류 내려받기', did: '운영자가 청구 서류를 내려받았어요' },
  /** An operator exported a list as CSV (target: the list; detail: its filter, rows and outcome, ops/exports.ts). */
  list_exported: { nm: '목록 내려받기 (CSV)', did: '운영자가 목록을 내려받았어요' },
  claim_retried: { nm: '청구 다시 보내기', did: '운영자가 다시 보내기를 요청했어요' },
  claim_status_set: { nm: '청구 상태 변경', did: '운영자가 청구 상태를 바꿨어요' },
  insurer_answer_recorded: { nm: '보험사 답변 기록', did: '운영자가 보험사 답변을 기록했어요' },
  dead_letter_handled: { nm: '보내지 못한 청구 처리 완료', did: '운영자가 처리 완료로 표시했어요' },
  notification_retried: { nm: '알림 다시 보내기', did: '운영자가 알림을 다시 보내도록 했어요' },
  record_held_answered: { nm: '보류 기록 처리', did: '운영자가 보류된 기록을 처리했어요' },
  /** A held record released to its subscriber (reason required); the engine then claims it as usual. */
  record_released: { nm: '보류 기록 연결', did: '운영자가 보류된 기록을 가입자에게 연결했어요' },
  /** An operator opened a held record beside its subscriber's name and birth date, unmasked, to decide it. */
  record_held_viewed: { nm: '보류 기록 확인', did: '운영자가 보류된 기록을 가입자 정보와 맞춰 봤어요' },
  /** An operator opened a subscriber's page (her subscriptions, children, claims, notes, access log; masked). */
  subscriber_viewed: { nm: '가입자 정보 열람', did: '운영자가 가입자 정보를 열어 봤어요' },
  /** A held record set aside (reason required): never claimed; the hospital's feed says so. */
  record_set_aside: { nm: '보류 기록 제외', did: '운영자가 보류된 기록을 청구하지 않기로 했어요' },
  /** A note on a claim (its text is in the claim's timeline, encrypted at rest, not here). */
  claim_note_added: { nm: '청구 메모', did: '운영자가 메모를 남겼어요' },
  hospital_created: { nm: '병원 추가', did: '운영자가 병원을 추가했어요' },
  hospital_updated: { nm: '병원 수정', did: '운영자가 병원 정보를 고쳤어요' },
  hospital_key_issued: { nm: '병원 API 키 발급', did: '운영자가 병원 API 키를 발급했어요' },
  hospital_key_rotated: { nm: '병원 API 키 교체', did: '운영자가 병원 API 키를 바꿨어요' },
  hospital_key_revoked: { nm: '병원 API 키 폐기', did: '운영자가 병원 API 키를 폐기했어요' },
  /** A hospital user registered a key her hospital signs its bundles with (target: the hospital; detail: its kid). */
  signing_key_added: { nm: '번들 서명 키 등록', did: '병원 사용자가 번들 서명 키를 등록했어요' },
  signing_key_revoked: { nm: '번들 서명 키 폐기', did: '병원 사용자가 번들 서명 키를 폐기했어요' },
  insurer_updated: { nm: '보험사 설정 변경', did: '운영자가 보험사 설정을 바꿨어요' },
  insurer_test_delivery: { nm: '보험사 시험 전송', did: '운영자가 보험사에 시험 전송을 했어요' },
  /** A change of where an insurer's claims go, asked (detail: the fields and values); waits for another admin. */
  insurer_destination_requested: {
    nm: '보험사 전송 주소 변경 요청',
    did: '운영자가 보험사 전송 주소 변경을 요청했어요',
  },
  /** …approved by a second admin (the insurer's row changed) or rejected (detail: the request's id). */
  insurer_destination_approved: {
    nm: '보험사 전송 주소 변경 승인',
    did: '운영자가 보험사 전송 주소 변경을 승인했어요',
  },
  insurer_destination_rejected: {
    nm: '보험사 전송 주소 변경 거절',
    did: '운영자가 보험사 전송 주소 변경을 거절했어요',
  },
  terms_published: { nm: '약관 게시', did: '운영자가 약관을 게시했어요' },
  /** A scheduled version, before its effective date: its text or date corrected, or withdrawn (kept for the record). */
  terms_corrected: { nm: '약관 시행 전 수정', did: '운영자가 시행 전 약관을 고쳤어요' },
  terms_withdrawn: { nm: '약관 게시 철회', did: '운영자가 시행 전 약관 게시를 철회했어요' },
  operator_created: { nm: '운영자 추가', did: '운영자를 추가했어요' },
  operator_updated: { nm: '운영자 변경', did: '운영자 권한을 바꿨어요' },
  operator_second_factor_reset: { nm: '운영자 2단계 인증 초기화', did: '운영자의 2단계 인증을 초기화했어요' },
  operator_disabled: { nm: '운영자 사용 중지', did: '운영자 계정을 사용 중지했어요' },
  /** A new admin, a promotion to admin or an admin's second factor reset, asked (detail: the change); waits for another. */
  operator_change_requested: { nm: '관리자 계정 변경 요청', did: '운영자가 관리자 계정 변경을 요청했어요' },
  /** …approved by another, independent admin: it applies after the hold (detail: when). */
  operator_change_approved: { nm: '관리자 계정 변경 승인', did: '운영자가 관리자 계정 변경을 승인했어요' },
  /** …refused by an admin, or withdrawn by its asker. */
  operator_change_refused: { nm: '관리자 계정 변경 거절', did: '운영자가 관리자 계정 변경을 거절했어요' },
  /** …applied at the end of its hold (written under the approver's id). */
  operator_change_applied: { nm: '관리자 계정 변경 적용', did: '승인된 관리자 계정 변경이 적용됐어요' },
  /** The child case: an operator opened a guardian's relation document beside the names she entered. */
  relation_document_viewed: { nm: '가족관계 서류 열람', did: '운영자가 가족관계 서류를 열어 봤어요' },
  relation_confirmed: { nm: '가족관계 확인', did: '운영자가 보호자와 자녀의 관계를 확인했어요' },
  /** The reason the guardian reads is the action's reason. */
  relation_refused: { nm: '가족관계 서류 반려', did: '운영자가 가족관계 서류를 반려했어요' },
  /** Whose subscription of one insured person stays (detail: holder or claimant; reason required). */
  insured_dispute_resolved: { nm: '가입 분쟁 처리', did: '운영자가 한 사람의 두 가입 중 하나를 정했어요' },
  /** An admin ended an operator's sign-in locks. */
  operator_unlocked: { nm: '운영자 로그인 잠금 해제', did: '운영자 로그인 잠금을 풀었어요' },
} as const satisfies Record<string, { nm: string; did: string }>;

export type OperatorAction = keyof typeof OPERATOR_ACTION;
export const OPERATOR_ACTIONS = Object.keys(OPERATOR_ACTION) as [OperatorAction, ...OperatorAction[]];
export const isOperatorAction = (action: string): action is OperatorAction => Object.hasOwn(OPERATOR_ACTION, action);

/** An action's label; a code from an older release that the list no longer names reads as a generic label. */
export const operatorActionNm = (action: string) =>
  isOperatorAction(action) ? OPERATOR_ACTION[action].nm : '기타 운영자 작업';
/** The sentence a claim's timeline shows for the action. */
export const operatorActionDid = (action: string) =>
  isOperatorAction(action) ? OPERATOR_ACTION[action].did : '운영자가 작업을 했어요';
