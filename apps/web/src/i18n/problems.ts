// The server's own refusals in her language (docs/decisions/0010-message-catalogs.md): the problem details and field
// messages a patient's calls can be answered with (apps/server/src: AppError, http/problem.ts), which the server says
// in Korean. refusals.ts finds them here: by the problem's code where the code says one thing whatever the case, else
// by the exact Korean, else by the Korean of a sentence with numbers or names in it (its ICU arguments). Loaded only
// with another language's catalog (lang.ts): a Korean phone shows the server's Korean and never loads this.
// refusals.test.ts reads the server's source and fails on a refusal a patient can meet that is not here.
import { knowServerRefusals, problemIn, type ServerRefusals } from './refusals';
import { sayProblemsWith, t } from './t';

/** Codes whose detail is one sentence whatever the case (the HTTP layer's; step-up leaves out the server's "why"). */
const BY_CODE: ServerRefusals['byCode'] = {
  RATE_LIMITED: () => t('problem.rateLimited', '요청이 너무 많아요. 잠시 후 다시 시도해 주세요.'),
  INTERNAL_ERROR: () => t('problem.internal', '일시적인 문제가 생겼어요. 잠시 후 다시 시도해 주세요.'),
  NOT_READY: () => t('problem.notReady', '지금은 요청을 받을 수 없어요. 잠시 후 다시 시도해 주세요.'),
  BODY_TOO_LARGE: () => t('problem.bodyTooLarge', '보낸 내용이 너무 커요. 크기를 줄여 다시 시도해 주세요.'),
  UNSUPPORTED_MEDIA_TYPE: () => t('problem.mediaType', 'JSON 형식으로 보내 주세요.'),
  EMPTY_BODY: () => t('problem.emptyBody', '보낸 내용이 비어 있어요.'),
  INVALID_JSON: () => t('problem.invalidJson', '보낸 내용을 읽을 수 없어요. 형식을 확인해 주세요.'),
  INVALID_CONTENT_LENGTH: () => t('problem.contentLength', '보낸 내용의 길이가 맞지 않아요.'),
  BAD_URL: () => t('problem.badUrl', '주소를 읽을 수 없어요. 주소가 올바른지 확인해 주세요.'),
  URL_TOO_LONG: () => t('problem.urlTooLong', '주소가 너무 길어요. 주소가 올바른지 확인해 주세요.'),
  HEADERS_TOO_LARGE: () =>
    t('problem.headersTooLarge', '요청의 주소나 헤더가 너무 길어요. 주소가 올바른지 확인해 주세요.'),
  REQUEST_TIMEOUT: () => t('problem.requestTimeout', '요청을 받는 데 시간이 너무 오래 걸렸어요. 다시 시도해 주세요.'),
  ORIGIN_FORBIDDEN: () =>
    t('problem.origin', '다른 사이트에서 보낸 요청은 받을 수 없어요. 자동청구 화면에서 다시 시도해 주세요.'),
  STEP_UP_REQUIRED: () => t('problem.stepUp', '본인인증을 한 번 더 해 주세요. 휴대폰으로 받은 인증번호만 넣으면 돼요.'),
};

