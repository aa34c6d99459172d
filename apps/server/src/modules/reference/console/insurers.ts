// The console's insurers as it shows them (README "Operator console"): each one's channel (the console's, the
// environment's or the default), fax number, API base URL, whether its signing secret is set, photo settings, on/off
// and the destination change waiting for a second admin.
import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import { readPhotoControls } from '@auto-claim/contract';
import type { DestinationChange, OpsInsurer, insurersPageQuery } from '@auto-claim/contract/ops';
import type { AppContext } from '../../../context.js';
import type { Handle } from '../../../db/handle.js';
import { pageOf } from '../../../db/page.js';
import { notFound } from '../../../http/problem.js';
import { likeOf } from '../repo.js';
import { type InsurerDestinationChangeTable, referenceDb } from '../tables.js';

/** The ui_control type of an insurer's photo settings. */
export const PHOTO = 'INSU_PHOTO';

/** What the environment says of an insurer: channel (DELIVERY_API_INSURERS), base URL and whether a secret is set. */
export function envLinkOf(ctx: AppContext, code: string) {
  const d = ctx.config.delivery;
  return d?.kind === 'insurers' ? d.insurers.find((i) => i.insuCompCd === code) : undefined;
}

type ChangeRow = Selectable<InsurerDestinationChangeTable>;
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};
export const digits = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '');

export function toChange(
  c: ChangeRow,
  insurer: Pick<OpsInsurer, 'insuCompNm' | 'deliveryChannel' | 'apiUrl' | 'faxNo'>,
) {
  return {
    id: String(c.id),
    insuCompCd: c.insuCompCd,
    insuCompNm: insurer.insuCompNm,
    deliveryChannel: c.deliveryChannel,
    apiUrl: c.apiUrl,
    // The host as the connection will read it, for the approver to see (not as whoever typed it wrote it).
    apiHost: c.apiUrl ? hostOf(c.apiUrl) : null,
    faxNo: c.faxNo,
    fields: c.fields as DestinationChange['fields'],
    current: { deliveryChannel: insurer.deliveryChannel, apiUrl: insurer.apiUrl, faxNo: insurer.faxNo },
    requestedBy: c.requestedBy,
    requestedAt: c.requestedAt.toISOString(),
    expiresAt: c.expiresAt.toISOString(),
  };
}

/** The open destination changes (asked, not decided, not lapsed) of some insurers, or of all. */
export const openChanges = (handle: Handle, now: Date, codes?: string[]) => {
  let q = referenceDb(handle)
    .selectFrom('insurerDestinationChange')
    .selectAll()
    .where('decision', 'is', null)
    .where('expiresAt', '>', now);
  if (codes) q = q.where('insuCompCd', 'in', codes);
  return q.orderBy('id').execute();
};

export async function opsInsurers(ctx: AppContext, handle: Handle, codes: string[]): Promise<Map<string, OpsInsurer>> {
  const db = referenceDb(handle);
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
  let base = referenceDb(ctx.db).selectFrom('insurer');
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

export const INSURER_GONE = () => notFound('그 코드의 보험사가 없어요.', 'INSURER_CODE_NOT_FOUND');

/** One insurer as the console shows it, or 404. */
export async function oneInsurer(ctx: AppContext, code: string) {
  const found = (await opsInsurers(ctx, ctx.db, [code])).get(code);
  if (!found) throw INSURER_GONE();
  return found;
}
