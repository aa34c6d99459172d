// A claim's package as a PDF (issue 5 §3), built with the shared Korean PDF toolkit (src/documents): the claim form
// (보험금 청구서), the receipt details (진료비 영수증 내역), the power of attorney (위임장) and the consent (동의서) with
// the patient's signature, and the ID copy where the insurer wants it (ui_control ID_PHOTO_USE). Every document's
// SHA-256 is recorded in claim_document. Building is slow (≈0.1–0.3 s a document, font subsetting), so it happens
// only where a PDF is needed: fax deliveries, and an operator's download; insurer APIs take the electronic claim.
import { sql, type Kysely } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import type { AppContext } from '../../context.js';
import type { ClaimDocumentKind, Database } from '../../db/schema.js';
import { buildCommissionPdf, buildConsentPdf, koreanDate, pdfDoc } from '../../documents/index.js';
import type { DeliveryDocument } from '../../providers/delivery/types.js';
import { RECEIPT_COLUMNS, sha256Hex, type RecordDetail, type RecordPerson } from './engine.js';
import { kstDate } from './rules.js';

type Db = Kysely<Database>;

const won = (n: number) => `${new Intl.NumberFormat('ko-KR').format(n)}원`;
const mask = (rrn: string | undefined, birthDate: string) =>
  rrn ? `${rrn.slice(0, 6)}-${rrn.slice(6, 7)}******` : `${birthDate.slice(2)}-*******`;

/** Base64 (or a data URL) of an image → bytes and type, or undefined. */
function imageOf(value: string | undefined): { bytes: Uint8Array; png: boolean } | undefined {
  if (!value) return undefined;
  const m = /^data:image\/(png|jpeg);base64,(.*)$/s.exec(value);
  // A fresh array: pdf-lib reads JPEGs through `.buffer` and would see a pooled Buffer's neighbours.
  const bytes = new Uint8Array(Buffer.from(m ? m[2]! : value, 'base64'));
  if (bytes.length < 8) return undefined;
  return { bytes, png: bytes[0] === 0x89 && bytes[1] === 0x50 };
}

export interface ClaimPackage {
  pdf: Uint8Array;
  documents: { kind: ClaimDocumentKind; sha256: string; bytes: number }[];
}

