// Every path of spec §2 and §7 in one place. Browser and server import these; never write a path twice.

/** The SPA's context path (history mode). */
/**
 * One path segment from a parameter (spec §5: "Path parameters must be defined; an undefined one raises an error"):
 * undefined, null or '' throws instead of writing …/undefined or a shorter path that is another endpoint. The
 * parameter's own placeholder (`:hospitalCd` for hospitalCd) stays as it is, so the server registers its route from
 * the same helper the clients call.
 */
export function pathParam(name: string, value: string | number | undefined | null): string {
  if (value === undefined || value === null || value === '') throw new TypeError(`Path parameter ${name} is undefined`);
  return value === `:${name}` ? value : encodeURIComponent(String(value));
}

export const CONTEXT_PATH = '/ui/insu';
/** Where the auto-claim routes live, below the context path. */
export const APP_BASE = '/vuex/auto-claim';
export const APP_ROOT = `${CONTEXT_PATH}${APP_BASE}`;

/** The default hospital code (spec §3, §9): the inner landing, never a real hospital. */
export const DEFAULT_HOSPITAL_CD = '00000000';

/** API paths of spec §7, exactly as given. */
export const API = {
  subscriptions: '/ui/insu/v1/claims/subscriptions',
  /** Ours: a hospital desk's QR token exchanged for the grant of a walk with the desk as her helper. */
  deskHandoff: '/ui/insu/v1/desk/handoff',
  subscriptionsConfirm: '/ui/insu/v1/claims/subscriptions/confirm',
  subscriptionHospitals: '/ui/insu/v1/claims/subscriptions/hospitals',
  subscriptionHospitalsV2: '/ui/insu/v2/claims/subscriptions/hospitals',
  subscriptionHospitalsConfirm: '/ui/insu/v1/claims/subscriptions/hospitals/confirm',
  subscriptionsV2: '/ui/insu/v2/claims/subscriptions',
  /** Ours: one insurer contract's 실손 generation, changed on 내 자동청구 (docs/payout-rules.md). PUT. */
  subscriptionInsurers: '/ui/insu/v1/claims/subscriptions/insurers',
  userAccounts: '/ui/insu/v1/claims/users/accounts',
  banks: '/ui/insu/v1/claims/banks',
  insurances: '/ui/insu/v1/claims/insurances',
  faxNumbers: '/ui/insu/v1/claims/insurances/fax-numbers',
  jobCodes: '/ui/insu/v1/claims/job-codes',
  uiControls: '/ui/insu/v1/claims/ui-controls',
  hospitals: '/ui/insu/v1/claims/hospitals',
  hospital: (hospitalCd: string) => `/ui/insu/v1/claims/hospitals/${pathParam('hospitalCd', hospitalCd)}`,
  ocrIdCard: '/ui/insu/v1/ocr/document/id-card',
  /** Ours (the spec has none): road-address search for the address screen. */
  addresses: '/ui/insu/v1/addresses',
  /** Ours: the postcode of a road address the patient typed (POST, so the address stays out of the URL). */
  addressPostcode: '/ui/insu/v1/addresses/postcode',
  /** Ours: the power of attorney (위임장) and consent (동의서) as PDF, before and after submission. */
  documentCommission: '/ui/insu/v1/claims/documents/commission',
  documentAgree: '/ui/insu/v1/claims/documents/agree',
  codes: '/ui/insu/v1/codes/clss',
  findHospitalNm: (hospitalCd: string) => `/api/insu/rest/findHospitalNm/${pathParam('hospitalCd', hospitalCd)}`,
  treats: '/claim/api/public/v1/claims/subscriptions/treats',
  treatsV2: '/claim/api/public/v2/claims/subscriptions/treats',
  /** Ours: the patient's answer about a visit held until they confirm it is theirs ("내 진료가 맞나요?"). */
  treatsConfirm: '/claim/api/public/v1/claims/subscriptions/treats/confirm',
  idCards: '/claim/api/public/v1/claims/subscriptions/idCards',
  /** Trades the 알림톡 link's single-use token for a patient session. */
  linkExchange: '/claim/api/public/v1/links/exchange',
  terms: (version: 'v2' | 'v3', termsGroup: string) =>
    `/auth/rest/terms/${pathParam('version', version)}/${pathParam('termsGroup', termsGroup)}`,
  termsAgree: '/auth/rest/terms',
  niceUserAuth: '/auth/rest/nice/userAuth',
  niceSmsAuth: '/auth/rest/nice/smsAuth',
  login: '/rest/auth/login',
  logout: '/rest/auth/logout',
  refreshToken: '/rest/auth/refreshToken',
  /** Ours: the live session, so a reload restores the verified identity from the server. */
  session: '/rest/auth/session',
  /** Ours: step-up, a fresh SMS verification of the session's own person (README "Identity and sessions"). */
  stepUp: '/rest/auth/stepUp',
  stepUpConfirm: '/rest/auth/stepUp/confirm',
  /** Ours: the enrolment typed so far, kept for the verified person (README "Enrolment drafts"). GET, PUT, DELETE. */
  enrolmentDraft: '/rest/enrolment/draft',
  hospitalCommons: '/api/admin/hospitalCommons',
  appMenuLogs: '/api/admin/appMenuLogs',
} as const;

