// The console's hospitals and insurers (README "Operator console"): list, add and edit hospitals; each insurer's
// delivery channel, fax number, API base URL, photo settings and on/off, and a test delivery through its channel.
// The patient's calls answer these tables from memory (cache.ts): an edit here drops what is held, in this process
// before the answer leaves (app.ts) and in every other through the tables' NOTIFY, so it shows on the next call.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readPhotoControls, type FieldError } from '@auto-claim/contract';
import {
  OPS_HOSPITALS_API,
  OPS_INSURERS_API,
  hospitalCreateBody,
  hospitalUpdateBody,
  hospitalsPage,
  hospitalsPageQuery,
  insurerUpdateBody,
  insurersPage,
  insurersPageQuery,
  offsetOf,
  opsHospital,
  opsInsurer,
  testDeliveryResult,
  type HospitalUpdateBody,
  type InsurerUpdateBody,
  type OpsHospital,
  type OpsInsurer,
  type PhotoSettings,
  type TestDeliveryResult,
} from '@auto-claim/contract/ops';
import { hospitalCd, insuCompCd } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { OperatorRole } from '../../db/schema.js';
import type { ErrorCode } from '../../http/errors.js';
import { AppError, notFound } from '../../http/problem.js';
import type { DeliveryChannel, DeliveryRequest } from '../../providers/delivery/types.js';
import { byOperator, recordOperatorAction } from '../audit/index.js';

type Db = Kysely<Database>;

// ————————————————————————————— what the claim engine reads (through index.ts) —————————————————————————————

/** Insurers switched off in the console: nothing new is delivered to them; their claims wait. */
export const pausedInsurers = async (db: Db): Promise<string[]> =>
  (await db.selectFrom('insurer').select('insuCompCd').where('active', '=', false).execute()).map((r) => r.insuCompCd);

