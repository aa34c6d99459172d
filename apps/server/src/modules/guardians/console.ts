// The operators' queue of relation documents (README "Children: a guardian claims for a child", "Operator console"):
// masked in the list; opened one at a time, the names the guardian entered in full beside the file itself, each
// opening written to the operators' record and to the child's access log (which her guardian reads: "운영자가 …
// 열어 봤어요"). Confirming makes the relation hold: the subscription's relation and its RRN confirmed, the child's held
// records pending again (the engine then claims them), the guardian told. Refusing keeps them held and tells her why;
// she may upload again. A decision moves only a document still pending (a second click, or another operator at the
// same moment, answers RELATION_DOCUMENT_DECIDED).
import { messageSafe } from '../../providers/notification/free-text.js';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  GUARDIAN_REL_NM,
  RELATION_DOC_BY,
  RELATION_DOC_OBJECT,
  RELATION_DOC_TYPE_NM,
  addMonths,
  childPossessive,
  kstToday,
  maskName,
  maskRrn,
  RELATION_DOCUMENT_MAX_AGE_MONTHS,
} from '@auto-claim/contract';
import { GUARDIAN_RELATION_CONFIRMED_SMS, GUARDIAN_RELATION_REFUSED_SMS, messageIn } from '@auto-claim/contract/i18n';
import type {
  RelationDocumentDetail,
  RelationDocumentRow,
  RelationDocumentsPage,
  RelationRefuseBody,
  relationConfirmBody,
  relationDocumentsQuery,
} from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { keysetPage } from '../../db/page.js';
import { AppError } from '../../http/problem.js';
import {
  recordAccess,
  recordAccessOnce,
  recordOperatorAction,
  releaseAlert,
  takeRelease,
  type byOperator,
} from '../audit/index.js';
import { releaseRelationHeld } from '../claims/index.js';
import { childById, childrenByIds, setRelationStatus, tellGuardian, type ChildRow } from '../subscriptions/index.js';
import { guardiansDb, type RelationDocumentTable } from './tables.js';

type By = ReturnType<typeof byOperator>;

const NOT_FOUND = () =>
  new AppError('RELATION_DOCUMENT_NOT_FOUND', '그런 번호의 가족관계 서류가 없어요.', [
    { field: 'docId', message: '그런 번호의 가족관계 서류가 없어요.' },
  ]);
const DECIDED = () =>
  new AppError(
    'RELATION_DOCUMENT_DECIDED',
    '이미 확인하거나 반려한 서류예요. 다른 운영자가 처리했을 수 있어요. 목록을 새로 고쳐 주세요.',
    [{ field: 'docId', message: '이미 처리한 서류예요.' }],
  );

const DOC_COLUMNS = [
  'id',
  'insuApplyId',
  'status',
  'docType',
  'issueDate',
  'contentType',
  'fileBytes',
  'fileBlobId',
  'fileSha256',
  'refuseReasonEnc',
  'decidedBy',
  'decidedAt',
  'submittedAt',
] as const;
const documents = (handle: Handle) => guardiansDb(handle).selectFrom('relationDocument');
type DocRow = Omit<Selectable<RelationDocumentTable>, 'fileKeyId'>;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function rowOf(ctx: AppContext, d: DocRow, child: ChildRow | undefined): RelationDocumentRow {
  const today = kstToday(ctx.clock.now());
  return {
    docId: Number(d.id),
    insuApplyId: d.insuApplyId,
    status: d.status,
    docType: d.docType,
    issueDate: d.issueDate,
    issueDateStale: d.issueDate < addMonths(today, -RELATION_DOCUMENT_MAX_AGE_MONTHS),
    childNmMasked: child ? maskName(child.child.userNm) : '',
    guardianNmMasked: child ? maskName(child.guardian.userNm) : '',
    guardianRel: child?.guardianRel ?? 'guardian',
    submittedAt: iso(d.submittedAt)!,
    decidedAt: iso(d.decidedAt),
    decidedBy: d.decidedBy,
  };
}

function detailOf(ctx: AppContext, d: DocRow, child: ChildRow): RelationDocumentDetail {
  return {
    ...rowOf(ctx, d, child),
    child: {
      userNm: child.child.userNm,
      birthday: child.child.birthday,
      sex: child.child.sex,
      rrnMasked: maskRrn(child.child.birthday, child.child.userIdno2),
    },
    guardian: {
      userNm: child.guardian.userNm,
      birthday: child.guardian.birthday,
      guardianRelNm: GUARDIAN_REL_NM[child.guardianRel],
    },
    file: { contentType: d.contentType, bytes: d.fileBytes },
    refuseReason: d.status === 'refused' && d.refuseReasonEnc ? ctx.crypto.decrypt(d.refuseReasonEnc) : null,
    relationStatus: child.relationStatus,
  };
}

