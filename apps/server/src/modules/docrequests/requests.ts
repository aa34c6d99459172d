// Document requests (README "Documents an insurer asks for"): made by the claims module's insurer answers through
// the port app.ts hands it (`hospitalDocumentPort`), in the answer's own transaction; read by the hospital (its EMR's
// poll by key, its user's screen) and the operators, each list on its own partial index and paged by key.
import { REQUESTED_DOCUMENT_NM, type HospitalDocumentRequest } from '@auto-claim/contract';
import type { CursorPage, DocumentRequestRow, DocumentRequestView } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { keysetPage, type KeysetPaging } from '../../db/page.js';
import { hospitalHasLiveKey, type HospitalDocumentPort } from '../claims/index.js';
import { hospitalHasUser } from '../operators/index.js';
import { hospitalsByCode, insurersByCode } from '../reference/index.js';
import { docrequestsDb } from './tables.js';

const DAY_MS = 24 * 60 * 60_000;

/** What the claims module's answers call (app.ts hands it in). */
export const hospitalDocumentPort = (ctx: AppContext): HospitalDocumentPort => ({
  // A hospital can be asked when its EMR holds a key of its own or it has a user in the console; a demo hospital's
  // sandbox key alone is no connection (README "Documents an insurer asks for").
  connected: async (hospitalCd) =>
    (await hospitalHasLiveKey(ctx, hospitalCd)) || (await hospitalHasUser(ctx.db, hospitalCd)),
  async request(tx, r) {
    await docrequestsDb(tx)
      .insertInto('documentRequest')
      .values(
        r.documents.map((documentKind) => ({
          claimId: r.claimId,
          recordId: r.recordId,
          hospitalCd: r.hospitalCd,
          insuCompCd: r.insuCompCd,
          receiptNo: r.receiptNo,
          visitDate: r.visitDate,
          patientMasked: r.patientMasked,
          documentKind,
          askedAt: r.at,
          patientToldAt: r.patientTold ? r.at : null,
        })),
      )
      // The same paper asked again while the hospital has not answered is the same request.
      .onConflict((oc) => oc.columns(['claimId', 'documentKind']).where('state', '=', 'open').doNothing())
      .execute();
  },
});

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The hospital's open requests, oldest first, after the last one it read (its EMR's poll: index document_request_poll). */
export async function openRequestsOf(
  handle: Handle,
  hospitalCd: string,
  q: { after?: string | undefined; limit: number },
): Promise<{ requests: HospitalDocumentRequest[]; next: string | null }> {
  let query = docrequestsDb(handle)
    .selectFrom('documentRequest')
    .select(['id', 'receiptNo', 'visitDate', 'documentKind', 'askedAt', 'state'])
    .where('hospitalCd', '=', hospitalCd)
    .where('state', '=', 'open');
  if (q.after !== undefined) query = query.where('id', '>', Number(q.after));
  const rows = await query
    .orderBy('id')
    .limit(q.limit + 1)
    .execute();
  const page = rows.slice(0, q.limit);
  return {
    requests: page.map((r) => ({
      requestId: String(r.id),
      receiptNo: r.receiptNo,
      visitDate: r.visitDate,
      document: r.documentKind,
      documentNm: REQUESTED_DOCUMENT_NM[r.documentKind],
      askedAt: iso(r.askedAt)!,
      state: r.state,
    })),
    next: rows.length > q.limit ? String(page.at(-1)!.id) : null,
  };
}

/**
 * A page of requests, open (oldest first by default, with their age) or answered, of one hospital (its user's screen)
 * or of every hospital (the operators'): each on its partial index by (asked_at, id).
 */
export async function requestPage(
  ctx: AppContext,
  q: KeysetPaging & { view: DocumentRequestView; hospitalCd?: string | undefined },
): Promise<CursorPage<DocumentRequestRow>> {
  let base = docrequestsDb(ctx)
    .selectFrom('documentRequest')
    .select([
      'id',
      'claimId',
      'hospitalCd',
      'insuCompCd',
      'receiptNo',
      'visitDate',
      'patientMasked',
      'documentKind',
      'state',
      'askedAt',
      'receivedAt',
      'deliveredAt',
      'patientToldAt',
      'lastError',
    ]);
  base = q.view === 'open' ? base.where('state', '=', 'open') : base.where('state', '<>', 'open');
  if (q.hospitalCd !== undefined) base = base.where('hospitalCd', '=', q.hospitalCd);
  const { rows, ...page } = await keysetPage(ctx.db, base, q, { by: 'asked_at', id: 'id' });
  const [hospitals, insurers] = await Promise.all([
    hospitalsByCode(ctx.db, [...new Set(rows.map((r) => r.hospitalCd))]),
    insurersByCode(ctx.db, [...new Set(rows.map((r) => r.insuCompCd))]),
  ]);
  const now = ctx.clock.now().getTime();
  return {
    ...page,
    list: rows.map((r) => ({
      requestId: String(r.id),
      claimId: Number(r.claimId),
      hospitalCd: r.hospitalCd,
      hospitalNm: hospitals.find((h) => h.hospitalCd === r.hospitalCd)?.hospitalNm ?? r.hospitalCd,
      insuCompCd: r.insuCompCd,
      insuCompNm: insurers.find((i) => i.insuCompCd === r.insuCompCd)?.insuCompNm ?? r.insuCompCd,
      receiptNo: r.receiptNo,
      visitDate: r.visitDate,
      patient: r.patientMasked,
      document: r.documentKind,
      state: r.state,
      askedAt: iso(r.askedAt)!,
      ageDays: Math.floor(
        ((r.receivedAt ? new Date(r.receivedAt).getTime() : now) - new Date(r.askedAt).getTime()) / DAY_MS,
      ),
      receivedAt: iso(r.receivedAt),
      deliveredAt: iso(r.deliveredAt),
      patientToldAt: iso(r.patientToldAt),
      deliveryError: r.lastError,
    })),
  };
}