/**
 * Ours: the open SMS request again after a reload (README "Identity and sessions"). Outside API so that the landing's
 * JS, which carries API, does not (JS budget).
 */
export const SMS_PENDING_PATH = '/auth/rest/nice/userAuth/pending';

/**
 * Ours (README "The monthly statement"): her month on one page (GET: figures and a page of visits by key). Outside API,
 * so that the landing's JS, which carries API, does not grow.
 */
export const STATEMENT_API = {
  statement: '/claim/api/public/v1/claims/subscriptions/statement',
} as const;

/** Ours (README, claim engine): the hospital feed, authenticated by each hospital's API key (HOSPITAL_KEY_HEADER). */
export const HOSPITAL_API = {
  treatments: '/hospital/api/v1/treatments',
  /** The KR 실손 Claim bundle (fhir/ig/README.md): FHIR R4 create, under the same key. */
  fhirBundle: '/hospital/fhir/r4/Bundle',
  /** The FHIR server's CapabilityStatement. */
  fhirMetadata: '/hospital/fhir/r4/metadata',
  /** Documents insurers asked of the hospital (README "Documents an insurer asks for"): the open ones, by key. */
  documentRequests: '/hospital/api/v1/document-requests',
  /** The hospital's answer to one: the document as a PDF. */
  documentRequestDocument: (requestId: string | number) =>
    `/hospital/api/v1/document-requests/${pathParam('requestId', requestId)}/document`,
} as const;

/**
 * Ours (README "EMR vendors"): the KR 실손 Claim guide as a page, and each of its example bundles as JSON
 * (`example('clinic-outpatient')` → …/examples/clinic-outpatient.json; the route's parameter is `:file`).
 */
export const HOSPITAL_GUIDE = {
  page: '/hospital/guide',
  example: (name: string) => `/hospital/guide/examples/${pathParam('name', name)}.json`,
  exampleRoute: '/hospital/guide/examples/:file',
} as const;

/**
 * Ours (docs/providers/insurer-api.md): where an insurer posts its answers about the claims we sent, signed with its
 * shared secret (INSURER_SIGNATURE_HEADER); the path names the insurer whose secret checks the signature.
 */
export const INSURER_API = {
  claimAnswers: (insuCompCd: string) => `/api/insurers/${pathParam('insuCompCd', insuCompCd)}/claims/answers`,
} as const;

/** Ours (README, claim engine): what an operator sees of the claim engine and may do about it (operator session). */
export const OPERATOR_API = {
  claim: (claimId: number | string) => `/api/admin/claims/${pathParam('claimId', claimId)}`,
  claimRetry: (claimId: number | string) => `/api/admin/claims/${pathParam('claimId', claimId)}/retry`,
  claimStatus: (claimId: number | string) => `/api/admin/claims/${pathParam('claimId', claimId)}/status`,
  /** The claim's PDF package: POST with a reason (ops packageBody); built on demand, its documents' hashes recorded. */
  claimPackage: (claimId: number | string) => `/api/admin/claims/${pathParam('claimId', claimId)}/package.pdf`,
  deadLetters: '/api/admin/claims/dead-letters',
  /** Records held because whose they are is in doubt (docs/hospital-integration.md, "Matching"). */
  heldRecords: '/api/admin/records/held',
  /** 알림톡/SMS that failed every retry (pg-boss keeps failed jobs 7 days), and sending one again. */
  notificationDeadLetters: '/api/admin/notifications/dead-letters',
  notificationRetry: (jobId: string) => `/api/admin/notifications/dead-letters/${pathParam('jobId', jobId)}/retry`,
  hospitalApiKeys: (hospitalCd: string) => `/api/admin/hospitals/${pathParam('hospitalCd', hospitalCd)}/api-keys`,
  /** Revokes one key at once: every later call with it is refused. */
  hospitalApiKeyRevoke: (hospitalCd: string, keyId: number | string) =>
    `/api/admin/hospitals/${pathParam('hospitalCd', hospitalCd)}/api-keys/${pathParam('keyId', keyId)}/revoke`,
} as const;