/** Sentences the server writes as they are. */
const EXACT: ServerRefusals['exact'] = [
  // The HTTP layer (http/problem.ts, bad-request.ts, control-text.ts)
  () => t('problem.badRequest', '요청을 처리할 수 없어요. 입력한 내용을 확인해 주세요.'),
  () => t('problem.unreadable', '요청을 읽을 수 없어요. 다시 시도해 주세요.'),
  () => t('problem.checkInput', '입력한 내용을 확인해 주세요.'),
  () => t('problem.invalidValue', '값이 올바르지 않아요.'),
  () => t('problem.controlText', '쓸 수 없는 글자(NUL 같은 제어 문자)가 있어요. 글자를 확인해 다시 입력해 주세요.'),
  () => t('problem.notFound.address', '요청한 주소를 찾을 수 없어요.'),
  () => t('problem.notFound.file', '요청한 파일을 찾을 수 없어요.'),
  () => t('problem.webNotBuilt', '화면이 아직 준비되지 않았어요. 잠시 후 다시 시도해 주세요.'),
  // Sessions and links (security/sessions.ts, session.ts, treats/link.ts)
  () => t('problem.unauthenticated', '인증 시간이 지났거나 인증하지 않았어요. 처음부터 다시 본인인증을 해 주세요.'),
  () => t('problem.ciMismatch', '인증한 본인의 정보로만 신청할 수 있어요.'),
  () => t('problem.ciMismatch.field', '본인인증한 사람과 다른 사람의 정보예요.'),
  () =>
    t(
      'problem.stepUpPerson',
      '지금 이용 중인 분과 다른 분으로 인증했어요. 알림톡을 받은 분의 휴대폰으로 본인인증을 해 주세요.',
    ),
  () =>
    t(
      'problem.link.expired',
      '링크의 사용 시간이 지났거나 잘못된 링크예요. 휴대폰 본인인증을 하면 내역을 볼 수 있어요.',
    ),
  () => t('problem.link.device', '이 링크는 처음 연 휴대폰에서만 열려요. 휴대폰 본인인증을 하면 내역을 볼 수 있어요.'),
  () =>
    t(
      'problem.link.cancelled',
      '자동청구를 해지해서 이 링크는 더 쓸 수 없어요. 휴대폰 본인인증을 하면 지난 내역을 볼 수 있어요.',
    ),
  () =>
    t(
      'problem.link.ended',
      '자동청구를 해지해서 알림톡 링크로는 더 볼 수 없어요. 휴대폰 본인인증을 하면 내역을 볼 수 있어요.',
    ),
  // Identity verification (identity/service.ts)
  () =>
    t(
      'problem.identity.refused',
      '본인확인 기관이 입력한 정보로 인증번호를 보내지 못했어요. 이름, 생년월일, 통신사(알뜰폰 포함)가 맞는지 확인해 주세요.',
    ),
  () => t('problem.identity.limited', '본인확인 요청이 너무 많아요. 잠시 후 다시 시도해 주세요.'),
  () => t('problem.identity.unavailable', '본인확인 기관과 잠시 연결되지 않아요. 잠시 후 다시 시도해 주세요.'),
  () =>
    t(
      'problem.identity.address',
      '이 인터넷 연결에서 마치지 않은 인증 요청이 너무 많아요. 내일 다시 시도하거나 다른 연결에서 시도해 주세요.',
    ),
  () => t('problem.sms.phoneDaily', '이 휴대폰 번호로는 오늘 인증번호를 더 보낼 수 없어요. 내일 다시 시도해 주세요.'),
  () => t('problem.sms.unknown', '인증 요청을 찾을 수 없어요. 인증번호를 다시 받아 주세요.'),
  () => t('problem.sms.unknown.field', '인증 요청을 찾을 수 없어요.'),
  () => t('problem.sms.used', '이미 사용한 인증번호예요. 인증번호를 다시 받아 주세요.'),
  () => t('problem.sms.expired', '인증 시간이 지났어요. 인증번호를 다시 받아 주세요.'),
  () => t('problem.sms.expired.field', '인증 시간이 지났어요.'),
  () =>
    t(
      'problem.identity.person',
      '본인확인 결과가 입력한 이름이나 생년월일과 달라요. 입력한 정보를 확인하고 인증번호를 다시 받아 주세요.',
    ),
  // Enrolment and her subscription (subscriptions/*.ts, terms/agreements.ts)
  () => t('problem.person', '본인인증한 사람의 정보로만 신청할 수 있어요.'),
  () => t('problem.person.regNo', '본인인증한 분의 등록번호가 아니에요.'),
  () => t('problem.person.rrn', '본인인증한 사람의 주민등록번호가 아니에요.'),
  () => t('problem.person.birth', '생년월일이 본인인증한 정보와 달라요.'),
  () => t('problem.person.enrolledRrn', '가입할 때 입력한 주민등록번호와 달라요.'),
  () => t('problem.person.enrolledRrn.field', '주민등록번호 뒷자리가 가입할 때와 달라요.'),
  () => t('problem.rrn.mismatch', '주민등록번호가 본인인증한 분의 것이 아니에요.'),
  () =>
    t(
      'problem.rrn.mismatch.field',
      '본인인증한 분의 주민등록번호가 아니에요. 주민등록번호 뒷자리를 다시 확인해 주세요.',
    ),
  () =>
    t(
      'problem.rrn.heldByGuardian',
      '보호자가 이 주민등록번호로 이미 자녀 자동청구에 가입해 두었어요. 한 사람은 한 번만 가입할 수 있어서, 운영자가 확인할 수 있게 접수해 두었어요.',
    ),
  () => t('problem.rrn.inUse', '이 주민등록번호로 이미 다른 분이 자동청구에 가입되어 있어요.'),
  () =>
    t(
      'problem.rrn.inUse.field',
      '다른 분이 이미 쓰고 있는 주민등록번호예요. 본인의 주민등록번호 뒷자리가 맞는지 확인해 주세요.',
    ),
  () => t('problem.alreadySubscribed', '이미 자동청구에 가입되어 있어요. 병원을 더하려면 병원 추가를 이용해 주세요.'),
  () => t('problem.notSubscribed', '가입된 자동청구가 없어요. 먼저 자동청구에 가입해 주세요.'),
  () => t('problem.notSubscribed.short', '가입 정보를 찾을 수 없어요.'),
  () => t('problem.hospital.notSubscribed', '자동청구하고 있는 병원이 아니에요.'),
  () =>
    t('problem.hospital.last', '마지막 남은 병원은 뺄 수 없어요. 자동청구를 그만두려면 자동청구 해지를 이용해 주세요.'),
  () => t('problem.hospital.last.field', '마지막 남은 병원이에요.'),
  () => t('problem.insurer.notSubscribed', '자동청구하고 있는 보험사가 아니에요.'),
  () => t('problem.hospital.notFound', '병원 정보를 찾을 수 없어요. 주소를 다시 확인해 주세요.'),
  () => t('problem.hospital.code', '자동청구를 받는 병원의 코드가 아니에요.'),
  () =>
    t(
      'problem.desk.invalid',
      '이 QR 코드는 이미 쓰였거나 10분이 지나 열 수 없어요. 접수대에 새 QR 코드를 부탁하시거나, 이 화면에서 바로 가입을 시작하실 수 있어요.',
    ),
  () => t('problem.terms.required', '필수 약관에 모두 동의해 주세요.'),
  () => t('problem.terms.unknown', '알 수 없는 약관이 있어요. 화면을 새로 고쳐 다시 동의해 주세요.'),
  // Children (subscriptions/enrol.ts, children.ts, guardians/relation.ts)
  () =>
    t(
      'problem.child.notEnrollable',
      '지금은 이 자녀를 자동청구에 가입할 수 없어요. 자녀의 이름과 주민등록번호를 다시 확인해 주세요. 맞게 입력했는데도 안 되면 고객센터로 문의해 주세요.',
    ),
  () => t('problem.child.notEnrollable.field', '지금은 이 자녀를 가입할 수 없어요.'),
  () => t('problem.child.notFound', '자녀 가입 정보를 찾을 수 없어요. 화면을 새로 고쳐 다시 확인해 주세요.'),
  () => t('problem.child.notTheirs', '보호자로 가입한 자녀가 아니에요.'),
  () => t('problem.child.notTheirs.now', '보호자로 가입 중인 자녀가 아니에요.'),
  () => t('problem.pdf.unreadable', 'PDF 파일을 열 수 없어요. 암호가 걸리지 않은 PDF나 서류 사진을 올려 주세요.'),
  () => t('problem.pdf.notPdf', 'PDF 파일이 아니에요. 정부24에서 받은 PDF나 서류 사진을 올려 주세요.'),
  () => t('problem.pdf.slow', 'PDF를 확인하는 데 시간이 너무 오래 걸려서 받지 못했어요. 서류 사진으로 올려 주세요.'),
  () =>
    t(
      'problem.pdf.active',
      '스크립트나 첨부 파일이 들어 있는 PDF는 받을 수 없어요. 정부24에서 받은 PDF를 그대로 올리거나 서류 사진을 올려 주세요.',
    ),
  () =>
    t(
      'problem.pdf.bomb',
      '압축을 풀면 너무 커지는 PDF라서 받을 수 없어요. 정부24에서 받은 PDF를 그대로 올리거나 서류 사진을 올려 주세요.',
    ),
  () =>
    t(
      'problem.pdf.encoding',
      '이 PDF는 열어서 확인할 수 없는 방식으로 저장되어 있어요. 정부24에서 받은 PDF를 그대로 올리거나 서류 사진을 올려 주세요.',
    ),
  () => t('problem.file.empty', '파일이 비어 있어요. 다시 올려 주세요.'),
  // Photos and the signature (images/index.ts, treats/routes.ts)
  () => t('problem.photo.unreadable', '신분증 사진을 읽을 수 없어요. 다른 사진으로 다시 올려 주세요.'),
  () => t('problem.docPhoto.unreadable', '서류 사진을 읽을 수 없어요. 다른 사진으로 다시 올려 주세요.'),
  () => t('problem.sign.unreadable', '서명을 읽을 수 없어요. 다시 서명해 주세요.'),
  () => t('problem.sign.empty', '서명이 비어 있거나 너무 짧아요. 이름을 또박또박 서명해 주세요.'),
  () =>
    t(
      'problem.photo.tooSmall',
      '신분증 사진이 너무 작아 글자를 읽기 어려워요. 신분증이 화면에 가득 차게 다시 찍어 주세요.',
    ),
  // The payout account and the address (accounts/service.ts, bank-check, address)
  () => t('problem.account.notFound', '은행에 없는 계좌예요. 은행과 계좌번호를 다시 확인해 주세요.'),
  () => t('problem.account.bank', '은행을 다시 골라 주세요.'),
  () => t('problem.account.unavailable', '지금은 은행에 예금주를 확인할 수 없어요. 잠시 후 다시 시도해 주세요.'),
  () => t('problem.address.unavailable', '주소 검색이 잠시 안 돼요. 주소를 직접 입력해 주세요.'),
  () => t('problem.postNo.unavailable', '지금은 우편번호를 찾을 수 없어요. 비워 두어도 신청할 수 있어요.'),
  () => t('problem.address.tooMany', '찾은 주소가 너무 많아요. 도로명과 건물번호까지 입력해 주세요. 예: 세종대로 110'),
  // Her visits and claims (treats/*.ts, claims/held.ts, payout)
  () => t('problem.treat.notFound', '진료 내역을 찾을 수 없어요. 화면을 새로 고쳐 다시 확인해 주세요.'),
  () => t('problem.treat.notFound.field', '본인의 진료 내역이 아니거나 없는 진료예요.'),
  () => t('problem.claim.notFound', '청구를 찾을 수 없어요.'),
  () => t('problem.claim.notSubscribed', '자동청구에 가입되어 있지 않아 청구할 수 없어요. 먼저 가입해 주세요.'),
  () => t('problem.claim.insurer', '자동청구에 가입한 보험사에만 청구할 수 있어요.'),
  () => t('problem.claim.insurer.field', '자동청구에 가입한 보험사가 아니에요.'),
  () => t('problem.claim.lapsed', '진료일로부터 3년이 지나 청구할 수 없어요.'),
  () => t('problem.claim.lapsed.field', '청구할 수 있는 기간이 지났어요.'),
  () => t('problem.treat.pending', '병원에서 받은 진료 기록을 아직 확인하고 있어요. 잠시 후 다시 시도해 주세요.'),
  () => t('problem.treat.pending.field', '확인하고 있는 진료예요.'),
  () => t('problem.held.not', '확인을 기다리는 진료가 아니에요. 화면을 새로 고쳐 주세요.'),
  () => t('problem.held.not.field', '확인을 기다리는 진료가 아니에요.'),
  // An insurer's request for her ID copy (treats/id-cards.ts)
  () => t('problem.idCard.none', '보험사가 요청한 신분증 제출이 없어요. 이미 제출했을 수 있어요.'),
  () => t('problem.idCard.type', '요청한 보험사가 받지 않는 신분증이에요. 다른 신분증을 골라 주세요.'),
  () => t('problem.idCard.notFound', '신분증 제출 요청을 찾을 수 없어요. 알림톡을 다시 확인해 주세요.'),
  () => t('problem.idCard.notFound.field', '본인에게 온 요청이 아니거나 없는 요청이에요.'),
  () => t('problem.idCard.submitted', '이 요청에는 이미 신분증을 제출했어요.'),
];

