// Where an insurer's claims go changes only when a second admin approves (docs/security.md, "Insiders: claim
// destinations"): an edit of the channel, API base URL or fax number is asked for here (requestDestinationChange, in
// the edit's transaction), waits in every admin's console, and is approved by another admin or rejected by anyone
// with the role. An API base URL must be on the insurer's allow-list and reach public addresses only, when asked and
// again when approved.
import { DESTINATION_CHANGE_TTL_HOURS, type DestinationChange } from '@auto-claim/contract/ops';
import type { AppContext } from '../../../context.js';
import type { Handle } from '../../../db/handle.js';
import { AppError } from '../../../http/problem.js';
import { apiUrlAllowed, normalisedApiUrl } from '../../../providers/delivery/insurer-api.js';
import type { DeliveryChannel } from '../../../providers/delivery/types.js';
import { EgressRefused, checkedAddresses, type EgressPolicy } from '../../../providers/egress.js';
import { byOperator, recordOperatorAction } from '../../audit/index.js';
import { assertMayApprove } from '../../operators/index.js';
import { referenceDb } from '../tables.js';
import { envLinkOf, openChanges, opsInsurers, toChange } from './insurers.js';

/** Where the insurer APIs may be reached (INSURER_EGRESS_ALLOW): what the delivery provider connects with. */
const egressOf = (ctx: AppContext): EgressPolicy =>
  ctx.config.delivery?.kind === 'insurers' ? (ctx.config.delivery.egress ?? {}) : {};

/** Every open destination change: what each admin's console shows until it is decided or lapses. */
export async function pendingChanges(ctx: AppContext) {
  const changes = await openChanges(ctx.db, ctx.clock.now());
  const insurers = await opsInsurers(ctx, ctx.db, [...new Set(changes.map((c) => c.insuCompCd))]);
  const list = changes.map((c) => toChange(c, insurers.get(c.insuCompCd)!));
  return { list, total: list.length };
}

const notAllowed = (message: string) =>
  new AppError('DESTINATION_NOT_ALLOWED', message, [{ field: 'apiUrl', message }]);

/**
 * Whether claims may go to this API base URL (docs/security.md, "Insiders: claim destinations"): on the insurer's
 * allow-list (the origin of INSURER_<code>_API_URL), and its host resolving to public addresses only. Asked when a
 * change is requested and again when it is approved; the delivery checks both once more when it connects.
 */
export async function assertDestinationAllowed(ctx: AppContext, code: string, url: string) {
  const envUrl = envLinkOf(ctx, code)?.url;
  // Checked as parsed (a row written before addresses were kept so, too): the form the connection will use.
  const parsed = normalisedApiUrl(url);
  if ('refused' in parsed) throw notAllowed(parsed.refused);
  if (parsed.href !== url) {
    throw notAllowed('API 주소가 표준 형식이 아니에요. 변경을 거절하고 주소를 다시 입력해 주세요.');
  }
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

const faxNotAllowed = (message: string) =>
  new AppError('DESTINATION_NOT_ALLOWED', message, [{ field: 'faxNo', message }]);

/** Whether a change sends claims by fax to a number it names: a new number, or a switch to fax. */
export const faxIsAsked = (c: { fields: readonly string[]; deliveryChannel: DeliveryChannel }) =>
  c.fields.includes('faxNo') || (c.fields.includes('deliveryChannel') && c.deliveryChannel === 'fax');

/**
 * Whether claims may be faxed to this number (docs/security.md, "Insiders: claim destinations"): when claims go out
 * for real, only to a number of the insurer's INSURER_<code>_FAX_NUMBERS, which only whoever deploys the server sets;
 * an insurer without it takes no console fax number, nor a switch to fax. Asked when the change is requested and
 * again when it is approved. The sandbox faxes nobody, so it takes any number.
 */
export function assertFaxAllowed(ctx: AppContext, code: string, faxNo: string | null) {
  if (ctx.config.delivery?.kind !== 'insurers') return;
  const allowed = envLinkOf(ctx, code)?.faxNumbers;
  const variable = `INSURER_${code}_FAX_NUMBERS`;
  if (!allowed) {
    throw faxNotAllowed(
      `이 보험사는 서버 환경 변수 ${variable}이 없어서 콘솔에서 팩스 번호를 정하거나 팩스로 바꿀 수 없어요.`,
    );
  }
  if (!faxNo || !allowed.includes(faxNo.replace(/\D/g, ''))) {
    throw faxNotAllowed(
      `이 보험사의 팩스 번호는 서버 환경 변수 ${variable}에 있는 번호만 쓸 수 있어요. 다른 번호라면 그 변수를 바꿔야 해요.`,
    );
  }
}

/** The fax number claims to an insurer are faxed to: the first of its insurer_fax rows. */
async function setFaxNo(handle: Handle, code: string, faxNo: string) {
  const tx = referenceDb(handle);
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
 * Asks for a destination change, in the transaction of the admin's edit (insurer-settings.ts): it replaces the
 * insurer's open one, lapses after DESTINATION_CHANGE_TTL_HOURS, and is in the operators' record. Answers its id.
 */
export async function requestDestinationChange(
  handle: Handle,
  by: ReturnType<typeof byOperator>,
  code: string,
  wanted: { deliveryChannel: DeliveryChannel; apiUrl: string | null; faxNo: string | null },
  fields: DestinationChange['fields'],
  now: Date,
): Promise<string> {
  const tx = referenceDb(handle);
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
  const id = String(inserted.id);
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
  return id;
}

const CHANGE_GONE = () =>
  new AppError('CHANGE_NOT_FOUND', '그 변경 요청이 없거나 이미 처리됐어요. 목록을 새로 불러와 주세요.');

/**
 * A second admin's decision on a destination change. Approved: the insurer's row takes it, in the same transaction
 * as the decision, if it has not lapsed, is not the approver's own, and its URL is still allowed. Rejected: by
 * anyone with the role, the asker too (a withdrawal).
 */
export async function decideChange(
  ctx: AppContext,
  req: { operatorId?: string; ip: string },
  id: string,
  decision: 'approved' | 'rejected',
) {
  const by = byOperator(ctx, req);
  const open = () =>
    referenceDb(ctx.db)
      .selectFrom('insurerDestinationChange')
      .selectAll()
      .where('id', '=', id)
      .where('decision', 'is', null)
      .executeTakeFirst();
  const asked = await open();
  if (!asked) throw CHANGE_GONE();
  if (decision === 'approved') {
    // Two people, not two login ids: never the asker, nor an account she made, promoted or reset, nor a new one.
    await assertMayApprove(ctx, by.loginId, asked.requestedBy);
    if (asked.expiresAt <= ctx.clock.now()) {
      throw new AppError('CHANGE_EXPIRED', '승인할 수 있는 시간이 지났어요. 변경을 다시 요청해 주세요.');
    }
    if (asked.fields.includes('apiUrl') && asked.apiUrl) {
      await assertDestinationAllowed(ctx, asked.insuCompCd, asked.apiUrl);
    }
    if (faxIsAsked(asked)) assertFaxAllowed(ctx, asked.insuCompCd, asked.faxNo);
  }
  const now = ctx.clock.now();
  await referenceDb(ctx.db)
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