/**
 * The dashboard's share of the queue: how many relation documents wait for an operator's review, and since when the
 * oldest has waited (both read by relation_document_queue: status, submitted_at). Counts only, never a person.
 */
export async function relationDocumentCounts(
  handle: Handle,
): Promise<{ pending: number; oldestPendingAt: string | null }> {
  const row = await documents(handle)
    .select((eb) => [eb.fn.countAll<string | number>().as('pending'), eb.fn.min('submittedAt').as('oldest')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), oldestPendingAt: iso(row.oldest as Date | string | null) };
}

/** GET: a page of the queue by key (relation_document_queue: status, submitted_at, id). */
export async function relationQueue(
  ctx: AppContext,
  q: z.output<typeof relationDocumentsQuery>,
): Promise<RelationDocumentsPage> {
  const { rows, ...page } = await keysetPage(
    ctx.db,
    documents(ctx.db).select(DOC_COLUMNS).where('status', '=', q.status),
    q,
    { by: 'submittedAt', id: 'id' },
  );
  const children = await childrenByIds(ctx, ctx.db, [...new Set(rows.map((r) => r.insuApplyId))]);
  return { ...page, list: rows.map((r) => rowOf(ctx, r, children.get(r.insuApplyId))) };
}

async function load(ctx: AppContext, handle: Handle, docId: number, lock = false) {
  let q = documents(handle).select(DOC_COLUMNS).where('id', '=', docId);
  if (lock) q = q.forUpdate();
  const d = await q.executeTakeFirst();
  if (!d) throw NOT_FOUND();
  const child = await childById(ctx, handle, d.insuApplyId);
  // A subscription that ended keeps no document (files.ts): one its end left behind is shown to no one.
  if (!child || child.status !== 'subscribe') throw NOT_FOUND();
  return { d, child };
}

/** Start of Korea's day: a look is written once a day per operator and document, however often the screen reloads. */
const startOfKstDay = (now: Date) =>
  new Date(`${kstToday(now).replace(/(\d{4})(\d{2})(\d{2})/, '$1-$2-$3')}T00:00:00+09:00`);

/**
 * Writes that an operator looked at the document (both logs: the patient's once a Korean day per operator and
 * document), after taking it from her hourly budget of releases (audit's takeRelease: the same document again within
 * the hour is no new release; 429 past the budget, nothing shown) in the transaction that writes her record.
 */
async function recordLook(ctx: AppContext, d: DocRow, child: ChildRow, by: By) {
  const now = ctx.clock.now();
  const target = `relation_document:${d.id}`;
  const inHour = await guardiansDb(ctx.db)
    .transaction()
    .execute(async (tx) => {
      const inHour = await takeRelease(tx, { loginId: by.loginId, action: 'relation_document_viewed', target, now });
      await recordOperatorAction(tx, { ...by, action: 'relation_document_viewed', ciHmac: child.ciHmac, target }, now);
      return inHour;
    });
  // Its own transaction (recordAccessOnce holds the patient's lock), once the release is taken.
  await recordAccessOnce(
    ctx.db,
    { ciHmac: child.ciHmac, action: 'operator_relation_viewed', actor: `operator:${by.loginId}`, detail: d.docType },
    now,
    startOfKstDay(now),
  );
  releaseAlert(ctx, by.loginId, 'relation_document_viewed', inHour);
}

/** GET …/{docId}: the names in full, beside what the document is; the look recorded. */
export async function openRelationDocument(ctx: AppContext, docId: number, by: By): Promise<RelationDocumentDetail> {
  const { d, child } = await load(ctx, ctx.db, docId);
  await recordLook(ctx, d, child, by);
  return detailOf(ctx, d, child);
}

/** GET …/{docId}/file: the bytes as kept (their SHA-256 checked by the store); the look recorded. */
export async function relationDocumentFile(ctx: AppContext, docId: number, by: By) {
  const { d, child } = await load(ctx, ctx.db, docId);
  if (!d.fileBlobId) throw NOT_FOUND();
  const bytes = await ctx.blobs.get(d.fileBlobId, d.fileSha256 ? { sha256: d.fileSha256 } : undefined);
  await recordLook(ctx, d, child, by);
  const extension = d.contentType === 'application/pdf' ? 'pdf' : d.contentType === 'image/png' ? 'png' : 'jpg';
  return { bytes, contentType: d.contentType, extension };
}