/**
 * Sentences with numbers or names in them: the server's Korean with each `${…}` an ICU argument. An argument that is
 * itself one of the server's Korean words (`WORDS`: what was uploaded, the image types) is said in her language too;
 * a name (a child's, the bank's holder) stays as written.
 */
const PATTERNS: ServerRefusals['patterns'] = [
  (v) => t('problem.sms.wrong', '인증번호가 맞지 않아요. {left}번 더 입력할 수 있어요.', v),
  (v) => t('problem.sms.wrong.field', '인증번호가 맞지 않아요. (남은 횟수 {left}번)', v),
  (v) =>
    t('problem.sms.locked', '인증번호를 {max}번 틀려서 이 인증번호는 더 쓸 수 없어요. 인증번호를 다시 받아 주세요.', v),
  (v) => t('problem.sms.tooSoon', '인증번호는 {seconds}초 후에 다시 받을 수 있어요.', v),
  (v) => t('problem.sms.daily', '인증번호는 하루에 {max}번까지 받을 수 있어요. 내일 다시 시도해 주세요.', v),
  (v) =>
    t(
      'problem.person.regDigit',
      '뒷자리 첫 숫자는 본인인증 때 입력하신 숫자({digit})와 같아야 해요. 신분증의 번호를 다시 확인해 주세요.',
      v,
    ),
  (v) => t('problem.terms.agree', '{terms}에 동의해 주세요.', v),
  (v) => t('problem.terms.unknownIds', '없는 약관이에요: {ids}', v),
  (v) => t('problem.child.enrolledNamed', '{child}는 이미 가입한 자녀예요. 자녀 목록에서 확인해 주세요.', v),
  (v) => t('problem.child.underAge', '만 {age}세가 되지 않은 자녀만 보호자가 가입할 수 있어요.', v),
  (v) =>
    t(
      'problem.child.grownUp',
      '{child}는 만 {age}세가 되어서 보호자가 보험금 받을 계좌를 바꿀 수 없어요. 이제 본인이 직접 본인인증을 하고 자동청구에 가입해 주세요.',
      v,
    ),
  (v) => t('problem.upload.docsDaily', '서류는 하루에 {max}번까지 올릴 수 있어요. 내일 다시 올려 주세요.', v),
  (v) => t('problem.upload.docsToday', '오늘은 서류를 {count}번 올렸어요.', v),
  (v) => t('problem.upload.photosDaily', '신분증 사진은 하루에 {max}번까지 올릴 수 있어요. 내일 다시 올려 주세요.', v),
  (v) => t('problem.upload.photosToday', '오늘은 신분증 사진을 {count}번 올렸어요.', v),
  (v) =>
    t('problem.pdf.pages', '{pages}쪽이 넘는 PDF는 받을 수 없어요. 가족관계증명서나 주민등록등본만 올려 주세요.', v),
  (v) => t('problem.file.tooLarge', '파일이 너무 커요. {mb}MB까지 올릴 수 있어요.', v),
  (v) => t('problem.image.empty', '{what}이 비어 있어요. 다시 올려 주세요.', v),
  (v) => t('problem.image.tooLarge', '{what}이 너무 커요. {kb}KB까지 올릴 수 있어요.', v),
  (v) => t('problem.image.type', '{what}은 {types} 이미지로 올려 주세요.', v),
  (v) => t('problem.image.unreadable', '{what}을 읽을 수 없어요. 다른 사진으로 다시 올려 주세요.', v),
  (v) => t('problem.image.pixels', '{what}의 해상도가 너무 높아요. {retry}', v),
  (v) =>
    t(
      'problem.account.holder',
      '이 계좌의 예금주는 {holder} 님이에요. 입력한 예금주({asked})와 달라요. 계좌번호나 예금주를 확인해 주세요.',
      v,
    ),
];

/** The server's Korean words that come into a sentence above as an argument (images/index.ts `what`, `allow`, `retry`). */
const WORDS: ServerRefusals['words'] = [
  () => t('problem.word.idPhoto', '신분증 사진'),
  () => t('problem.word.docPhoto', '서류 사진'),
  () => t('problem.word.signature', '서명 이미지'),
  () => t('problem.word.jpegOrPng', 'JPEG나 PNG'),
  () => t('problem.word.smallerPhoto', '사진을 줄여서 다시 올려 주세요.'),
  () => t('problem.word.signAgain', '서명 칸에 다시 서명해 주세요.'),
];

knowServerRefusals({ byCode: BY_CODE, exact: EXACT, patterns: PATTERNS, words: WORDS });
sayProblemsWith(problemIn);
