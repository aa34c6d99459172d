// Reference data answered by the calls of spec §7 (banks, insurers, jobs, codes, hospitals, terms).
import { z } from 'zod';
import { bankCd, hospitalCd, insuCompCd, queryInt, telecomType } from './formats.js';
import { HOSPITAL_COMMONS_SIZE, INSURANCES_PAGE_SIZE } from './limits.js';
import { IDCARD_TYPES, type IdcardType } from './idcards.js';
import { INSURER_KINDS } from './vocabulary.js';

const listOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int() });

export const bank = z.object({
  bankCd,
  bankNm: z.string(),
  bankKind: z.enum(['COMMERCIAL', 'REGIONAL', 'INTERNET', 'SPECIAL', 'COOPERATIVE', 'POST', 'SAVINGS']),
});
export const bankList = listOf(bank);
export type Bank = z.infer<typeof bank>;

export const insuKind = z.enum(INSURER_KINDS);
export const insurer = z.object({
  insuCompCd,
  insuCompNm: z.string(),
  insuKind,
  /** spec §7: the list is asked for with insuType 'insu' (insurance companies). */
  insuType: z.literal('insu'),
  callCenter: z.string().nullable(),
  homepage: z.string().nullable(),
  brandColor: z.string(),
  /** Whether this insurer wants a photo of the ID document (from its INSU_PHOTO ui-controls). */
  idPhotoUse: z.boolean(),
});
export type Insurer = z.infer<typeof insurer>;
export const insurancesQuery = z.object({
  insuType: z.literal('insu', { message: "insuType은 'insu'만 쓸 수 있어요." }).default('insu'),
  insuKind: insuKind.optional(),
  page: queryInt(1, 100_000).default(1),
  pageSize: queryInt(1, INSURANCES_PAGE_SIZE).default(INSURANCES_PAGE_SIZE),
});
export const insurerPage = listOf(insurer).extend({ page: z.number().int(), pageSize: z.number().int() });

export const faxNumber = z.object({
  insuCompCd,
  insuCompNm: z.string(),
  faxNo: z.string(),
  label: z.string(),
  /** false: a sandbox number we could not verify; nothing is ever sent to it. */
  verified: z.boolean(),
});
export const faxNumbersQuery = z.object({ insuCompCd: insuCompCd.optional() });
export const faxNumberList = listOf(faxNumber);

export const job = z.object({
  jobCd: z.string(),
  jobNm: z.string(),
  parentCd: z.string().nullable(),
  level: z.number().int(),
  riskGrade: z.number().int().nullable(),
});
export type Job = z.infer<typeof job>;
export const jobCodesQuery = z.object({
  level: queryInt(1, 3).optional(),
  parentCd: z.string().max(8).optional(),
});
export const jobList = listOf(job);

export const uiControlsQuery = z.object({
  compCd: insuCompCd,
  compType: z.enum(['INSU_PHOTO'], { message: "compType은 'INSU_PHOTO'여야 해요." }),
});
/** ctrlVal is a JSON text (spec §3). */
export const uiControl = z.object({ ctrlKey: z.string(), ctrlVal: z.string() });
export const uiControlList = listOf(uiControl);

export const CODE_CLASSES = ['job_cd', 'bank_cd', 'telecom_type'] as const;
export const codesQuery = z.object({
  codeCls: z.enum(CODE_CLASSES, { message: `codeCls는 ${CODE_CLASSES.join(', ')} 중 하나여야 해요.` }),
});
export const code = z.object({
  codeCls: z.enum(CODE_CLASSES),
  code: z.string(),
  codeNm: z.string(),
  upperCode: z.string().nullable(),
  level: z.number().int(),
});
export type Code = z.infer<typeof code>;
export const codeList = listOf(code);

export const telecom = z.object({ telecomType, telecomNm: z.string(), isMvno: z.boolean() });
export type Telecom = z.infer<typeof telecom>;