/** Moves a pending document to its decision in the caller's transaction, or refuses (gone, or decided already). */
async function decide(
  ctx: AppContext,
  tx: Handle,
  docId: number,
  set: { status: 'confirmed' | 'refused'; refuseReasonEnc: string | null },
  by: By,
) {
  const now = ctx.clock.now();
  const { d, child } = await load(ctx, tx, docId, true);
  if (d.status !== 'pending') throw DECIDED();
  await guardiansDb(tx)
    .updateTable('relationDocument')
    .set({ ...set, decidedBy: by.loginId, decidedAt: now })
    .where('id', '=', docId)
    .execute();
  await setRelationStatus(tx, d.insuApplyId, set.status, now);
  return { d: { ...d, ...set, decidedBy: by.loginId, decidedAt: now }, child, now };
}

/** POST …/confirm: the relation holds; the child's held records go back to the engine, the guardian is told. */
export async function confirmRelation(
  ctx: AppContext,
  docId: number,
  body: z.output<typeof relationConfirmBody>,
  by: By,
): Promise<RelationDocumentDetail> {
  const done = await guardiansDb(ctx.db)
    .transaction()
    .execute(async (tx) => {
      const r = await decide(ctx, tx, docId, { status: 'confirmed', refuseReasonEnc: null }, by);
      const released = await releaseRelationHeld(tx, r.d.insuApplyId);
      await recordOperatorAction(
        tx,
        {
          ...by,
          action: 'relation_confirmed',
          ciHmac: r.child.ciHmac,
          target: `relation_document:${docId}`,
          reason: body.note || null,
          detail: `released:${released}`,
        },
        r.now,
      );
      await recordAccess(
        tx,
        [
          {
            ciHmac: r.child.ciHmac,
            action: 'operator_relation_confirmed',
            actor: `operator:${by.loginId}`,
            detail: r.d.docType,
          },
        ],
        r.now,
      );
      if (r.child.status === 'subscribe') {
        await tellGuardian(
          ctx,
          tx,
          r.d.insuApplyId,
          'CHILD_RELATION_CONFIRMED',
          ({ child }) =>
            `${childPossessive(child.userNm)} ${RELATION_DOC_OBJECT[r.d.docType]} 확인했어요. 이제 ${childPossessive(child.userNm)} ` +
            '진료비를 자동으로 청구해 드려요. 확인을 기다리던 진료도 곧 청구해요.',
          ({ child }, lang) =>
            messageIn(lang, GUARDIAN_RELATION_CONFIRMED_SMS, {
              child: child.userNm,
              document: RELATION_DOC_TYPE_NM[r.d.docType],
              documentJosa: '',
            }),
        );
      }
      return r;
    });
  return detailOf(ctx, done.d, { ...done.child, relationStatus: 'confirmed' });
}

/** POST …/refuse: not a proof of this relation; the reason goes to the guardian, who may upload again. */
export async function refuseRelation(
  ctx: AppContext,
  docId: number,
  body: RelationRefuseBody,
  by: By,
): Promise<RelationDocumentDetail> {
  const done = await guardiansDb(ctx.db)
    .transaction()
    .execute(async (tx) => {
      const r = await decide(
        ctx,
        tx,
        docId,
        { status: 'refused', refuseReasonEnc: ctx.crypto.encrypt(body.reason) },
        by,
      );
      await recordOperatorAction(
        tx,
        {
          ...by,
          action: 'relation_refused',
          ciHmac: r.child.ciHmac,
          target: `relation_document:${docId}`,
          reason: body.reason,
        },
        r.now,
      );
      await recordAccess(
        tx,
        [
          {
            ciHmac: r.child.ciHmac,
            action: 'operator_relation_refused',
            actor: `operator:${by.loginId}`,
            detail: r.d.docType,
          },
        ],
        r.now,
      );
      if (r.child.status === 'subscribe') {
        await tellGuardian(
          ctx,
          tx,
          r.d.insuApplyId,
          'CHILD_RELATION_REFUSED',
          ({ child }) =>
            `${childPossessive(child.userNm)} ${RELATION_DOC_BY[r.d.docType]}는 관계를 확인하지 못했어요. ` +
            // The operator's words made safe (docs/security.md, "Free text in patients' messages"), labelled as hers.
            `운영자가 적은 사유: "${messageSafe(body.reason)}" ` +
            `확인될 때까지 ${childPossessive(child.userNm)} 진료비는 청구하지 않고 기다려요. 아래 버튼에서 서류를 다시 올려 주세요.`,
          ({ child }, lang) =>
            messageIn(lang, GUARDIAN_RELATION_REFUSED_SMS, {
              child: child.userNm,
              document: RELATION_DOC_TYPE_NM[r.d.docType],
              documentJosa: '',
            }),
        );
      }
      return r;
    });
  return detailOf(ctx, done.d, { ...done.child, relationStatus: 'refused' });
}
