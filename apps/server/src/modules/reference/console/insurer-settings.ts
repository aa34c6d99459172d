// An admin's edit of an insurer's settings (README "Operator console"): its on/off and photo settings apply at once;
// where its claims go becomes a destination change that waits for a second admin (destination-change.ts).
import { z } from 'zod';
import type { FieldError } from '@auto-claim/contract';
import { DESTINATION_FIELDS, type InsurerUpdateBody, type PhotoSettings } from '@auto-claim/contract/ops';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../http/problem.js';
import { normalisedApiUrl } from '../../../providers/delivery/insurer-api.js';
import { byOperator, recordOperatorAction } from '../../audit/index.js';
import { referenceDb } from '../tables.js';
import {
  assertDestinationAllowed,
  assertFaxAllowed,
  faxIsAsked,
  requestDestinationChange,
} from './destination-change.js';
import { digits, INSURER_GONE, envLinkOf, opsInsurers, PHOTO } from './insurers.js';

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

const normalisedHref = (url: string) => {
  const n = normalisedApiUrl(url);
  return 'href' in n ? n.href : url;
};

const invalid = (errors: FieldError[]) =>
  new AppError('VALIDATION_FAILED', errors.length === 1 ? errors[0]!.message : '입력한 내용을 확인해 주세요.', errors);

/**
 * An admin's edit of an insurer. Its on/off and photo settings apply at once; where its claims go (channel, API base
 * URL, fax number) becomes a destination change that waits for a second admin (decideChange), replacing an open one.
 */
export async function updateInsurer(
  ctx: AppContext,
  req: { operatorId?: string; ip: string },
  code: string,
  b: InsurerUpdateBody,
) {
  const before = (await opsInsurers(ctx, ctx.db, [code])).get(code);
  if (!before) throw INSURER_GONE();
  const row = await referenceDb(ctx.db)
    .selectFrom('insurer')
    .select('apiUrl')
    .where('insuCompCd', '=', code)
    .executeTakeFirstOrThrow();
  const envUrl = envLinkOf(ctx, code)?.url;
  const errors: FieldError[] = [];
  let apiUrl = b.apiUrl === undefined ? undefined : b.apiUrl?.replace(/\/+$/, '') || null;
  // Kept as parsed, never as typed (docs/security.md, "Insiders: claim destinations"): what the approver is shown,
  // what the allow-list and the egress guard check, and what the delivery connects to are one and the same.
  if (apiUrl) {
    const parsed = normalisedApiUrl(apiUrl);
    if ('refused' in parsed) errors.push({ field: 'apiUrl', message: parsed.refused });
    else if (!z.url({ protocol: /^https?$/ }).safeParse(parsed.href).success) {
      errors.push({ field: 'apiUrl', message: 'API 주소는 https:// 또는 http://로 시작하는 주소여야 해요.' });
    } else apiUrl = parsed.href;
  }
  // The environment's own URL, sent back as the console shows it, is no URL of the console's.
  if (apiUrl && envUrl && apiUrl === normalisedHref(envUrl)) apiUrl = null;
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
  if (faxIsAsked({ fields, deliveryChannel: wanted.deliveryChannel })) assertFaxAllowed(ctx, code, wanted.faxNo);

  const now = ctx.clock.now();
  const by = byOperator(ctx, req);
  const changeId = await referenceDb(ctx.db)
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
      const id = fields.length ? await requestDestinationChange(tx, by, code, wanted, fields, now) : null;
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
