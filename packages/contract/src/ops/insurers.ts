// The console's insurers (README "Operator console"; docs/providers/insurer-api.md): how claims reach each insurer
// (its API or fax), its fax number and API base URL, what the patient app asks of the ID photo, on/off, and a test
// delivery. The signing secret never leaves the environment: the console only says whether one is set. Where claims go
// (channel, API base URL, fax number) changes only when a second admin approves (docs/security.md, "Insiders: claim
// destinations"): an edit of it is a pending change until then.
import { z } from 'zod';
import { insuCompCd } from '../formats.js';
import { insuKind } from '../reference.js';
import { pageOf, pageQuery } from './page.js';
import { pathParam } from '../paths.js';
import { IDCARD_TYPES } from '../idcards.js';
import { DELIVERY_CHANNELS } from '../vocabulary.js';

export const OPS_INSURERS_API = {
  list: '/api/admin/insurers',
  one: (code: string) => `/api/admin/insurers/${pathParam('insuCompCd', code)}`,
  testDelivery: (code: string) => `/api/admin/insurers/${pathParam('insuCompCd', code)}/test-delivery`,
  /** Destination changes waiting for a second admin (every admin's console shows them). */
  pendingChanges: '/api/admin/insurer-changes',
  approve: (id: string) => `/api/admin/insurer-changes/${pathParam('changeId', id)}/approve`,
  reject: (id: string) => `/api/admin/insurer-changes/${pathParam('changeId', id)}/reject`,
} as const;

/** How long a destination change waits for a second admin before it lapses. */
export const DESTINATION_CHANGE_TTL_HOURS = 24;
/** Test deliveries one operator may make in TEST_DELIVERY_WINDOW_MINUTES. */
export const TEST_DELIVERIES_PER_WINDOW = 5;
export const TEST_DELIVERY_WINDOW_MINUTES = 10;

/** A Korean fax number: 02, a regional code, 070, 050x or 080, as digits with or without hyphens. */
export const koreanFaxNumber = z
  .string({ message: '팩스 번호를 입력해 주세요.' })
  .trim()
  .regex(/^[0-9-]{9,15}$/, { message: '팩스 번호는 숫자와 -로 입력해 주세요. 예: 02-123-4567' })
  .refine((v) => /^(02\d{7,8}|0[3-6][1-5]\d{7,8}|070\d{8}|050\d{8,9}|080\d{7,8})$/.test(v.replace(/-/g, '')), {
    message: '국내 팩스 번호가 아니에요. 예: 02-123-4567, 031-123-4567, 0505-123-4567',
  });

export const deliveryChannel = z.enum(DELIVERY_CHANNELS, { message: '전송 방식은 API 또는 팩스 중에서 골라 주세요.' });

/** What the patient app's insurer screen options (ui-control INSU_PHOTO) say about the ID photo. */
export const photoSettings = z.object({
  /** Whether the insurer wants a photo of the ID document. */
  idPhotoUse: z.boolean({ message: '신분증 사진을 받을지 골라 주세요.' }),
  /** Which documents it accepts: ic 주민등록증, dl 운전면허증, pp 여권. */
  idPhotoTypes: z
    .array(z.enum(IDCARD_TYPES, { message: '신분증 종류는 주민등록증, 운전면허증, 여권 중에서 골라 주세요.' }))
    .min(1, { message: '받을 신분증을 하나 이상 골라 주세요.' }),
  /** Whether the RRN's back part may be covered in the photo. */
  maskBackNumber: z.boolean({ message: '주민등록번호 뒷자리를 가려도 되는지 골라 주세요.' }),
});
export type PhotoSettings = z.infer<typeof photoSettings>;

export const DESTINATION_FIELDS = ['deliveryChannel', 'apiUrl', 'faxNo'] as const;

/** A change of where an insurer's claims go, asked by one admin and waiting for another. */
export const destinationChange = z.object({
  id: z.string(),
  insuCompCd,
  insuCompNm: z.string(),
  /** What it asks for, whole (apiUrl null: the environment's INSURER_<code>_API_URL). */
  deliveryChannel,
  apiUrl: z.string().nullable(),
  /** apiUrl's host (and port) as the connection reads it: what the approver checks. */
  apiHost: z.string().nullable(),
  faxNo: z.string().nullable(),
  /** Which of them it changes. */
  fields: z.array(z.enum(DESTINATION_FIELDS)),
  /** Where claims go now, for comparison. */
  current: z.object({ deliveryChannel, apiUrl: z.string().nullable(), faxNo: z.string().nullable() }),
  requestedBy: z.string(),
  requestedAt: z.string(),
  expiresAt: z.string(),
});
export type DestinationChange = z.infer<typeof destinationChange>;
export const destinationChangeList = z.object({ list: z.array(destinationChange), total: z.number().int() });
export const changeIdParams = z.object({
  changeId: z.string().regex(/^\d{1,18}$/, { message: '변경 요청 번호가 올바르지 않아요.' }),
});

export const opsInsurer = z.object({
  insuCompCd,
  insuCompNm: z.string(),
  insuKind,
  /** Switched off: not offered to new patients, and nothing new is delivered to it (claims wait). */
  active: z.boolean(),
  /** How its claims go out now. */
  deliveryChannel,
  /** console: set in the console; env: seeded from DELIVERY_API_INSURERS at start; default: nobody said (provider's default). */
  channelSource: z.enum(['console', 'env', 'default']),
  apiUrl: z.string().nullable(),
  faxNo: z.string().nullable(),
  /** Whether INSURER_<code>_SECRET is set in the server's environment (never the secret). */
  secretSet: z.boolean(),
  photo: photoSettings,
  /** A destination change waiting for a second admin, if any. */
  pendingChange: destinationChange.nullable(),
});
export type OpsInsurer = z.infer<typeof opsInsurer>;

export const INSURER_SORTS = ['insuCompNm', 'insuCompCd', 'sortOrder'] as const;
export const insurersPageQuery = pageQuery(INSURER_SORTS).extend({
  q: z.string().trim().max(100, { message: '검색어는 100자까지예요.' }).optional(),
});
export const insurersPage = pageOf(opsInsurer);

export const insurerUpdateBody = z.object({
  active: z.boolean({ message: '사용 여부를 골라 주세요.' }),
  deliveryChannel,
  /** Needed when the channel is fax; kept otherwise. */
  faxNo: koreanFaxNumber
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  /**
   * The insurer's claim API base URL: only on the origin of INSURER_<code>_API_URL (the allow-list), and only to a
   * public address. A change of channel, fax number or URL waits for a second admin.
   */
  apiUrl: z
    .string()
    .trim()
    .max(500, { message: 'API 주소는 500자까지예요.' })
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  photo: photoSettings,
});
export type InsurerUpdateBody = z.infer<typeof insurerUpdateBody>;

/**
 * The outcome of a test delivery, and nothing of the target's answer (no status, body or receipt): reached (it took
 * the test), refused (it answered no), unreachable (no answer, or an address the egress guard refuses).
 */
export const TEST_DELIVERY_RESULTS = ['reached', 'refused', 'unreachable'] as const;
export const testDeliveryResult = z.object({
  insuCompCd,
  channel: deliveryChannel,
  result: z.enum(TEST_DELIVERY_RESULTS),
  at: z.string(),
});
export type TestDeliveryResult = z.infer<typeof testDeliveryResult>;
export const TEST_DELIVERY_RESULT_NM: Record<TestDeliveryResult['result'], string> = {
  reached: '전달됐어요',
  refused: '받는 쪽이 거절했어요',
  unreachable: '연결하지 못했어요',
};