/** Builds the package of one claim; deterministic for the same claim (fixed dates), so a hash can be re-checked. */
export async function buildClaimPackage(ctx: AppContext, db: Db, claimId: number): Promise<ClaimPackage> {
  const c = await db
    .selectFrom('claim as c')
    .innerJoin('treatmentRecord as r', 'r.id', 'c.recordId')
    .innerJoin('hospital as h', 'h.hospitalCd', 'r.hospitalCd')
    .innerJoin('insurer as i', 'i.insuCompCd', 'c.insuCompCd')
    .select([
      'c.id',
      'c.amount',
      'c.insuApplyId',
      'c.insuCompCd',
      'c.createdAt',
      'i.insuCompNm',
      'h.hospitalCd',
      'h.hospitalNm',
      ...RECEIPT_COLUMNS,
    ])
    .where('c.id', '=', claimId)
    .executeTakeFirstOrThrow();
  const person = ctx.crypto.decryptJson<RecordPerson>(c.personEnc);
  const detail = ctx.crypto.decryptJson<RecordDetail>(c.detailEnc);
  const date = kstDate(new Date(c.createdAt));
  // The subscription's own columns as they are (its migration is another module's): signature, ID image, contact.
  const sub = c.insuApplyId
    ? (
        await sql<{ row: Record<string, unknown> }>`select to_jsonb(s) as row from subscription s
          where insu_apply_id = ${c.insuApplyId}`.execute(db)
      ).rows[0]?.row
    : undefined;
  // The camel-case plugin renames nested keys too (idcard_img_enc → idcardImgEnc); accept either spelling.
  const field = (snake: string) => {
    const v = sub?.[snake] ?? sub?.[snake.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase())];
    return typeof v === 'string' ? v : undefined;
  };
  const dec = (key: string) => {
    const v = field(key);
    return v ? ctx.crypto.decrypt(v) : undefined;
  };
  const personEnc = field('person_enc');
  const subPerson = personEnc ? ctx.crypto.decryptJson<Record<string, string>>(personEnc) : {};
  const sign = imageOf(dec('sign_img_enc'));
  const idPhotoWanted = await db
    .selectFrom('uiControl')
    .select('ctrlVal')
    .where('compCd', '=', c.insuCompCd)
    .where('ctrlKey', '=', 'ID_PHOTO_USE')
    .executeTakeFirst()
    .then((r) => (r ? (JSON.parse(r.ctrlVal) as { use?: boolean }).use === true : false));
  const idPhoto = idPhotoWanted ? imageOf(dec('idcard_img_enc')) : undefined;

  const documents: ClaimPackage['documents'] = [];
  const record = (kind: ClaimDocumentKind, bytes: Uint8Array) =>
    documents.push({ kind, sha256: sha256Hex(bytes), bytes: bytes.byteLength });

  const form = await pdfDoc({ title: '보험금 청구서', subject: `청구 ${c.id}`, date: new Date(c.createdAt) });
  const l = form.layout;
  l.title('실손의료보험 보험금 청구서');
  l.heading('피보험자');
  l.fields([
    ['성명', person.name],
    ['주민등록번호', mask(person.rrn, person.birthDate)],
    ['생년월일', koreanDate(person.birthDate)],
  ]);
  l.heading('청구 내용');
  l.fields([
    ['보험회사', c.insuCompNm],
    ['청구 번호', String(c.id)],
    ['청구 금액', won(c.amount)],
    ['사고 구분', '질병 또는 상해로 인한 통원·입원 의료비'],
    ['의료기관', `${c.hospitalNm} (${c.hospitalCd})`],
  ]);
  l.heading('진료비 영수증 내역');
  l.fields([
    ['영수증 번호', c.receiptNo],
    ['진료일', koreanDate(c.visitDate)],
    ['진료 구분', c.visitType],
    ['진료과', detail.department],
    ['상병코드 (KCD)', detail.kcdCodes.join(', ')],
    ['급여 본인부담금', won(c.coveredCopay)],
    ['비급여', won(c.uncovered)],
    ['납부 총액', won(c.totalPaid)],
  ]);
  l.paragraph('위임장과 동의서는 자동청구 가입 때 환자 본인이 서명한 것을 붙입니다.', { size: 9, muted: true });
  await l.signature({
    dateText: koreanDate(date),
    role: '청구인',
    name: person.name,
    png: sign?.png ? sign.bytes : undefined,
  });
  const formBytes = await form.save();
  record('claim_form', formBytes);

  const data = {
    person: {
      userNm: person.name,
      rrnMasked: mask(person.rrn, person.birthDate),
      telMasked: subPerson.userTel ? `${subPerson.userTel.slice(0, 3)}-****-${subPerson.userTel.slice(-4)}` : '-',
      address: [subPerson.userAddr, subPerson.userAddrDetail].filter(Boolean).join(' ') || '-',
    },
    hospitals: [{ hospitalCd: c.hospitalCd, hospitalNm: c.hospitalNm }],
    insurers: [{ insuCompCd: c.insuCompCd, insuCompNm: c.insuCompNm }],
    period: { from: c.visitDate, to: c.visitDate },
    date,
    ...(sign?.png ? { signPng: sign.bytes } : {}),
  };
  const commission = await buildCommissionPdf(data);
  record('power_of_attorney', commission);
  const consent = await buildConsentPdf(data);
  record('consent', consent);

  const pkg = await PDFDocument.create({ updateMetadata: false });
  pkg.setTitle(`보험금 청구 서류 ${c.id}`);
  pkg.setCreationDate(new Date(c.createdAt));
  pkg.setModificationDate(new Date(c.createdAt));
  for (const part of [formBytes, commission, consent]) {
    const src = await PDFDocument.load(part, { updateMetadata: false });
    for (const page of await pkg.copyPages(src, src.getPageIndices())) pkg.addPage(page);
  }
  if (idPhoto) {
    record('id_copy', idPhoto.bytes);
    const img = idPhoto.png ? await pkg.embedPng(idPhoto.bytes) : await pkg.embedJpg(idPhoto.bytes);
    const page = pkg.addPage([595.28, 841.89]);
    const scale = Math.min(480 / img.width, 320 / img.height, 1);
    page.drawImage(img, {
      x: 56,
      y: 841.89 - 80 - img.height * scale,
      width: img.width * scale,
      height: img.height * scale,
    });
  }
  const pdf = await pkg.save({ useObjectStreams: false });
  record('package', pdf);
  return { pdf, documents };
}

/** Builds the package, records every document's hash, and answers the PDF as the fax's document. */
export async function renderFaxPackage(ctx: AppContext, tx: Db, claimId: number): Promise<DeliveryDocument> {
  const { pdf, documents } = await buildClaimPackage(ctx, tx, claimId);
  const now = ctx.clock.now();
  await tx
    .insertInto('claimDocument')
    .values(documents.filter((d) => d.kind !== 'claim_form').map((d) => ({ claimId, ...d, createdAt: now })))
    .onConflict((oc) => oc.columns(['claimId', 'kind']).doNothing())
    .execute();
  return { kind: 'package', contentType: 'application/pdf', body: pdf, sha256: sha256Hex(pdf) };
}

/** An operator's download: builds the package, records the documents' hashes, and logs the release. */
export async function recordClaimPackage(ctx: AppContext, claimId: number, operatorId: string): Promise<Uint8Array> {
  return ctx.db.transaction().execute(async (tx) => {
    const { pdf, documents } = await buildClaimPackage(ctx, tx, claimId);
    const now = ctx.clock.now();
    await tx
      .insertInto('claimDocument')
      .values(documents.filter((d) => d.kind !== 'claim_form').map((d) => ({ claimId, ...d, createdAt: now })))
      .onConflict((oc) => oc.columns(['claimId', 'kind']).doNothing())
      .execute();
    const c = await tx.selectFrom('claim').select('ciHmac').where('id', '=', claimId).executeTakeFirstOrThrow();
    await tx
      .insertInto('accessLog')
      .values({
        ciHmac: c.ciHmac,
        action: 'released_to_operator',
        actor: `operator:${operatorId}`,
        recordId: null,
        claimId,
        detail: 'package.pdf',
        at: now,
      })
      .execute();
    return pdf;
  });
}
