// The console's hospitals and insurers (README "Operator console"): list, add and edit hospitals; each insurer's
// delivery channel, fax number, API base URL, photo settings and on/off, and a test delivery through its channel. Where
// claims go changes only when a second admin approves (docs/security.md, "Insiders: claim destinations").
// The patient's calls answer these tables from memory (cache.ts): an edit here drops what is held, in this process
// before the answer leaves (app.ts) and in every other through the tables' NOTIFY, so it shows on the next call.
import { createHash } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readPhotoControls, type FieldError } from '@auto-claim/contract';
import {
  DESTINATION_CHANGE_TTL_HOURS,
  DESTINATION_FIELDS,
  OPS_HOSPITALS_API,
  OPS_INSURERS_API,
  TEST_DELIVERIES_PER_WINDOW,
  TEST_DELIVERY_WINDOW_MINUTES,
  changeIdParams,
  destinationChangeList,
  hospitalCreateBody,
  hospitalUpdateBody,
  hospitalsPage,
  hospitalsPageQuery,
  insurerUpdateBody,
  insurersPage,
  insurersPageQuery,
  opsHospital,
  opsInsurer,
  testDeliveryResult,
  type DestinationChange,
  type HospitalUpdateBody,
  type InsurerUpdateBody,
  type OpsHospital,
  type OpsInsurer,
  type PhotoSettings,
  type TestDeliveryResult,
} from '@auto-claim/contract/ops';
import { hospitalCd, insuCompCd } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { operatorRoute } from '../../http/route-contract.js';
import { pageOf } from '../../db/page.js';
import { AppError, notFound } from '../../http/problem.js';
import { apiUrlAllowed } from '../../providers/delivery/insurer-api.js';
import type { DeliveryChannel, DeliveryRequest } from '../../providers/delivery/types.js';
import { EgressRefused, checkedAddresses, type EgressPolicy } from '../../providers/egress.js';
import { byOperator, recordOperatorAction } from '../audit/index.js';
import { own, type Handle } from '../../db/handle.js';
import type { InsurerDestinationChangeTable, ReferenceTables } from './tables.js';

// ————————————————————————————— what the claim engine reads (through index.ts) —————————————————————————————

/** Insurers switched off in the console: nothing new is delivered to them; their claims wait. */
export const pausedInsurers = async (handle: Handle): Promise<string[]> =>
  (
    await own<ReferenceTables>(handle).selectFrom('insurer').select('insuCompCd').where('active', '=', false).execute()
  ).map((r) => r.insuCompCd);

/** The channel and API base URL the console set per insurer (null: the environment decides, as before). */
export async function deliverySettingsOf(
  handle: Handle,
  codes: string[],
): Promise<Map<string, { channel: DeliveryChannel | null; apiUrl: string | null }>> {
  const db = own<ReferenceTables>(handle);
  const rows = codes.length
    ? await db
        .selectFrom('insurer')
        .select(['insuCompCd', 'deliveryChannel', 'apiUrl'])
        .where('insuCompCd', 'in', codes)
        .execute()
    : [];
  return new Map(rows.map((r) => [r.insuCompCd, { channel: r.deliveryChannel, apiUrl: r.apiUrl }]));
}

/** The channel of each insurer now: the console's choice, else the delivery provider's (the environment). */
export async function channelsOf(
  ctx: Pick<AppContext, 'db' | 'providers'>,
  handle: Handle,
  codes: string[],
): Promise<Map<string, DeliveryChannel>> {
  const db = own<ReferenceTables>(handle);
  const set = await deliverySettingsOf(db, codes);
  return new Map(codes.map((c) => [c, set.get(c)?.channel ?? ctx.providers.delivery.channelFor(c)]));
}

// ————————————————————————————— hospitals —————————————————————————————

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const hospitalColumns = [
  'hospitalCd',
  'hospitalNm',
  'hospitalType',
  'address',
  'phone',
  'introText',
  'autoClaimEnabled',
  'androidPackage',
  'iosPackage',
  'isDemo',
] as const;

const toOpsHospital = ({ iosPackage, ...h }: { iosPackage: string | null } & Omit<OpsHospital, 'iOSPackage'>) => ({
  ...h,
  iOSPackage: iosPackage,
});

