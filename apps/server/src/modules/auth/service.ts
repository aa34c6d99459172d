// Identity verification by SMS (spec §7 Auth, DESIGN §4). The rules live here, the provider only delivers and attests:
// 6 random digits, valid 3 minutes, single use, bound to the request that sent it and to the person named in it,
// 5 wrong tries lock the request, at least 60 s between sends and at most 5 sends per phone per day.
// Codes are stored only as keyed hashes; codes and CI are never logged.
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import {
  SMS_CODE_TTL_SECONDS,
  SMS_MAX_WRONG_TRIES,
  SMS_RESEND_INTERVAL_SECONDS,
  SMS_SENDS_PER_DAY,
  parseKorRegId,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/problem.js';
import type { Person } from '../../providers/identity/types.js';
import { randomToken, safeEqual } from '../../security/crypto.js';
import type { VerifiedPerson } from '../../security/session.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const codeHash = (ctx: AppContext, smsRequestSeq: string, code: string) =>
  ctx.crypto.hmac('sms-code', `${smsRequestSeq}:${code}`);

/** Every required term of the group must be among the ids agreed. */
export async function assertRequiredTerms(ctx: AppContext, termsGroup: 'TELECOM' | 'SERVICE', termsIds: string[]) {
  const required = await ctx.db
    .selectFrom('terms')
    .select(['termsId', 'title'])
    .where('termsGroup', '=', termsGroup)
    .where('active', '=', true)
    .where('required', '=', true)
    .execute();
  const missing = required.filter((t) => !termsIds.includes(t.termsId));
  if (missing.length > 0) {
    throw new AppError(400, 'TERMS_REQUIRED', '필수 약관에 모두 동의해 주세요.', [
      { field: 'termsIds', message: `${missing.map((t) => t.title).join(', ')}에 동의해 주세요.` },
    ]);
  }
}

/** Records each agreement (term id and its current version, time, who) as evidence. */
export async function recordAgreements(
  ctx: AppContext,
  termsIds: string[],
  who: { ciHmac?: string; smsRequestSeq?: string; ipHmac: string },
) {
  const unique = [...new Set(termsIds)];
  const current = unique.length
    ? await ctx.db
        .selectFrom('terms')
        .select(['termsId', 'version'])
        .where('termsId', 'in', unique)
        .where('active', '=', true)
        .execute()
    : [];
  const unknown = unique.filter((id) => !current.some((t) => t.termsId === id));
  if (unknown.length > 0) {
    throw new AppError(400, 'TERMS_UNKNOWN', '알 수 없는 약관이 있어요. 화면을 새로 고쳐 다시 동의해 주세요.', [
      { field: 'termsIds', message: `없는 약관이에요: ${unknown.join(', ')}` },
    ]);
  }
  const agreedAt = ctx.clock.now();
  if (current.length > 0) {
    await ctx.db
      .insertInto('termsAgreement')
      .values(
        current.map((t) => ({
          termsId: t.termsId,
          version: t.version,
          ciHmac: who.ciHmac ?? null,
          smsRequestSeq: who.smsRequestSeq ?? null,
          ipHmac: who.ipHmac,
          agreedAt,
        })),
      )
      .execute();
  }
  return current.map((t) => ({ termsId: t.termsId, version: t.version, agreedAt: agreedAt.toISOString() }));
}

const tooMany = (code: string, detail: string) => new AppError(429, code, detail);

/** POST /auth/rest/nice/userAuth: checks the send limits, stores the code's hash and sends it. */
export async function startVerification(
  ctx: AppContext,
  input: Person & { hospitalCode: string; termsIds: string[] },
  ip: string,
) {
  await assertRequiredTerms(ctx, 'TELECOM', input.termsIds);
  const now = ctx.clock.now();
  const phoneHmac = ctx.crypto.hmac('phone', input.custHp);
  const ipHmac = ctx.crypto.hmac('ip', ip);

  const sent = await ctx.db
    .selectFrom('smsVerification')
    .select(['createdAt'])
    .where('phoneHmac', '=', phoneHmac)
    .where('createdAt', '>', new Date(now.getTime() - DAY_MS))
    .orderBy('createdAt', 'desc')
    .execute();
  const last = sent[0] ? new Date(sent[0].createdAt) : undefined;
  if (last && now.getTime() - last.getTime() < SMS_RESEND_INTERVAL_SECONDS * 1000) {
    const wait = Math.ceil((SMS_RESEND_INTERVAL_SECONDS * 1000 - (now.getTime() - last.getTime())) / 1000);
    throw tooMany('SMS_TOO_SOON', `인증번호는 ${wait}초 후에 다시 받을 수 있어요.`);
  }
  if (sent.length >= SMS_SENDS_PER_DAY) {
    throw tooMany(
      'SMS_DAILY_LIMIT',
      `인증번호는 하루에 ${SMS_SENDS_PER_DAY}번까지 받을 수 있어요. 내일 다시 시도해 주세요.`,
    );
  }

  const smsRequestSeq = randomToken(18);
  const smsResponseSeq = randomToken(18);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const person = { ...input, custName: input.custName.trim() };
  await ctx.db
    .insertInto('smsVerification')
    .values({
      smsRequestSeq,
      smsResponseSeq,
      codeHash: codeHash(ctx, smsRequestSeq, code),
      personHash: ctx.crypto.hmac('person', `${person.custName}|${person.korRegId}|${person.custHp}`),
      personEnc: ctx.crypto.encryptJson({
        custName: person.custName,
        korRegId: person.korRegId,
        custHp: person.custHp,
        telecomType: person.telecomType,
      } satisfies Person),
      phoneHmac,
      ipHmac,
      hospitalCd: input.hospitalCode,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
      usedAt: null,
      lockedAt: null,
    })
    .execute();
  await recordAgreements(ctx, input.termsIds, { smsRequestSeq, ipHmac });
  await ctx.providers.identity.sendCode(person, code);
  return { smsRequestSeq, smsResponseSeq };
}

const REQUEST_UNKNOWN = () =>
  new AppError(400, 'SMS_REQUEST_UNKNOWN', '인증 요청을 찾을 수 없어요. 인증번호를 다시 받아 주세요.', [
    { field: 'smsRequestSeq', message: '인증 요청을 찾을 수 없어요.' },
  ]);
const LOCKED = () =>
  new AppError(
    423,
    'SMS_LOCKED',
    `인증번호를 ${SMS_MAX_WRONG_TRIES}번 틀려서 이 인증번호는 더 쓸 수 없어요. 인증번호를 다시 받아 주세요.`,
  );

/** POST /auth/rest/nice/smsAuth: checks the code; on success the person is verified and their CI known. */
export async function confirmVerification(
  ctx: AppContext,
  input: { smsRequestSeq: string; smsResponseSeq: string; smsAuthNum: string; hospitalCode: string },
): Promise<{ ci: string; person: VerifiedPerson }> {
  const row = await ctx.db
    .selectFrom('smsVerification')
    .selectAll()
    .where('smsRequestSeq', '=', input.smsRequestSeq)
    .executeTakeFirst();
  // Bound to the request that sent it: both sequence numbers and the hospital must be the ones issued together.
  if (!row || !safeEqual(row.smsResponseSeq, input.smsResponseSeq) || row.hospitalCd !== input.hospitalCode) {
    throw REQUEST_UNKNOWN();
  }
  if (row.lockedAt) throw LOCKED();
  if (row.usedAt) {
    throw new AppError(409, 'SMS_ALREADY_USED', '이미 사용한 인증번호예요. 인증번호를 다시 받아 주세요.');
  }
  const now = ctx.clock.now();
  if (now >= new Date(row.expiresAt)) {
    throw new AppError(410, 'SMS_EXPIRED', '인증 시간이 지났어요. 인증번호를 다시 받아 주세요.', [
      { field: 'smsAuthNum', message: '인증 시간이 지났어요.' },
    ]);
  }
  if (!safeEqual(row.codeHash, codeHash(ctx, row.smsRequestSeq, input.smsAuthNum))) {
    // Counted atomically so parallel guesses cannot get more than SMS_MAX_WRONG_TRIES tries.
    const updated = await ctx.db
      .updateTable('smsVerification')
      .set({
        attempts: sql`attempts + 1`,
        lockedAt: sql`case when attempts + 1 >= ${SMS_MAX_WRONG_TRIES} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where('smsRequestSeq', '=', row.smsRequestSeq)
      .where('lockedAt', 'is', null)
      .returning(['attempts'])
      .executeTakeFirst();
    const attempts = updated?.attempts ?? SMS_MAX_WRONG_TRIES;
    if (attempts >= SMS_MAX_WRONG_TRIES) throw LOCKED();
    const left = SMS_MAX_WRONG_TRIES - attempts;
    throw new AppError(400, 'SMS_CODE_WRONG', `인증번호가 맞지 않아요. ${left}번 더 입력할 수 있어요.`, [
      { field: 'smsAuthNum', message: `인증번호가 맞지 않아요. (남은 횟수 ${left}번)` },
    ]);
  }
  // Single use: only the first of two racing correct answers gets the row.
  const used = await ctx.db
    .updateTable('smsVerification')
    .set({ usedAt: now })
    .where('smsRequestSeq', '=', row.smsRequestSeq)
    .where('usedAt', 'is', null)
    .where('lockedAt', 'is', null)
    .returning(['smsRequestSeq'])
    .executeTakeFirst();
  if (!used) throw new AppError(409, 'SMS_ALREADY_USED', '이미 사용한 인증번호예요. 인증번호를 다시 받아 주세요.');

  const person = ctx.crypto.decryptJson<Person>(row.personEnc);
  const born = parseKorRegId(person.korRegId, now)!;
  const ci = await ctx.providers.identity.ciOf(person);
  return {
    ci,
    person: {
      userNm: person.custName,
      birthday: born.birthday,
      sex: born.sex,
      userTel: person.custHp,
      telecomType: person.telecomType,
    },
  };
}
