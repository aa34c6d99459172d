// The power of attorney and consent as PDF, before submission (from the reg fields sent) and after it (from what was
// stored, with the stored signature while it exists). Name, birthday and phone always come from the verified session.
import { DEFAULT_HOSPITAL_CD, contractDates, type DocumentBody, type FieldError } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { legalFormPdf } from '../../documents/index.js';
import { AppError } from '../../http/problem.js';
import type { Patient } from '../../security/session.js';
import * as repo from './repo.js';
import { documentData, makeDocuments, signatureOf, storedDocumentData } from './service.js';
import { hospitalsByCode, insurersByCode } from '../reference/index.js';

export async function documentPdf(
  ctx: AppContext,
  patient: Patient,
  kind: 'commission' | 'agree',
  body: DocumentBody,
): Promise<Uint8Array> {
  // Made in a PDF worker thread (documents/workers.ts), never on the event loop.
  const build = (d: ReturnType<typeof documentData>) => legalFormPdf(ctx.pdf, kind, d);

  if (body.insuApplyId) {
    const row = await repo.findOwn(ctx.db, patient.ciHmac, body.insuApplyId);
    if (!row) {
      throw new AppError('NOT_SUBSCRIBED', '가입 정보를 찾을 수 없어요.', [
        { field: 'insuApplyId', message: '가입 정보를 찾을 수 없어요.' },
      ]);
    }
    // Asked for before the documents job has made them: made here, once, and their hashes kept (makeDocuments).
    if (row.commissionSha256 === null) {
      const made = await makeDocuments(ctx, row.insuApplyId);
      if (made) return made[kind];
    }
    return build(await storedDocumentData(ctx, row));
  }

  const codes = [...new Set([...(body.multiSubscrib ?? []), ...(body.hospitalCd ? [body.hospitalCd] : [])])].filter(
    (c) => c !== DEFAULT_HOSPITAL_CD,
  );
  const insurerCodes = [...new Set([...(body.insuCompCd ? [body.insuCompCd] : []), ...(body.insuCompCds ?? [])])];
  const [hospitals, insurers] = await Promise.all([
    hospitalsByCode(ctx.db, codes),
    insurersByCode(ctx.db, insurerCodes),
  ]);
  const errors: FieldError[] = [];
  if (hospitals.length !== codes.length) errors.push({ field: 'hospitalCd', message: '병원 정보를 찾을 수 없어요.' });
  if (insurers.length !== insurerCodes.length)
    errors.push({ field: 'insuCompCd', message: '보험사 정보를 찾을 수 없어요.' });
  if (errors.length) throw new AppError('VALIDATION_FAILED', errors[0]!.message, errors);
  const signature = await signatureOf(patient, body);
  const p = patient.person;
  return build(
    documentData({
      person: {
        userNm: p.userNm,
        birthday: p.birthday,
        userIdno2: body.userIdno2 ?? '',
        userTel: p.userTel,
        userPostNo: body.userPostNo ?? '',
        userAddr: body.userAddr ?? '',
        userAddrDetail: body.userAddrDetail ?? '',
      },
      hospitals,
      insurers,
      retroMonth: body.retroMonth ?? 0,
      ...contractDates(ctx.clock.now()),
      signPng: signature?.png,
      signTyped: signature?.method === 'typed',
    }),
  );
}