export async function pageHospitals(handle: Handle, q: z.infer<typeof hospitalsPageQuery>) {
  const db = own<ReferenceTables>(handle);
  let base = db.selectFrom('hospital');
  if (q.q) {
    const like = likeOf(q.q);
    base = base.where((w) => w.or([w('hospitalNm', 'ilike', like), w('hospitalCd', 'like', like)]));
  }
  const sort = q.sort ?? 'hospitalNm';
  const dir = q.sort ? q.order : 'asc';
  const { rows, total } = await pageOf(
    base
      .select(hospitalColumns)
      .orderBy(sort === 'hospitalNm' ? sql`hospital_nm collate "C"` : sort, dir)
      .orderBy('hospitalCd'),
    q,
  );
  return { list: rows.map(toOpsHospital), total };
}

const findOpsHospital = async (handle: Handle, code: string) => {
  const row = await own<ReferenceTables>(handle)
    .selectFrom('hospital')
    .select(hospitalColumns)
    .where('hospitalCd', '=', code)
    .executeTakeFirst();
  return row && toOpsHospital(row);
};

const hospitalValues = (b: HospitalUpdateBody) => ({
  hospitalNm: b.hospitalNm,
  hospitalType: b.hospitalType,
  address: b.address,
  phone: b.phone,
  introText: b.introText,
  autoClaimEnabled: b.autoClaimEnabled,
  androidPackage: b.androidPackage ?? null,
  iosPackage: b.iOSPackage ?? null,
});

/** What changed, for the operator's record: field names only for the free texts, values for the switches. */
function hospitalChanges(before: OpsHospital, after: HospitalUpdateBody) {
  const changed = (Object.keys(after) as (keyof HospitalUpdateBody)[]).filter(
    (k) => (before[k] ?? null) !== (after[k] ?? null),
  );
  return JSON.stringify({ changed, autoClaimEnabled: after.autoClaimEnabled });
}

// ————————————————————————————— insurers —————————————————————————————

const PHOTO = 'INSU_PHOTO';

/** What the environment says of an insurer: channel (DELIVERY_API_INSURERS), base URL and whether a secret is set. */
function envLinkOf(ctx: AppContext, code: string) {
  const d = ctx.config.delivery;
  return d?.kind === 'insurers' ? d.insurers.find((i) => i.insuCompCd === code) : undefined;
}

/** Where the insurer APIs may be reached (INSURER_EGRESS_ALLOW): what the delivery provider connects with. */
const egressOf = (ctx: AppContext): EgressPolicy =>
  ctx.config.delivery?.kind === 'insurers' ? (ctx.config.delivery.egress ?? {}) : {};

type ChangeRow = Selectable<InsurerDestinationChangeTable>;
const digits = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '');

function toChange(c: ChangeRow, insurer: Pick<OpsInsurer, 'insuCompNm' | 'deliveryChannel' | 'apiUrl' | 'faxNo'>) {
  return {
    id: String(c.id),
    insuCompCd: c.insuCompCd,
    insuCompNm: insurer.insuCompNm,
    deliveryChannel: c.deliveryChannel,
    apiUrl: c.apiUrl,
    faxNo: c.faxNo,
    fields: c.fields as DestinationChange['fields'],
    current: { deliveryChannel: insurer.deliveryChannel, apiUrl: insurer.apiUrl, faxNo: insurer.faxNo },
    requestedBy: c.requestedBy,
    requestedAt: c.requestedAt.toISOString(),
    expiresAt: c.expiresAt.toISOString(),
  };
}

/** The open destination changes (asked, not decided, not lapsed) of some insurers, or of all. */
const openChanges = (handle: Handle, now: Date, codes?: string[]) => {
  let q = own<ReferenceTables>(handle)
    .selectFrom('insurerDestinationChange')
    .selectAll()
    .where('decision', 'is', null)
    .where('expiresAt', '>', now);
  if (codes) q = q.where('insuCompCd', 'in', codes);
  return q.orderBy('id').execute();
};

