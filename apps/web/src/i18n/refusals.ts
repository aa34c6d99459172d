// Refusals in her language (docs/decisions/0010-message-catalogs.md): the checks the browser and the server share
// (packages/contract) and the server's own problems (problems.ts) refuse in Korean, the server's language. A field
// error is shown through `refusal(text)`, which finds the catalog message whose Korean source is that text; a
// problem's detail through `problemIn(problem)` (the HTTP client's ApiError.detail, by t.ts problemDetail), which may
// choose by its code. In Korean both give the server's words unchanged; one not listed stays Korean.
import type { Problem } from '@auto-claim/contract';
import { currentLang, inSource, t, type Values } from './t';

const REFUSALS: (() => string)[] = [
  // Identity (contract auth.ts, person.ts, formats.ts)
  () => t('refusal.custName.required', '이름을 입력해 주세요.'),
  () => t('refusal.custName.max', '이름은 30자까지 입력할 수 있어요.'),
  () => t('refusal.custName.letters', '이름은 한글이나 영문으로 입력해 주세요.'),
  () => t('refusal.custHp.required', '휴대폰 번호를 입력해 주세요.'),
  () => t('refusal.custHp.format', '휴대폰 번호를 확인해 주세요. 예: 010-1234-5678'),
  () => t('refusal.telecomType', '통신사를 선택해 주세요.'),
  () => t('refusal.birth6', '생년월일 6자리를 숫자로 입력해 주세요.'),
  () => t('refusal.birth6.example', '생년월일 6자리를 숫자로 입력해 주세요. 예: 850101'),
  () => t('refusal.sexDigit', '주민등록번호 뒷자리 첫 번째 숫자를 입력해 주세요.'),
  () => t('refusal.birthday.date', '생년월일이 올바른 날짜가 아니에요. 다시 확인해 주세요.'),
  () => t('refusal.korRegId', '생년월일과 주민등록번호 뒷자리 첫 숫자를 입력해 주세요.'),
  // The payout account and the address (contract subscription.ts)
  () => t('refusal.bankAccount', '계좌번호는 숫자 10~16자리로 입력해 주세요.'),
  () => t('refusal.bankAccountRel', '예금주와의 관계를 선택해 주세요.'),
  () => t('refusal.bankAccountHolder.required', '예금주 이름을 입력해 주세요.'),
  () => t('refusal.bankAccountHolder.max', '예금주 이름은 30자까지 입력할 수 있어요.'),
  () => t('refusal.userAddr.required', '주소를 입력해 주세요.'),
  () => t('refusal.userAddr.max', '주소는 200자까지 입력할 수 있어요.'),
  () => t('refusal.userAddrDetail.max', '상세 주소는 100자까지 입력할 수 있어요.'),
  // The e-mail address (contract subscription.ts optionalEmail)
  () => t('refusal.userEmail.format', '이메일 주소를 확인해 주세요. 예: name@example.com'),
  () => t('refusal.userEmail.max', '이메일은 100자까지 입력할 수 있어요.'),
  // The signature (contract subscription.ts SIGN_TYPED_MISMATCH; screens/security/parts/ink.ts)
  () => t('refusal.signTyped', '서명으로 입력한 이름이 본인인증한 이름과 달라요. 이름을 그대로 입력해 주세요.'),
  () => t('sign.empty', '서명해 주세요.'),
  () => t('sign.tooSmall', '서명이 너무 작거나 짧아요. 칸을 넉넉히 써서 이름을 크게 서명해 주세요.'),
  // A photo too dark, without a card, or blurred (contract photoQuality.ts PHOTO_PROBLEM_MESSAGES)
  () => t('refusal.photo.dark', '사진이 어두워요. 밝은 곳에서 다시 찍어 주세요.'),
  () => t('refusal.photo.noCard', '신분증이 보이지 않아요. 신분증이 화면을 가득 채우도록 찍어 주세요.'),
  () => t('refusal.photo.blurry', '사진이 흐려요. 밝은 곳에서 흔들리지 않게 다시 찍어 주세요.'),
  // The ID copy's fields (contract idcards.ts idCardSubmitBody)
  () => t('refusal.idcardType', '어떤 신분증인지 골라 주세요.'),
  // Each ID document's own fields (contract subscription.ts checkIdcardFields; formats.ts DATE_FORMAT_MESSAGE)
  () => t('refusal.date.format', '날짜를 연도 4자리, 월, 일 순서로 입력해 주세요. 예: 2015.03.15'),
  () => t('refusal.idcardIssueDate', '발급일이 올바른 날짜가 아니에요.'),
  () => t('refusal.idcardIssueOrg.required', '발급기관을 입력해 주세요. 예: 서울특별시 마포구청장'),
  () => t('refusal.idcardIssueOrg.max', '발급기관은 40자까지 입력할 수 있어요.'),
  () => t('refusal.licenceNo', '운전면허번호 12자리를 입력해 주세요. 예: 11-24-123456-78'),
  () => t('refusal.passportNo', '여권번호를 확인해 주세요. 예: M12345678'),
  () => t('refusal.checkCd', '암호일련번호 5~6자리를 입력해 주세요.'),
  // A child's enrolment and her relation document (contract children.ts: guardianRel, relationIssueDateProblem,
  // relationDocumentBody, CHILD_PROBLEMS)
  () => t('refusal.guardianRel', '자녀와의 관계를 골라 주세요.'),
  () => t('refusal.child.tooOld', '만 19세 이상은 자녀로 가입할 수 없어요. 본인이 직접 본인인증을 하고 가입해 주세요.'),
  () => t('refusal.child.enrolled', '이미 자동청구에 가입된 자녀예요.'),
  () => t('refusal.child.limit', '자녀는 10명까지 가입할 수 있어요.'),
  () => t('refusal.relation.future', '발급일이 오늘보다 뒤예요. 서류에 적힌 발급일을 확인해 주세요.'),
  () => t('refusal.relation.tooOld', '3개월 안에 발급한 서류만 받을 수 있어요. 정부24에서 새로 발급해 올려 주세요.'),
  () => t('refusal.relation.file', '서류 사진이나 PDF 파일을 올려 주세요.'),
  () => t('refusal.relation.fileType', '서류는 JPEG·PNG 사진이나 PDF 파일로 올려 주세요.'),
  () => t('refusal.relation.confirmed', '이미 확인을 마친 서류예요. 다시 올리지 않아도 돼요.'),
];

