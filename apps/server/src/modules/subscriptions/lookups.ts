// What other modules read of subscriptions, through index.ts: the claim engine (who is subscribed, how to reach them,
// what a claim's documents need) and the patient's history. Each answer is decoded here, with the one person codec.
import { sql } from 'kysely';
import { GUARDIAN_REL_NM, KAKAO_NOTI_TERMS_ID, SOURCE_LANG, maskName, type Lang } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';

import { padSizedSignature, sniffImageType } from '../../images/index.js';
import type { VerifiedPerson } from '../../security/session.js';
import { guardianOf, personOf, rrnHmacOf, rrnOf } from './person.js';
import type { Handle } from '../../db/handle.js';
import { fileBytes } from './files.js';
import { subscriptionsDb } from './tables.js';

/** A live subscription as the claim rules see it. */
export interface MatchableSubscription {
  insuApplyId: string;
  ciHmac: string;
  rrnHmac: string | null;
  minAmt: number;
  retroMonth: number;
  contractStartDate: string;
  contractEndDate: string;
  repeatWeek: number | null;
  repeatDay: number | null;
  /** Her rule for 비급여 (null: her policy's default) and her batch day (1–28), README "Her rules for what is sent". */
  askUncovered: boolean | null;
  batchDay: number | null;
  hospitals: Set<string>;
  /** Every insurer it claims at (the main one when no other is listed). */
  insurers: string[];
  /** The verified person's name and birth date (YYYYMMDD): a record must carry the same (claims/match.ts). */
  userNm: string;
  birthday: string;
  /** The RRN was confirmed to be this person's (enrol.ts); until then RRN-only records are held. */
  rrnConfirmed: boolean;
  /** A child's subscription: whether her guardian's relation was confirmed, and her 19th birthday (YYYYMMDD). */
  child?: { relationConfirmed: boolean; adultOn: string };
}

/**
 * Keeps subscription.rrn_hmac filled for live subscriptions made before it existed, so RRN-only records match without
 * decrypting at match time. A hash another live subscription already holds is left out (the unique index
 * subscription_live_rrn): that subscription takes no records by RRN alone.
 */
async function backfillRrn(ctx: AppContext, handle: Handle) {
  const db = subscriptionsDb(handle);
  const missing = await db
    .selectFrom('subscription')
    .select(['insuApplyId', 'personEnc'])
    .where('status', '=', 'subscribe')
    .where('rrnHmac', 'is', null)
    .limit(1000)
    .execute();
  for (const s of missing) {
    const rrn = rrnOf(personOf(ctx, s.personEnc));
    if (!rrn) continue;
    const rrnHmac = rrnHmacOf(ctx, rrn);
    await db
      .updateTable('subscription')
      .set({ rrnHmac })
      .where('insuApplyId', '=', s.insuApplyId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('subscription as o')
              .select('o.insuApplyId')
              .where('o.rrnHmac', '=', rrnHmac)
              .where('o.status', '=', 'subscribe'),
          ),
        ),
      )
      .execute();
  }
}

/**
 * The live subscriptions of these CIs or RRNs (keyed hashes), in the caller's transaction; `childRrnHmacs`: RRNs of
 * which only a child's subscription is wanted (a record whose CI found nobody: a child has no CI of ours). A child's
 * RRN hash is written at her enrolment, so those need no backfill.
 */