async function opsInsurers(ctx: AppContext, handle: Handle, codes: string[]): Promise<Map<string, OpsInsurer>> {
  const db = own<ReferenceTables>(handle);
  if (codes.length === 0) return new Map();
  const [rows, faxes, photos, changes] = await Promise.all([
    db
      .selectFrom('insurer')
      .select(['insuCompCd', 'insuCompNm', 'insuKind', 'active', 'deliveryChannel', 'apiUrl'])
      .where('insuCompCd', 'in', codes)
      .execute(),
    db
      .selectFrom('insurerFax')
      .select(['insuCompCd', 'faxNo'])
      .where('insuCompCd', 'in', codes)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('uiControl')
      .select(['compCd', 'ctrlKey', 'ctrlVal'])
      .where('compCd', 'in', codes)
      .where('compType', '=', PHOTO)
      .execute(),
    openChanges(db, ctx.clock.now(), codes),
  ]);
  const map = new Map<string, OpsInsurer>();
  for (const r of rows) {
    const env = envLinkOf(ctx, r.insuCompCd);
    const photo = readPhotoControls(photos.filter((p) => p.compCd === r.insuCompCd));
    const insurer = {
      insuCompCd: r.insuCompCd,
      insuCompNm: r.insuCompNm,
      insuKind: r.insuKind,
      active: r.active,
      deliveryChannel: r.deliveryChannel ?? ctx.providers.delivery.channelFor(r.insuCompCd),
      channelSource: r.deliveryChannel
        ? ('console' as const)
        : env?.channel === 'api'
          ? ('env' as const)
          : ('default' as const),
      apiUrl: r.apiUrl ?? env?.url ?? null,
      faxNo: faxes.find((f) => f.insuCompCd === r.insuCompCd)?.faxNo ?? null,
      secretSet: Boolean(env?.secret),
      photo: { idPhotoUse: photo.idPhotoUse, idPhotoTypes: photo.idPhotoTypes, maskBackNumber: photo.maskBackNumber },
    };
    const open = changes.find((c) => c.insuCompCd === r.insuCompCd);
    map.set(r.insuCompCd, { ...insurer, pendingChange: open ? toChange(open, insurer) : null });
  }
  return map;
}

export async function pageOpsInsurers(ctx: AppContext, q: z.infer<typeof insurersPageQuery>) {
  let base = own<ReferenceTables>(ctx.db).selectFrom('insurer');
  if (q.q) {
    const like = likeOf(q.q);
    base = base.where((w) => w.or([w('insuCompNm', 'ilike', like), w('insuCompCd', 'ilike', like)]));
  }
  const sort = q.sort ?? 'sortOrder';
  const dir = q.sort ? q.order : 'asc';
  const { rows, total } = await pageOf(
    base
      .select('insuCompCd')
      .orderBy(sort === 'insuCompNm' ? sql`insu_comp_nm collate "C"` : sort, dir)
      .orderBy('insuCompCd'),
    q,
  );
  const codes = rows.map((r) => r.insuCompCd);
  const byCode = await opsInsurers(ctx, ctx.db, codes);
  return { list: codes.map((c) => byCode.get(c)!), total };
}

/** Every open destination change: what each admin's console shows until it is decided or lapses. */
async function pendingChanges(ctx: AppContext) {
  const changes = await openChanges(ctx.db, ctx.clock.now());
  const insurers = await opsInsurers(ctx, ctx.db, [...new Set(changes.map((c) => c.insuCompCd))]);
  const list = changes.map((c) => toChange(c, insurers.get(c.insuCompCd)!));
  return { list, total: list.length };
}

const photoRows = (code: string, p: PhotoSettings) => [
  { compCd: code, compType: PHOTO, ctrlKey: 'ID_PHOTO_USE', ctrlVal: JSON.stringify({ use: p.idPhotoUse }) },
  { compCd: code, compType: PHOTO, ctrlKey: 'ID_PHOTO_TYPES', ctrlVal: JSON.stringify(p.idPhotoTypes) },
  {
    compCd: code,
    compType: PHOTO,
    ctrlKey: 'ID_PHOTO_GUIDE',
    ctrlVal: JSON.stringify({ maskBackNumber: p.maskBackNumber }),
  },
];

const invalid = (errors: FieldError[]) =>
  new AppError('VALIDATION_FAILED', errors.length === 1 ? errors[0]!.message : '입력한 내용을 확인해 주세요.', errors);

const notAllowed = (message: string) =>
  new AppError('DESTINATION_NOT_ALLOWED', message, [{ field: 'apiUrl', message }]);

/**
 * Whether claims may go to this API base URL (docs/security.md, "Insiders: claim destinations"): on the insurer's
 * allow-list (the origin of INSURER_<code>_API_URL), and its host resolving to public addresses only. Asked when a
 * change is requested and again when it is approved; the delivery checks both once more when it connects.
 */