export const hospital = z.object({
  hospitalCd,
  hospitalNm: z.string(),
  hospitalType: z.string(),
  address: z.string(),
  phone: z.string(),
  introText: z.string(),
  /** A path served by this app. */
  hospitalThumbnail: z.string(),
  androidPackage: z.string().nullable(),
  iOSPackage: z.string().nullable(),
  autoClaimEnabled: z.boolean(),
  isDemo: z.boolean(),
});
export type Hospital = z.infer<typeof hospital>;
export const hospitalParams = z.object({ hospitalCd });
export const hospitalsQuery = z.object({
  /** 'Y': only hospitals that offer automatic claims (spec possibleHospitals). */
  autoClaimYn: z.enum(['Y', 'N']).optional(),
});
/** Sorted by hospital name (spec §4). */
export const hospitalList = listOf(hospital);
export const hospitalNm = z.object({ hospitalCd, hospitalNm: z.string() });

export const hospitalCommonsQuery = z.object({
  projection: z.enum(['simple'], { message: "projection은 'simple'만 쓸 수 있어요." }).default('simple'),
  size: queryInt(1, HOSPITAL_COMMONS_SIZE).default(HOSPITAL_COMMONS_SIZE),
  page: queryInt(0, 100_000).default(0),
});
export const hospitalCommonList = listOf(hospitalNm).extend({ page: z.number().int(), size: z.number().int() });

export const TERMS_GROUPS = ['SERVICE', 'TELECOM', 'LMHC_SUBS', 'INSU_CLAIM'] as const;
export const termsGroup = z.enum(TERMS_GROUPS, { message: '약관 종류가 올바르지 않아요.' });
export const termsParams = z.object({
  version: z.enum(['v2', 'v3'], { message: '약관 API 버전은 v2 또는 v3이어야 해요.' }),
  termsGroup,
});
export const termsQuery = z.object({ insuCompCd: insuCompCd.optional() });
export const terms = z.object({
  termsId: z.string(),
  termsGroup,
  insuCompCd: z.string().nullable(),
  title: z.string(),
  version: z.string(),
  required: z.boolean(),
  effectiveDate: z.string(),
  content: z.string(),
});
export type Terms = z.infer<typeof terms>;
export const termsList = listOf(terms);

/** An insurer's photo settings (ui-control group INSU_PHOTO, spec §3): read here only, by browser and server. */
export interface PhotoControls {
  /** ID_PHOTO_USE {"use": boolean}: whether this insurer wants a photo of the ID document. */
  idPhotoUse: boolean;
  /** ID_PHOTO_TYPES ["ic","dl","pp","ac","pr"]: which documents it accepts; every one when not said. */
  idPhotoTypes: IdcardType[];
  /** ID_PHOTO_GUIDE {"maskBackNumber": boolean}: the RRN's back part may be covered in the photo. */
  maskBackNumber: boolean;
}

const ALL_ID_TYPES: PhotoControls['idPhotoTypes'] = [...IDCARD_TYPES];

function parseCtrlVal(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The settings from an insurer's INSU_PHOTO items. An insurer that says nothing (or says it in malformed JSON) gets
 * the usual case: a photo is asked for, of any of the three documents.
 */
export function readPhotoControls(items: { ctrlKey: string; ctrlVal: string }[]): PhotoControls {
  const val = (key: string) => parseCtrlVal(items.find((i) => i.ctrlKey === key)?.ctrlVal);
  const use = val('ID_PHOTO_USE') as { use?: unknown } | undefined;
  const types = val('ID_PHOTO_TYPES');
  const guide = val('ID_PHOTO_GUIDE') as { maskBackNumber?: unknown } | undefined;
  const listed = Array.isArray(types) ? ALL_ID_TYPES.filter((t) => types.includes(t)) : [];
  return {
    idPhotoUse: typeof use?.use === 'boolean' ? use.use : true,
    idPhotoTypes: listed.length > 0 ? listed : ALL_ID_TYPES,
    maskBackNumber: guide?.maskBackNumber === true,
  };
}