export async function matchableSubscriptions(
  ctx: AppContext,
  handle: Handle,
  by: { ciHmacs: string[]; rrnHmacs: string[]; childRrnHmacs?: string[] },
): Promise<MatchableSubscription[]> {
  const db = subscriptionsDb(handle);
  const { ciHmacs, rrnHmacs } = by;
  const childRrnHmacs = by.childRrnHmacs ?? [];
  if (ciHmacs.length === 0 && rrnHmacs.length === 0 && childRrnHmacs.length === 0) return [];
  if (rrnHmacs.length) await backfillRrn(ctx, db);
  const subs = await db
    .selectFrom('subscription as s')
    .select([
      's.insuApplyId',
      's.ciHmac',
      's.minAmt',
      's.retroMonth',
      's.contractStartDate',
      's.contractEndDate',
      's.repeatWeek',
      's.repeatDay',
      's.askUncovered',
      's.batchDay',
      's.insuCompCd',
      's.rrnHmac',
      's.rrnConfirmedAt',
      's.personEnc',
      's.guardianCiHmac',
      's.relationStatus',
      's.adultOn',
    ])
    .where('s.status', '=', 'subscribe')
    .where((eb) =>
      eb.or([
        ...(ciHmacs.length ? [eb('s.ciHmac', 'in', ciHmacs)] : []),
        ...(rrnHmacs.length ? [eb('s.rrnHmac', 'in', rrnHmacs)] : []),
        ...(childRrnHmacs.length
          ? [eb.and([eb('s.rrnHmac', 'in', childRrnHmacs), eb('s.guardianCiHmac', 'is not', null)])]
          : []),
      ]),
    )
    .execute();
  if (subs.length === 0) return [];
  const ids = subs.map((s) => s.insuApplyId);
  const [hospitals, insurers] = await Promise.all([
    db
      .selectFrom('subscriptionHospital')
      .select(['insuApplyId', 'hospitalCd'])
      .where('insuApplyId', 'in', ids)
      .where('cancelledAt', 'is', null)
      .execute(),
    db
      .selectFrom('subscriptionInsurer')
      .select(['insuApplyId', 'insuCompCd'])
      .where('insuApplyId', 'in', ids)
      .orderBy('insuCompCd')
      .execute(),
  ]);
  return subs.map((s) => {
    const own = insurers.filter((i) => i.insuApplyId === s.insuApplyId).map((i) => i.insuCompCd);
    const person = personOf(ctx, s.personEnc);
    return {
      userNm: person.userNm,
      birthday: person.birthday,
      rrnConfirmed: s.rrnConfirmedAt !== null,
      insuApplyId: s.insuApplyId,
      ciHmac: s.ciHmac,
      rrnHmac: s.rrnHmac,
      minAmt: s.minAmt,
      retroMonth: s.retroMonth,
      contractStartDate: s.contractStartDate,
      contractEndDate: s.contractEndDate,
      repeatWeek: s.repeatWeek,
      repeatDay: s.repeatDay,
      askUncovered: s.askUncovered,
      batchDay: s.batchDay,
      hospitals: new Set(hospitals.filter((h) => h.insuApplyId === s.insuApplyId).map((h) => h.hospitalCd)),
      insurers: own.length ? own : [s.insuCompCd],
      ...(s.guardianCiHmac
        ? { child: { relationConfirmed: s.relationStatus === 'confirmed', adultOn: s.adultOn ?? '' } }
        : {}),
    };
  });
}

/**
 * Whom each subscription tells: the patient's CI (keyed hash) and phone, by insuApplyId; her language (her messages
 * are in it) and whether by 알림톡 (kakaoBy).
 */