/** The channel and API base URL the console set per insurer (null: the environment decides, as before). */
export async function deliverySettingsOf(
  db: Db,
  codes: string[],
): Promise<Map<string, { channel: DeliveryChannel | null; apiUrl: string | null }>> {
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
  db: Db,
  codes: string[],
): Promise<Map<string, DeliveryChannel>> {
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

export async function pageHospitals(db: Db, q: z.infer<typeof hospitalsPageQuery>) {
  let base = db.selectFrom('hospital');
  if (q.q) {
    const like = likeOf(q.q);
    base = base.where((w) => w.or([w('hospitalNm', 'ilike', like), w('hospitalCd', 'like', like)]));
  }
  const sort = q.sort ?? 'hospitalNm';
  const dir = q.sort ? q.order : 'asc';
  const [rows, count] = await Promise.all([
    base
      .select(hospitalColumns)
      .orderBy(sort === 'hospitalNm' ? sql`hospital_nm collate "C"` : sort, dir)
      .orderBy('hospitalCd')
      .limit(q.size)
      .offset(offsetOf(q))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toOpsHospital), total: Number(count.n) };
}

const findOpsHospital = async (db: Db, code: string) => {
  const row = await db.selectFrom('hospital').select(hospitalColumns).where('hospitalCd', '=', code).executeTakeFirst();
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

async function opsInsurers(ctx: AppContext, db: Db, codes: string[]): Promise<Map<string, OpsInsurer>> {
  if (codes.length === 0) return new Map();
  const [rows, faxes, photos] = await Promise.all([
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
  ]);
  const map = new Map<string, OpsInsurer>();
  for (const r of rows) {
    const env = envLinkOf(ctx, r.insuCompCd);
    const photo = readPhotoControls(photos.filter((p) => p.compCd === r.insuCompCd));
    map.set(r.insuCompCd, {
      insuCompCd: r.insuCompCd,
      insuCompNm: r.insuCompNm,
      insuKind: r.insuKind,
      active: r.active,
      deliveryChannel: r.deliveryChannel ?? ctx.providers.delivery.channelFor(r.insuCompCd),
      channelSource: r.deliveryChannel ? 'console' : env?.channel === 'api' ? 'env' : 'default',
      apiUrl: r.apiUrl ?? env?.url ?? null,
      faxNo: faxes.find((f) => f.insuCompCd === r.insuCompCd)?.faxNo ?? null,
      secretSet: Boolean(env?.secret),
      photo: { idPhotoUse: photo.idPhotoUse, idPhotoTypes: photo.idPhotoTypes, maskBackNumber: photo.maskBackNumber },
    });
  }
  return map;
}

export async function pageOpsInsurers(ctx: AppContext, q: z.infer<typeof insurersPageQuery>) {
  let base = ctx.db.selectFrom('insurer');
  if (q.q) {
    const like = likeOf(q.q);
    base = base.where((w) => w.or([w('insuCompNm', 'ilike', like), w('insuCompCd', 'ilike', like)]));
  }
  const sort = q.sort ?? 'sortOrder';
  const dir = q.sort ? q.order : 'asc';
  const [rows, count] = await Promise.all([
    base
      .select('insuCompCd')
      .orderBy(sort === 'insuCompNm' ? sql`insu_comp_nm collate "C"` : sort, dir)
      .orderBy('insuCompCd')
      .limit(q.size)
      .offset(offsetOf(q))
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const codes = rows.map((r) => r.insuCompCd);
  const byCode = await opsInsurers(ctx, ctx.db, codes);
  return { list: codes.map((c) => byCode.get(c)!), total: Number(count.n) };
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

/** Claims leave encrypted: https in production (plain http only to this machine), http(s) elsewhere. */
function checkApiUrl(ctx: AppContext, url: string): string | undefined {
  const production = ctx.config.nodeEnv === 'production';
  const loopback = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(url);
  const ok = z.url({ protocol: production && !loopback ? /^https$/ : /^https?$/ }).safeParse(url).success;
  if (ok) return undefined;
  return production
    ? 'API 주소는 https://로 시작하는 주소여야 해요.'
    : 'API 주소는 http:// 또는 https://로 시작해야 해요.';
}

async function updateInsurer(
  ctx: AppContext,
  req: { operatorId?: string; ip: string },
  code: string,
  b: InsurerUpdateBody,
) {
  const before = (await opsInsurers(ctx, ctx.db, [code])).get(code);
  if (!before) throw notFound('그 코드의 보험사가 없어요.', 'INSURER_CODE_NOT_FOUND');
  const errors: FieldError[] = [];
  const apiUrl = b.apiUrl === undefined ? undefined : b.apiUrl?.replace(/\/+$/, '') || null;
  if (apiUrl) {
    const bad = checkApiUrl(ctx, apiUrl);
    if (bad) errors.push({ field: 'apiUrl', message: bad });
  }
  const faxNo = b.faxNo === undefined ? before.faxNo : b.faxNo;
  if (b.deliveryChannel === 'fax' && !faxNo) {
    errors.push({ field: 'faxNo', message: '팩스로 보내려면 팩스 번호를 입력해 주세요.' });
  }
  if (b.deliveryChannel === 'api' && ctx.config.delivery?.kind === 'insurers') {
    // For real, an API delivery needs a base URL and the signing secret (the environment's, never the database's).
    if (!(apiUrl ?? (apiUrl === null ? null : before.apiUrl))) {
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
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('insurer')
      .set({ active: b.active, deliveryChannel: b.deliveryChannel, ...(apiUrl !== undefined ? { apiUrl } : {}) })
      .where('insuCompCd', '=', code)
      .execute();
    if (b.faxNo) {
      const first = await tx
        .selectFrom('insurerFax')
        .select('id')
        .where('insuCompCd', '=', code)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      // An operator typed it for this insurer: it is the number claims are faxed to.
      if (first)
        await tx.updateTable('insurerFax').set({ faxNo: b.faxNo, verified: true }).where('id', '=', first.id).execute();
      else
        await tx
          .insertInto('insurerFax')
          .values({ insuCompCd: code, faxNo: b.faxNo, label: '보험금 청구 접수', verified: true })
          .execute();
    }
    for (const row of photoRows(code, b.photo)) {
      await tx
        .insertInto('uiControl')
        .values(row)
        .onConflict((oc) => oc.columns(['compCd', 'compType', 'ctrlKey']).doUpdateSet({ ctrlVal: row.ctrlVal }))
        .execute();
    }
    await recordOperatorAction(
      tx,
      {
        ...byOperator(ctx, req),
        action: 'insurer_updated',
        target: code,
        detail: JSON.stringify({
          active: b.active,
          deliveryChannel: b.deliveryChannel,
          apiUrl: apiUrl === undefined ? before.apiUrl : apiUrl,
          faxNo,
          photo: b.photo,
        }),
      },
      now,
    );
  });
  return (await opsInsurers(ctx, ctx.db, [code])).get(code)!;
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
 * delivery provider, as a claim would go; its outcome is answered and written to the operators' record.
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
  const destination = channel === 'fax' ? (insurer.faxNo ?? '').replace(/\D/g, '') : `api:${code}`;
  const request: DeliveryRequest = {
    idempotencyKey: `test-${code}-${now.getTime()}`,
    claimId: null,
    insuCompCd: code,
    channel,
    destination,
    documents,
    test: true,
    ...(insurer.apiUrl ? { apiUrl: insurer.apiUrl } : {}),
  };
  let result: TestDeliveryResult;
  try {
    const [r] = await ctx.providers.delivery.deliver([request], ctx.outbox);
    result = {
      insuCompCd: code,
      channel,
      destination: channel === 'fax' ? (insurer.faxNo ?? '') : (insurer.apiUrl ?? `insurer:${code}`),
      ok: r!.ok,
      externalRef: r!.ok ? r!.externalRef : null,
      awaiting: r!.ok ? r!.awaiting === true : false,
      error: r!.ok ? null : r!.error,
      at: now.toISOString(),
    };
  } catch (e) {
    ctx.log.warn({ insuCompCd: code, err: e instanceof Error ? e.name : 'error' }, 'test delivery failed');
    result = {
      insuCompCd: code,
      channel,
      destination: channel === 'fax' ? (insurer.faxNo ?? '') : (insurer.apiUrl ?? `insurer:${code}`),
      ok: false,
      externalRef: null,
      awaiting: false,
      error: '전송 서비스에 연결하지 못했어요.',
      at: now.toISOString(),
    };
  }
  await recordOperatorAction(
    ctx.db,
    {
      ...byOperator(ctx, req),
      action: 'insurer_test_delivery',
      target: code,
      detail: JSON.stringify({ channel, ok: result.ok, externalRef: result.externalRef, error: result.error }),
    },
    now,
  );
  return result;
}

// ————————————————————————————— routes —————————————————————————————

export const referenceOpsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['operator'];
    const operator = (role: OperatorRole, ...problems: ErrorCode[]) => ({
      config: { auth: 'operator' as const, role, problems },
    });
    const hospitalParams = z.object({ hospitalCd });
    const insurerParams = z.object({ insuCompCd });
    const HOSPITAL_GONE = () => notFound('그 코드의 병원이 없어요.', 'HOSPITAL_NOT_FOUND');

    app.get(
      OPS_HOSPITALS_API.list,
      {
        ...operator('viewer'),
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
        ...operator('admin', 'HOSPITAL_EXISTS'),
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
        await ctx.db.transaction().execute(async (tx) => {
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
        ...operator('viewer', 'HOSPITAL_NOT_FOUND'),
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
        ...operator('admin', 'HOSPITAL_NOT_FOUND'),
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
        await ctx.db.transaction().execute(async (tx) => {
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
        ...operator('viewer'),
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
        ...operator('viewer', 'INSURER_CODE_NOT_FOUND'),
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
        ...operator('admin', 'INSURER_CODE_NOT_FOUND'),
        schema: {
          operationId: 'opsUpdateInsurer',
          tags,
          summary: '보험사 설정 고치기 (전송 방식, 팩스, API 주소, 사진 설정, 사용 여부)',
          params: insurerParams,
          body: insurerUpdateBody,
          response: { 200: opsInsurer },
        },
      },
      (req) => updateInsurer(ctx, req, req.params.insuCompCd, req.body),
    );

    app.post(
      OPS_INSURERS_API.testDelivery(':insuCompCd'),
      {
        ...operator('admin', 'INSURER_CODE_NOT_FOUND'),
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