async function assertDestinationAllowed(ctx: AppContext, code: string, url: string) {
  const envUrl = envLinkOf(ctx, code)?.url;
  if (!apiUrlAllowed(envUrl, url)) {
    throw notAllowed(
      envUrl
        ? `이 보험사의 API 주소는 ${new URL(envUrl).origin}에 있는 주소만 쓸 수 있어요. 다른 곳이라면 서버 환경 변수 INSURER_${code}_API_URL을 바꿔야 해요.`
        : `이 보험사는 서버 환경 변수 INSURER_${code}_API_URL이 없어서 콘솔에서 API 주소를 정할 수 없어요.`,
    );
  }
  try {
    await checkedAddresses(new URL(url).hostname, egressOf(ctx));
  } catch (e) {
    if (!(e instanceof EgressRefused)) throw e;
    throw notAllowed(
      'API 주소가 공개 인터넷 주소로 연결되지 않아요. 이 서버, 사설망, 링크 로컬, 메타데이터 주소는 쓸 수 없어요.',
    );
  }
}

/** The fax number claims to an insurer are faxed to: the first of its insurer_fax rows. */
async function setFaxNo(handle: Handle, code: string, faxNo: string) {
  const tx = own<ReferenceTables>(handle);
  const first = await tx
    .selectFrom('insurerFax')
    .select('id')
    .where('insuCompCd', '=', code)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  // An operator asked for it and another approved it: it is the number claims are faxed to.
  if (first) await tx.updateTable('insurerFax').set({ faxNo, verified: true }).where('id', '=', first.id).execute();
  else
    await tx
      .insertInto('insurerFax')
      .values({ insuCompCd: code, faxNo, label: '보험금 청구 접수', verified: true })
      .execute();
}

/**
 * An admin's edit of an insurer. Its on/off and photo settings apply at once; where its claims go (channel, API base
 * URL, fax number) becomes a destination change that waits for a second admin (decideChange), replacing an open one.
 */