export async function contactsOf(
  ctx: AppContext,
  handle: Handle,
  insuApplyIds: string[],
): Promise<Map<string, { ciHmac: string; userTel: string; kakao: boolean; lang: Lang; childNm?: string }>> {
  const db = subscriptionsDb(handle);
  if (insuApplyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('subscription')
    .select(['insuApplyId', 'ciHmac', 'personEnc', 'optTerms', 'guardianCiHmac', 'lang'])
    .where('insuApplyId', 'in', insuApplyIds)
    .execute();
  return new Map(
    rows.flatMap((r) => {
      // A child's userTel is her guardian's: her messages go there, naming her (childNm).
      const person = personOf(ctx, r.personEnc);
      const contact = {
        ciHmac: r.ciHmac,
        userTel: person.userTel,
        kakao: kakaoBy(r.optTerms, r.lang),
        lang: r.lang,
        ...(r.guardianCiHmac ? { childNm: person.userNm } : {}),
      };
      return person.userTel ? [[r.insuApplyId, contact] as const] : [];
    }),
  );
}

/**
 * Whether a subscription's postal address has no postcode (she typed it, and the address provider found none or could
 * not be asked; docs/providers/juso-address.md "A typed address"); undefined when there is no such subscription.
 */
export async function postNoMissingOf(ctx: AppContext, handle: Handle, insuApplyId: string) {
  const row = await subscriptionsDb(handle)
    .selectFrom('subscription')
    .select('personEnc')
    .where('insuApplyId', '=', insuApplyId)
    .executeTakeFirst();
  if (!row) return undefined;
  const p = personOf(ctx, row.personEnc);
  return p.userAddr !== '' && p.userPostNo === '';
}

/**
 * The payout account a subscription keeps, as an operator may see it (DESIGN §5): its bank code, the account's last
 * four digits masked (****1234) and the holder's name masked; null when it keeps none, undefined when there is no
 * such subscription. The claim package names this account (claims/documents.ts, paperworkOf).
 */
export async function payoutAccountOf(ctx: AppContext, handle: Handle, insuApplyId: string) {
  const row = await subscriptionsDb(handle)
    .selectFrom('subscription')
    .select(['personEnc', 'bankCd', 'bankAccountLast4'])
    .where('insuApplyId', '=', insuApplyId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (!row.bankCd || !row.bankAccountLast4) return null;
  const p = personOf(ctx, row.personEnc);
  return {
    bankCd: row.bankCd,
    accountMasked: `****${row.bankAccountLast4}`,
    holderMasked: maskName(p.bankAccountHolder || p.userNm),
  };
}

/**
 * Whether her messages go by 알림톡 (with SMS/LMS fallback): she agreed to it (kakaoConsented) and reads Korean. The
 * 알림톡 templates are approved with Kakao in Korean, and Kakao refuses a text that is not its template's with only the
 * variables filled (docs/providers/popbill.md): a message in her language goes by SMS/LMS, which carries any text.
 */
export function kakaoBy(optTerms: unknown, lang: string | undefined): boolean {
  return kakaoConsented(optTerms) && (lang ?? SOURCE_LANG) === SOURCE_LANG;
}

/** She agreed to 알림톡 (the optional SUBS_KAKAO_NOTI among her optTerms): otherwise SMS/LMS only. */
export function kakaoConsented(optTerms: unknown): boolean {
  const list: unknown = typeof optTerms === 'string' ? JSON.parse(optTerms) : optTerms;
  return Array.isArray(list) && list.includes(KAKAO_NOTI_TERMS_ID);
}

/**
 * The newest subscription of a CI (or the given one): the person it verified, for a session or a message. A child's
 * subscription (ciHmac her key) answers her guardian: the person who verified and whose session its link opens.
 */
export async function subscriberOf(ctx: AppContext, ciHmac: string, insuApplyId?: string | null) {
  let q = subscriptionsDb(ctx.db)
    .selectFrom('subscription')
    .select(['ciEnc', 'personEnc', 'optTerms', 'guardianEnc', 'lang'])
    .where('ciHmac', '=', ciHmac);
  if (insuApplyId) q = q.where('insuApplyId', '=', insuApplyId);
  const sub = await q
    .orderBy((eb) => eb(eb.ref('status'), '=', 'subscribe'), 'desc')
    .orderBy('updatedAt', 'desc')
    .executeTakeFirst();
  if (!sub) return undefined;
  const p = sub.guardianEnc ? { ...guardianOf(ctx, sub.guardianEnc), userIdno2: '' } : personOf(ctx, sub.personEnc);
  const person: VerifiedPerson = {
    userNm: p.userNm,
    birthday: p.birthday,
    sex: p.sex,
    userTel: p.userTel,
    // A guardian's record keeps no carrier: her step-up sheet asks it again.
    telecomType: 'telecomType' in p ? p.telecomType : '',
    ...(p.userIdno2 ? { regDigit: p.userIdno2.charAt(0) } : {}),
  };
  // Her language (a child's: her guardian's, who enrolled her and reads her messages) and, by it, her channel.
  return { ci: ctx.crypto.decrypt(sub.ciEnc), person, kakao: kakaoBy(sub.optTerms, sub.lang), lang: sub.lang };
}

/** The patient's live subscription with its insurers (the main one first). */
export async function liveSubscriptionOf(handle: Handle, ciHmac: string) {
  const db = subscriptionsDb(handle);
  const sub = await db
    .selectFrom('subscription')
    .select(['insuApplyId', 'insuCompCd', 'minAmt'])
    .where('ciHmac', '=', ciHmac)
    .where('status', '=', 'subscribe')
    .executeTakeFirst();
  if (!sub) return undefined;
  const more = await db
    .selectFrom('subscriptionInsurer')
    .select('insuCompCd')
    .where('insuApplyId', '=', sub.insuApplyId)
    .execute();
  const insurers = [sub.insuCompCd, ...more.map((m) => m.insuCompCd).filter((c) => c !== sub.insuCompCd)];
  return { insuApplyId: sub.insuApplyId, minAmt: sub.minAmt, insurers };
}

/**
 * Whether a link session's subscription still opens it (security/session.ts, LinkStillLive): live, and the session's
 * own (its CI) or, for a child's, her guardian's.
 */
export async function linkSubscriptionLive(handle: Handle, ciHmac: string, insuApplyId: string): Promise<boolean> {
  const row = await subscriptionsDb(handle)
    .selectFrom('subscription')
    .select(['ciHmac', 'guardianCiHmac'])
    .where('insuApplyId', '=', insuApplyId)
    .where('status', '=', 'subscribe')
    .executeTakeFirst();
  return !!row && (row.guardianCiHmac ? row.guardianCiHmac === ciHmac : row.ciHmac === ciHmac);
}

/** Every subscription id a CI ever had (its records stay its own after it cancels). */
export const subscriptionIdsOf = async (handle: Handle, ciHmac: string) =>
  (
    await subscriptionsDb(handle)
      .selectFrom('subscription')
      .select('insuApplyId')
      .where('ciHmac', '=', ciHmac)
      .execute()
  ).map((r) => r.insuApplyId);

/** Any subscription of this CI, live or not: its minimum amount is what the history explains. */
export const latestMinAmt = async (handle: Handle, ciHmac: string) =>
  (
    await subscriptionsDb(handle)
      .selectFrom('subscription')
      .select('minAmt')
      .where('ciHmac', '=', ciHmac)
      .orderBy(sql`status = 'subscribe'`, 'desc')
      .orderBy('updatedAt', 'desc')
      .executeTakeFirst()
  )?.minAmt ?? null;

/**
 * The stored signature as the documents draw it: PNG bytes fitted into the pad's size (images/padSizedSignature: a
 * signature stored before they were fitted on arrival is fitted here), or undefined when there is none.
 */
export async function storedSignature(
  ctx: AppContext,
  row: { signImgBlobId: string | null; signImgSha256: string | null; signImgEnc: string | null },
): Promise<Uint8Array | undefined> {
  const bytes = await fileBytes(ctx, row.signImgBlobId, row.signImgSha256, row.signImgEnc);
  return bytes && sniffImageType(bytes) === 'png' ? padSizedSignature(bytes) : undefined;
}

/** What a claim's documents need of its subscription: contact, payout account, signature and ID image. */
export async function paperworkOf(ctx: AppContext, handle: Handle, insuApplyId: string | null) {
  const db = subscriptionsDb(handle);
  const row = insuApplyId
    ? await db
        .selectFrom('subscription')
        .select([
          'personEnc',
          'bankCd',
          'bankAccountEnc',
          'bankAccountRel',
          'signImgEnc',
          'signImgBlobId',
          'signImgSha256',
          'signMethod',
          'idcardImgEnc',
          'idcardImgBlobId',
          'idcardImgSha256',
          'guardianEnc',
          'guardianRel',
        ])
        .where('insuApplyId', '=', insuApplyId)
        .executeTakeFirst()
    : undefined;
  if (!row) return undefined;
  return {
    person: personOf(ctx, row.personEnc),
    bankCd: row.bankCd,
    bankAccount: row.bankAccountEnc ? ctx.crypto.decrypt(row.bankAccountEnc) : undefined,
    bankAccountRel: row.bankAccountRel,
    /** The signature as the documents draw it (storedSignature). */
    signPng: await storedSignature(ctx, row),
    /** Typed as the full name rather than drawn (the documents' hint says so). */
    signTyped: row.signMethod === 'typed',
    /** A child's: her guardian, who claims and signed for her (the claim form's 청구인). */
    guardian:
      row.guardianEnc && row.guardianRel
        ? { userNm: guardianOf(ctx, row.guardianEnc).userNm, relationNm: GUARDIAN_REL_NM[row.guardianRel] }
        : undefined,
    /**
     * The ID photo's bytes, read (and decrypted) only when asked: most insurers want no ID copy, and a photo is
     * hundreds of kilobytes (docs/performance.md, "Claim packages composed from the stored documents").
     */
    idcardImg: () => fileBytes(ctx, row.idcardImgBlobId, row.idcardImgSha256, row.idcardImgEnc),
  };
}

/**
 * The verified identity of each subscription (name, birth date, the RRN's back part): what a claim's documents name
 * as the insured, whatever spelling the hospital's record carries (claims' insuredOf).
 */
export async function insuredPersonsOf(
  ctx: AppContext,
  handle: Handle,
  insuApplyIds: string[],
): Promise<Map<string, { userNm: string; birthday: string; userIdno2: string }>> {
  if (insuApplyIds.length === 0) return new Map();
  const rows = await subscriptionsDb(handle)
    .selectFrom('subscription')
    .select(['insuApplyId', 'personEnc'])
    .where('insuApplyId', 'in', insuApplyIds)
    .execute();
  return new Map(
    rows.map((r) => {
      const p = personOf(ctx, r.personEnc);
      return [r.insuApplyId, { userNm: p.userNm, birthday: p.birthday, userIdno2: p.userIdno2 }] as const;
    }),
  );
}

/**
 * One page of live subscriptions by key (insu_apply_id, the primary key's order), after `after`: what a monthly run
 * over every subscriber walks (the statements module), a page a transaction.
 */
export const liveSubscriptionPage = (handle: Handle, after: string, limit: number) =>
  subscriptionsDb(handle)
    .selectFrom('subscription')
    .select('insuApplyId')
    .where('status', '=', 'subscribe')
    .where('insuApplyId', '>', after)
    .orderBy('insuApplyId')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((r) => r.insuApplyId));
