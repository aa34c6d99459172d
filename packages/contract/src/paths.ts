// Every path of spec §2 and §7 in one place. Browser and server import these; never write a path twice.

/** The SPA's context path (history mode). */
export const CONTEXT_PATH = '/ui/insu';
/** Where the auto-claim routes live, below the context path. */
export const APP_BASE = '/vuex/auto-claim';
export const APP_ROOT = `${CONTEXT_PATH}${APP_BASE}`;

/** The default hospital code (spec §3, §9): the inner landing, never a real hospital. */
export const DEFAULT_HOSPITAL_CD = '00000000';

/** API paths of spec §7, exactly as given. */
export const API = {
  subscriptions: '/ui/insu/v1/claims/subscriptions',
  subscriptionsConfirm: '/ui/insu/v1/claims/subscriptions/confirm',
  subscriptionHospitals: '/ui/insu/v1/claims/subscriptions/hospitals',
  subscriptionHospitalsV2: '/ui/insu/v2/claims/subscriptions/hospitals',
  subscriptionHospitalsConfirm: '/ui/insu/v1/claims/subscriptions/hospitals/confirm',
  subscriptionsV2: '/ui/insu/v2/claims/subscriptions',
  userAccounts: '/ui/insu/v1/claims/users/accounts',
  banks: '/ui/insu/v1/claims/banks',
  insurances: '/ui/insu/v1/claims/insurances',
  faxNumbers: '/ui/insu/v1/claims/insurances/fax-numbers',
  jobCodes: '/ui/insu/v1/claims/job-codes',
  uiControls: '/ui/insu/v1/claims/ui-controls',
  hospitals: '/ui/insu/v1/claims/hospitals',
  hospital: (hospitalCd: string) => `/ui/insu/v1/claims/hospitals/${encodeURIComponent(hospitalCd)}`,
  ocrIdCard: '/ui/insu/v1/ocr/document/id-card',
  /** Ours (the spec has none): road-address search for the address screen. */
  addresses: '/ui/insu/v1/addresses',
  /** Ours: the power of attorney (위임장) and consent (동의서) as PDF, before and after submission. */
  documentCommission: '/ui/insu/v1/claims/documents/commission',
  documentAgree: '/ui/insu/v1/claims/documents/agree',
  codes: '/ui/insu/v1/codes/clss',
  findHospitalNm: (hospitalCd: string) => `/api/insu/rest/findHospitalNm/${encodeURIComponent(hospitalCd)}`,
  treats: '/claim/api/public/v1/claims/subscriptions/treats',
  treatsV2: '/claim/api/public/v2/claims/subscriptions/treats',
  idCards: '/claim/api/public/v1/claims/subscriptions/idCards',
  /** Trades the 알림톡 link's single-use token for a patient session (issue 5 §5). */
  linkExchange: '/claim/api/public/v1/links/exchange',
  terms: (version: 'v2' | 'v3', termsGroup: string) => `/auth/rest/terms/${version}/${termsGroup}`,
  termsAgree: '/auth/rest/terms',
  niceUserAuth: '/auth/rest/nice/userAuth',
  niceSmsAuth: '/auth/rest/nice/smsAuth',
  login: '/rest/auth/login',
  logout: '/rest/auth/logout',
  refreshToken: '/rest/auth/refreshToken',
  /** Ours: the live session, so a reload restores the verified identity from the server. */
  session: '/rest/auth/session',
  hospitalCommons: '/api/admin/hospitalCommons',
  appMenuLogs: '/api/admin/appMenuLogs',
} as const;

/** Route paths below APP_ROOT (spec §2). The route table in apps/web is built from these. */
export const ROUTES = {
  innerLanding: '/',
  outerLanding: '/:hospitalCd',
  introduce: '/introduce/:hospitalCd',
  authAgreeInfo: '/authAgreeInfo',
  selfAuthSelect: '/selfAuthSelect',
  identity: '/identity',
  certInput: '/certInput',
  excute: '/excute',
} as const;

/** A URL below APP_ROOT, as the browser sees it. */
export const appUrl = (path: string) => `${APP_ROOT}${path === '/' ? '/' : path}`;

/** Ours (issue 5): the hospital feed, authenticated by each hospital's API key (HOSPITAL_KEY_HEADER). */
export const HOSPITAL_API = {
  treatments: '/hospital/api/v1/treatments',
} as const;

/** Ours (issue 5): what an operator sees of the claim engine and may do about it (operator session). */
export const OPERATOR_API = {
  claim: (claimId: number | string) => `/api/admin/claims/${claimId}`,
  claimRetry: (claimId: number | string) => `/api/admin/claims/${claimId}/retry`,
  claimStatus: (claimId: number | string) => `/api/admin/claims/${claimId}/status`,
  /** The claim's PDF package (built on demand; its documents' hashes are recorded). */
  claimPackage: (claimId: number | string) => `/api/admin/claims/${claimId}/package.pdf`,
  deadLetters: '/api/admin/claims/dead-letters',
  hospitalApiKeys: (hospitalCd: string) => `/api/admin/hospitals/${hospitalCd}/api-keys`,
} as const;