async function updateInsurer(
  ctx: AppContext,
  req: { operatorId?: string; ip: string },
  code: string,
  b: InsurerUpdateBody,
) {
  const before = (await opsInsurers(ctx, ctx.db, [code])).get(code);
  if (!before) throw notFound('그 코드의 보험사가 없어요.', 'INSURER_CODE_NOT_FOUND');
  const row = await own<ReferenceTables>(ctx.db)
    .selectFrom('insurer')
    .select('apiUrl')
    .where('insuCompCd', '=', code)
    .executeTakeFirstOrThrow();
  const envUrl = envLinkOf(ctx, code)?.url;
  const errors: FieldError[] = [];
  let apiUrl = b.apiUrl === undefined ? undefined : b.apiUrl?.replace(/\/+$/, '') || null;
  // The environment's own URL, sent back as the console shows it, is no URL of the console's.
  if (apiUrl && apiUrl === envUrl) apiUrl = null;
  if (apiUrl && !z.url({ protocol: /^https?$/ }).safeParse(apiUrl).success) {
    errors.push({ field: 'apiUrl', message: 'API 주소는 https:// 또는 http://로 시작하는 주소여야 해요.' });
  }
  const faxNo = b.faxNo ?? before.faxNo;
  if (b.deliveryChannel === 'fax' && !faxNo) {
    errors.push({ field: 'faxNo', message: '팩스로 보내려면 팩스 번호를 입력해 주세요.' });
  }
  if (b.deliveryChannel === 'api' && ctx.config.delivery?.kind === 'insurers') {
    // For real, an API delivery needs a base URL and the signing secret (the environment's, never the database's).
    if (!(apiUrl ?? (apiUrl === null ? envUrl : before.apiUrl))) {
      errors.push({ field: 'apiUrl', message: 'API로 보내려면 보험사 API 주소를 입력해 주세요.' });
    }
    if (!before.secretSet) {
      errors.push({
        field: 'deliveryChannel',
        message: `API로 보내려면 서버 환경 변수 INSURER_${code}_SECRET이 있어야 해요. 없으면 팩스로 골라 주세요.`,
      });
    }
  }
  if (errors.length) throw invalid(errors);

  const wanted = { deliveryChannel: b.deliveryChannel, apiUrl: apiUrl === undefined ? row.apiUrl : apiUrl, faxNo };
  const fields = DESTINATION_FIELDS.filter((f) =>
    f === 'deliveryChannel'
      ? wanted.deliveryChannel !== before.deliveryChannel
      : f === 'apiUrl'
        ? wanted.apiUrl !== row.apiUrl
        : digits(wanted.faxNo) !== digits(before.faxNo),
  );
  if (fields.includes('apiUrl') && wanted.apiUrl) await assertDestinationAllowed(ctx, code, wanted.apiUrl);

  const now = ctx.clock.now();
  const by = byOperator(ctx, req);
  const changeId = await own<ReferenceTables>(ctx.db)
    .transaction()
    .execute(async (tx) => {
      // One edit of an insurer at a time: two requests at once replace one another instead of colliding.
      await tx.selectFrom('insurer').select('insuCompCd').where('insuCompCd', '=', code).forUpdate().execute();
      await tx.updateTable('insurer').set({ active: b.active }).where('insuCompCd', '=', code).execute();
      for (const photo of photoRows(code, b.photo)) {
        await tx
          .insertInto('uiControl')
          .values(photo)
          .onConflict((oc) => oc.columns(['compCd', 'compType', 'ctrlKey']).doUpdateSet({ ctrlVal: photo.ctrlVal }))
          .execute();
      }
      let id: string | null = null;
      if (fields.length) {
        await tx
          .updateTable('insurerDestinationChange')
          .set({ decision: 'replaced', decidedBy: by.loginId, decidedAt: now })
          .where('insuCompCd', '=', code)
          .where('decision', 'is', null)
          .execute();
        const inserted = await tx
          .insertInto('insurerDestinationChange')
          .values({
            insuCompCd: code,
            ...wanted,
            fields: [...fields],
            requestedBy: by.loginId,
            requestedAt: now,
            expiresAt: new Date(now.getTime() + DESTINATION_CHANGE_TTL_HOURS * 3600_000),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = String(inserted.id);
        await recordOperatorAction(
          tx,
          {
            ...by,
            action: 'insurer_destination_requested',
            target: code,
            detail: JSON.stringify({ changeId: id, fields, ...wanted }),
          },
          now,
        );
      }
      await recordOperatorAction(
        tx,
        {
          ...by,
          action: 'insurer_updated',
          target: code,
          detail: JSON.stringify({ active: b.active, photo: b.photo, destinationChange: id }),
        },
        now,
      );
      return id;
    });
  if (changeId) {
    // For the operators' log alerts: the console shows it to every admin until one other than the asker decides.
    ctx.log.warn(
      { insuCompCd: code, changeId, fields },
      'insurer destination change requested; a second admin must approve',
    );
  }
  return (await opsInsurers(ctx, ctx.db, [code])).get(code)!;
}

const CHANGE_GONE = () =>
  new AppError('CHANGE_NOT_FOUND', '그 변경 요청이 없거나 이미 처리됐어요. 목록을 새로 불러와 주세요.');

/**
 * A second admin's decision on a destination change. Approved: the insurer's row takes it, in the same transaction
 * as the decision, if it has not lapsed, is not the approver's own, and its URL is still allowed. Rejected: by
 * anyone with the role, the asker too (a withdrawal).
 */
async function decideChange(
  ctx: AppContext,
  req: { operatorId?: string; ip: string },
  id: string,
  decision: 'approved' | 'rejected',
) {
  const by = byOperator(ctx, req);
  const open = () =>
    own<ReferenceTables>(ctx.db)
      .selectFrom('insurerDestinationChange')
      .selectAll()
      .where('id', '=', id)
      .where('decision', 'is', null)
      .executeTakeFirst();
  const asked = await open();
  if (!asked) throw CHANGE_GONE();
  if (decision === 'approved') {
    if (asked.requestedBy === by.loginId) {
      throw new AppError('SAME_ADMIN', '직접 요청한 변경은 승인할 수 없어요. 다른 관리자의 승인을 기다려요.');
    }
    if (asked.expiresAt <= ctx.clock.now()) {
      throw new AppError('CHANGE_EXPIRED', '승인할 수 있는 시간이 지났어요. 변경을 다시 요청해 주세요.');
    }
    if (asked.fields.includes('apiUrl') && asked.apiUrl) {
      await assertDestinationAllowed(ctx, asked.insuCompCd, asked.apiUrl);
    }
  }
  const now = ctx.clock.now();
  await own<ReferenceTables>(ctx.db)
    .transaction()
    .execute(async (tx) => {
      const decided = await tx
        .updateTable('insurerDestinationChange')
        .set({ decision, decidedBy: by.loginId, decidedAt: now })
        .where('id', '=', id)
        .where('decision', 'is', null)
        .returningAll()
        .executeTakeFirst();
      // Decided by someone else meanwhile.
      if (!decided) throw CHANGE_GONE();
      if (decision === 'approved') {
        const c = decided;
        const set = {
          ...(c.fields.includes('deliveryChannel') ? { deliveryChannel: c.deliveryChannel } : {}),
          ...(c.fields.includes('apiUrl') ? { apiUrl: c.apiUrl } : {}),
        };
        if (Object.keys(set).length) {
          await tx.updateTable('insurer').set(set).where('insuCompCd', '=', c.insuCompCd).execute();
        }
        if (c.fields.includes('faxNo') && c.faxNo) await setFaxNo(tx, c.insuCompCd, c.faxNo);
      }
      await recordOperatorAction(
        tx,
        {
          ...by,
          action: decision === 'approved' ? 'insurer_destination_approved' : 'insurer_destination_rejected',
          target: decided.insuCompCd,
          detail: JSON.stringify({ changeId: id, requestedBy: decided.requestedBy, fields: decided.fields }),
        },
        now,
      );
    });
  return (await opsInsurers(ctx, ctx.db, [asked.insuCompCd])).get(asked.insuCompCd)!;
}

/** A one-page PDF that says it is a test: what a fax test sends (no patient, no claim). */
function testPdf(title: string): Uint8Array {
  const text = `(${title}) Tj`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length + 30} >>\nstream\nBT /F1 24 Tf 72 760 Td ${text} ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/**
 * A test delivery: a document marked as a test (no patient, no claim) through the insurer's channel and the
 * delivery provider, as a claim would go (the egress guard too). It answers only whether it was reached, refused or
 * unreachable: never the target's status, answer or receipt, so it cannot be used to read another server's answers.
 */
async function testDelivery(
  ctx: AppContext,
  req: { operatorId?: string; ip: string },
  code: string,
): Promise<TestDeliveryResult> {
  const insurer = (await opsInsurers(ctx, ctx.db, [code])).get(code);
  if (!insurer) throw notFound('그 코드의 보험사가 없어요.', 'INSURER_CODE_NOT_FOUND');
  const now = ctx.clock.now();
  const channel = insurer.deliveryChannel;
  const note = JSON.stringify({
    test: true,
    notice: '자동청구 시험 전송이에요. 청구가 아니니 처리하지 마세요. (TEST - not a claim)',
    insuCompCd: code,
    sentAt: now.toISOString(),
  });
  const documents: DeliveryRequest['documents'] = [
    {
      kind: 'claim_form',
      contentType: 'application/json',
      body: note,
      sha256: createHash('sha256').update(note).digest('hex'),
    },
  ];
  if (channel === 'fax') {
    const pdf = testPdf(`AUTO-CLAIM TEST ${code} - NOT A CLAIM`);
    documents.push({
      kind: 'package',
      contentType: 'application/pdf',
      body: pdf,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
  }
  const request: DeliveryRequest = {
    idempotencyKey: `test-${code}-${now.getTime()}`,
    claimId: null,
    insuCompCd: code,
    channel,
    destination: channel === 'fax' ? digits(insurer.faxNo) : `api:${code}`,
    documents,
    test: true,
    ...(insurer.apiUrl ? { apiUrl: insurer.apiUrl } : {}),
  };
  let result: TestDeliveryResult['result'];
  try {
    const [r] = await ctx.providers.delivery.deliver([request], ctx.outbox);
    result = r!.ok ? 'reached' : r!.retryable ? 'unreachable' : 'refused';
  } catch (e) {
    ctx.log.warn({ insuCompCd: code, err: e instanceof Error ? e.name : 'error' }, 'test delivery failed');
    result = 'unreachable';
  }
  await recordOperatorAction(
    ctx.db,
    {
      ...byOperator(ctx, req),
      action: 'insurer_test_delivery',
      target: code,
      detail: JSON.stringify({ channel, result }),
    },
    now,
  );
  return { insuCompCd: code, channel, result, at: now.toISOString() };
}

// ————————————————————————————— routes —————————————————————————————

export const referenceOpsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    const hospitalParams = z.object({ hospitalCd });
    const insurerParams = z.object({ insuCompCd });
    const HOSPITAL_GONE = () => notFound('그 코드의 병원이 없어요.', 'HOSPITAL_NOT_FOUND');

    app.get(
      OPS_HOSPITALS_API.list,
      {
        config: operatorRoute('viewer'),
        schema: {
          operationId: 'opsListHospitals',
          tags,
          summary: '병원 목록 (이름·코드 검색, 쪽 나눔, 정렬)',
          querystring: hospitalsPageQuery,
          response: { 200: hospitalsPage },
        },
      },
      (req) => pageHospitals(ctx.db, req.query),
    );

    app.post(
      OPS_HOSPITALS_API.list,
      {
        config: operatorRoute('admin', 'HOSPITAL_EXISTS'),
        schema: {
          operationId: 'opsCreateHospital',
          tags,
          summary: '병원 추가',
          body: hospitalCreateBody,
          response: { 201: opsHospital },
        },
      },
      async (req, reply) => {
        const b = req.body;
        const now = ctx.clock.now();
        await own<ReferenceTables>(ctx.db)
          .transaction()
          .execute(async (tx) => {
            const inserted = await tx
              .insertInto('hospital')
              .values({
                hospitalCd: b.hospitalCd,
                ...hospitalValues(b),
                thumbnailPath: '',
                isDemo: false,
                sortOrder: sql<number>`(select coalesce(max(sort_order), 0) + 1 from hospital)`,
              })
              .onConflict((oc) => oc.column('hospitalCd').doNothing())
              .returning('hospitalCd')
              .executeTakeFirst();
            if (!inserted) {
              throw new AppError('HOSPITAL_EXISTS', '그 코드의 병원이 이미 있어요.', [
                { field: 'hospitalCd', message: '이미 등록된 병원 코드예요.' },
              ]);
            }
            await recordOperatorAction(
              tx,
              {
                ...byOperator(ctx, req),
                action: 'hospital_created',
                target: b.hospitalCd,
                detail: JSON.stringify({ hospitalNm: b.hospitalNm, autoClaimEnabled: b.autoClaimEnabled }),
              },
              now,
            );
          });
        return reply.code(201).send((await findOpsHospital(ctx.db, b.hospitalCd))!);
      },
    );

    app.get(
      OPS_HOSPITALS_API.one(':hospitalCd'),
      {
        config: operatorRoute('viewer', 'HOSPITAL_NOT_FOUND'),
        schema: {
          operationId: 'opsGetHospital',
          tags,
          summary: '병원 한 곳',
          params: hospitalParams,
          response: { 200: opsHospital },
        },
      },
      async (req) => (await findOpsHospital(ctx.db, req.params.hospitalCd)) ?? Promise.reject(HOSPITAL_GONE()),
    );

    app.put(
      OPS_HOSPITALS_API.one(':hospitalCd'),
      {
        config: operatorRoute('admin', 'HOSPITAL_NOT_FOUND'),
        schema: {
          operationId: 'opsUpdateHospital',
          tags,
          summary: '병원 정보 고치기 (환자 화면에 바로 보여요)',
          params: hospitalParams,
          body: hospitalUpdateBody,
          response: { 200: opsHospital },
        },
      },
      async (req) => {
        const code = req.params.hospitalCd;
        const now = ctx.clock.now();
        await own<ReferenceTables>(ctx.db)
          .transaction()
          .execute(async (tx) => {
            const before = await findOpsHospital(tx, code);
            if (!before) throw HOSPITAL_GONE();
            await tx.updateTable('hospital').set(hospitalValues(req.body)).where('hospitalCd', '=', code).execute();
            await recordOperatorAction(
              tx,
              {
                ...byOperator(ctx, req),
                action: 'hospital_updated',
                target: code,
                detail: hospitalChanges(before, req.body),
              },
              now,
            );
          });
        return (await findOpsHospital(ctx.db, code))!;
      },
    );

    app.get(
      OPS_INSURERS_API.list,
      {
        config: operatorRoute('viewer'),
        schema: {
          operationId: 'opsListInsurers',
          tags,
          summary: '보험사 목록 (전송 방식, 팩스, API, 사진 설정, 사용 여부)',
          querystring: insurersPageQuery,
          response: { 200: insurersPage },
        },
      },
      (req) => pageOpsInsurers(ctx, req.query),
    );

    app.get(
      OPS_INSURERS_API.one(':insuCompCd'),
      {
        config: operatorRoute('viewer', 'INSURER_CODE_NOT_FOUND'),
        schema: {
          operationId: 'opsGetInsurer',
          tags,
          summary: '보험사 한 곳',
          params: insurerParams,
          response: { 200: opsInsurer },
        },
      },
      async (req) => {
        const found = (await opsInsurers(ctx, ctx.db, [req.params.insuCompCd])).get(req.params.insuCompCd);
        if (!found) throw notFound('그 코드의 보험사가 없어요.', 'INSURER_CODE_NOT_FOUND');
        return found;
      },
    );

    app.put(
      OPS_INSURERS_API.one(':insuCompCd'),
      {
        config: operatorRoute('admin', 'INSURER_CODE_NOT_FOUND', 'DESTINATION_NOT_ALLOWED'),
        schema: {
          operationId: 'opsUpdateInsurer',
          tags,
          summary:
            '보험사 설정 고치기 (사진 설정, 사용 여부는 바로; 전송 방식, 팩스, API 주소는 다른 관리자가 승인하면 바뀌어요)',
          params: insurerParams,
          body: insurerUpdateBody,
          response: { 200: opsInsurer },
        },
      },
      (req) => updateInsurer(ctx, req, req.params.insuCompCd, req.body),
    );

    app.get(
      OPS_INSURERS_API.pendingChanges,
      {
        config: operatorRoute('viewer'),
        schema: {
          operationId: 'opsListInsurerChanges',
          tags,
          summary: '승인을 기다리는 보험사 전송 주소 변경',
          response: { 200: destinationChangeList },
        },
      },
      () => pendingChanges(ctx),
    );

    for (const [decision, path, operationId, summary] of [
      [
        'approved',
        OPS_INSURERS_API.approve(':changeId'),
        'opsApproveInsurerChange',
        '보험사 전송 주소 변경 승인 (요청한 관리자 말고 다른 관리자)',
      ],
      ['rejected', OPS_INSURERS_API.reject(':changeId'), 'opsRejectInsurerChange', '보험사 전송 주소 변경 거절'],
    ] as const) {
      app.post(
        path,
        {
          config: operatorRoute(
            'admin',
            'CHANGE_NOT_FOUND',
            ...(decision === 'approved' ? (['SAME_ADMIN', 'CHANGE_EXPIRED', 'DESTINATION_NOT_ALLOWED'] as const) : []),
          ),
          schema: { operationId, tags, summary, params: changeIdParams, response: { 200: opsInsurer } },
        },
        (req) => decideChange(ctx, req, req.params.changeId, decision),
      );
    }

    // Per operator, beside the route's per-address limit: a test delivery calls out, so it is no probe to repeat.
    // Counted after validation (preHandler), so that only a delivery that would go out spends it.
    const testLimit = app.createRateLimit({
      max: TEST_DELIVERIES_PER_WINDOW,
      timeWindow: TEST_DELIVERY_WINDOW_MINUTES * 60_000,
      keyGenerator: (req) => `test-delivery:${req.operatorId ?? req.ip}`,
    });
    const perOperator: preHandlerAsyncHookHandler = async (req, reply) => {
      const limit = await testLimit(req);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', limit.ttlInSeconds);
        // The problem handler answers it as every limit: 429 RATE_LIMITED.
        throw Object.assign(new Error('test deliveries of this operator over the limit'), { statusCode: 429 });
      }
    };

    app.post(
      OPS_INSURERS_API.testDelivery(':insuCompCd'),
      {
        config: {
          ...operatorRoute('admin', 'INSURER_CODE_NOT_FOUND'),
          // Per address too, for several operators at one address (four of them at the operator's limit).
          rateLimit: { max: 4 * TEST_DELIVERIES_PER_WINDOW, timeWindow: TEST_DELIVERY_WINDOW_MINUTES * 60_000 },
        },
        preHandler: perOperator,
        schema: {
          operationId: 'opsTestInsurerDelivery',
          tags,
          summary: '시험 전송 (환자 정보 없는 시험 문서를 설정된 방식으로 보내요)',
          params: insurerParams,
          response: { 200: testDeliveryResult },
        },
      },
      (req) => testDelivery(ctx, req, req.params.insuCompCd),
    );
  };
