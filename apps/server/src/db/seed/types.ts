// Shapes of the reference data seeded by migration. One file per kind beside this one.

/** NICE telecom codes (DESIGN §3). */
export interface TelecomSeed {
  telecomType: '1' | '2' | '3' | '5' | '6' | '7';
  telecomNm: string; // e.g. 'SKT', 'SKT 알뜰폰'
  isMvno: boolean;
  sortOrder: number;
}

export interface BankSeed {
  bankCd: string; // KFTC 3-digit code, e.g. '004'
  bankNm: string; // e.g. 'KB국민은행'
  bankKind: 'COMMERCIAL' | 'REGIONAL' | 'INTERNET' | 'SPECIAL' | 'COOPERATIVE' | 'POST' | 'SAVINGS';
  sortOrder: number;
}

export interface InsurerFaxSeed {
  faxNo: string; // digits and hyphens, e.g. '0505-000-0001'
  label: string; // Korean, e.g. '보험금 청구 접수'
  /** false = a sandbox value we could not verify; never sent to a real fax line. */
  verified: boolean;
}

export interface InsurerSeed {
  insuCompCd: string; // stable code, UPPER_SNAKE ascii, e.g. 'NHLIFE', 'SAMSUNGLIFE'
  insuCompNm: string; // real Korean name, e.g. 'NH농협생명'
  insuKind: 'LIFE' | 'NONLIFE';
  callCenter: string | null; // public customer-centre number when known, e.g. '1588-3114'
  homepage: string | null; // https URL of the company's site when known
  brandColor: string; // '#rrggbb' used for the initial badge (we ship no logos)
  faxNumbers: InsurerFaxSeed[];
  /** ui-controls compType INSU_PHOTO: items {ctrlKey, ctrlVal}, ctrlVal a JSON string. */
  photoControls: { ctrlKey: string; ctrlVal: string }[];
  sortOrder: number;
}

export interface JobSeed {
  jobCd: string; // code within the classification, e.g. '1', '11', '111'
  jobNm: string;
  parentCd: string | null;
  level: 1 | 2 | 3; // 1 major group, 2 sub-major, 3 minor
  /** insurance injury-risk grade 1 (low) .. 3 (high) where the classification gives one, else null */
  riskGrade: 1 | 2 | 3 | null;
  sortOrder: number;
}

export type TermsGroup = 'SERVICE' | 'TELECOM' | 'LMHC_SUBS' | 'INSU_CLAIM';

export interface TermsSeed {
  termsId: string; // stable id, e.g. 'SVC_USE', 'TEL_PRIVACY', 'SUBS_SENSITIVE', 'INSU_NHLIFE_CLAIM'
  termsGroup: TermsGroup;
  insuCompCd: string | null; // only for INSU_CLAIM
  title: string; // Korean
  version: string; // e.g. '1.0'
  required: boolean;
  effectiveDate: string; // YYYYMMDD
  content: string; // full Korean text (plain text with blank lines between articles)
  sortOrder: number;
}

export interface HospitalSeed {
  hospitalCd: string; // 8 digits, never '00000000'
  hospitalNm: string;
  isDemo: true;
  hospitalType: string; // e.g. '종합병원', '의원', '치과의원'
  address: string;
  phone: string;
  introText: string; // a few Korean sentences for the introduce screen
  thumbnailPath: string; // served by the app: '/ui/insu/img/hospitals/<hospitalCd>.svg'
  androidPackage: string | null;
  iOSPackage: string | null;
  autoClaimEnabled: boolean;
  sortOrder: number;
}