/** The server's own refusals (problems.ts), loaded with another language's catalog. */
export interface ServerRefusals {
  byCode: Record<string, () => string>;
  exact: (() => string)[];
  patterns: ((values?: Values) => string)[];
  words: (() => string)[];
}
interface Pattern {
  match: RegExp;
  say: (values?: Values) => string;
}
let server: { table: ServerRefusals; patterns: Pattern[] } | undefined;

/** A pattern's argument in its Korean source: its name between two marks no server text holds. */
const MARK = /\u27e6(\w+)\u27e7/g;
const marked = new Proxy({}, { get: (_, name) => `\u27e6${String(name)}\u27e7` }) as Values;

/** The server's refusals, each pattern's Korean made into the expression that reads its arguments back. */
export function knowServerRefusals(table: ServerRefusals) {
  const patterns = table.patterns.map((say) => {
    const source = inSource(() => say(marked)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return { match: new RegExp(`^${source.replace(MARK, '(?<$1>.+?)')}$`, 'u'), say };
  });
  server = { table, patterns };
}

/** An argument that is one of the server's Korean words, in her language; any other (a name, a number) as it is. */
const word = (value: string) => {
  const found = server?.table.words.find((w) => inSource(w) === value);
  return found ? found() : value;
};

/** Every listed refusal's Korean, a pattern's arguments marked (refusals.test.ts holds the server's texts to them). */
export const refusalSources = (): string[] =>
  inSource(() => [
    ...[...REFUSALS, ...(server?.table.exact ?? [])].map((r) => r()),
    ...(server?.table.patterns ?? []).map((say) => say(marked)),
  ]);

/** `text` (a refusal of the contract or the server, in Korean) in her language; as it is in Korean or when unlisted. */
export function refusal(text: string | undefined): string | undefined {
  if (!text || currentLang() === 'ko') return text;
  const exact = [...REFUSALS, ...(server?.table.exact ?? [])].find((r) => inSource(r) === text);
  if (exact) return exact();
  for (const p of server?.patterns ?? []) {
    const groups = p.match.exec(text)?.groups;
    if (groups) return p.say(Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, word(v)])));
  }
  return text;
}

/**
 * A problem's detail in her language: by its code where the code says one thing, else as `refusal` finds it. The HTTP
 * client reaches it through t.ts problemDetail.
 */
export function problemIn(problem: Pick<Problem, 'code' | 'detail'>): string {
  if (currentLang() === 'ko') return problem.detail;
  return server?.table.byCode[problem.code]?.() ?? refusal(problem.detail) ?? problem.detail;
}
