// Identity verification by SMS (spec §7 Auth, DESIGN §4). The identity vendor makes, sends and checks the code; the
// rules live here, the same for every vendor: a code is good for 3 minutes and once, bound to the request that sent
// it and to the person named in it; 5 wrong tries lock the request; at least 60 s between sends. The daily caps count
// only sends the vendor accepted and nobody completed, and those a stranger can make apart from the owner's own
// (docs/security.md, "A phone number is not a lock-out"). We keep only the vendor's reference to the verification,
// encrypted; codes and CI are never logged. A vendor that fails answers a Korean problem and leaves nothing behind.
import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import {
  SMS_CODE_TTL_SECONDS,
  SMS_MAX_WRONG_TRIES,
  SMS_RESEND_INTERVAL_SECONDS,
  SMS_SENDS_PER_DAY,
  DEFAULT_HOSPITAL_CD,
  maskPhone,
  nameKey,
  parseKorRegId,
  sameName,
} from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { addressHmac } from '../../http/client-address.js';
import { AppError } from '../../http/problem.js';
import { assertRequiredTerms, forgetAgreements, recordAgreements } from '../terms/index.js';
import {
  IdentityVendorError,
  type ClientDevice,
  type Confirmation,
  type Person,
  type Started,
  type VerifiedFacts,
} from '../../providers/identity/types.js';
import { randomToken, safeEqual } from '../../security/crypto.js';
import type { VerifiedPerson } from '../../security/session.js';
import { identityDb, type IdentityTables } from './tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Which vendor holds the verification and its id there. */
interface VendorRef {
  vendor: string;
  id: string;
}
/** The request's vendor reference, if the vendor configured now is the one that holds it. */
function refOf(ctx: AppContext, vendorRefEnc: string | null): VendorRef | undefined {
  if (!vendorRefEnc) return undefined;
  const ref = ctx.crypto.decryptJson<VendorRef>(vendorRefEnc);
  return ref.vendor === ctx.providers.identity.name ? ref : undefined;
}

/** What a patient sees when the vendor, not the code, failed. */
function vendorProblem(e: IdentityVendorError) {
  if (e.kind === 'refused') {
    return new AppError(
      'IDENTITY_REFUSED',
      '본인확인 기관이 입력한 정보로 인증번호를 보내지 못했어요. 이름, 생년월일, 통신사(알뜰폰 포함)가 맞는지 확인해 주세요.',
    );
  }
  if (e.kind === 'limited') {
    return new AppError('IDENTITY_LIMITED', '본인확인 요청이 너무 많아요. 잠시 후 다시 시도해 주세요.');
  }
  return new AppError('IDENTITY_UNAVAILABLE', '본인확인 기관과 잠시 연결되지 않아요. 잠시 후 다시 시도해 주세요.');
}

const tooMany = (code: 'SMS_TOO_SOON' | 'SMS_DAILY_LIMIT', detail: string) => new AppError(code, detail);

/*
 * The daily caps (SMS_SENDS_PER_DAY, README "Environment": "Our tries, resend gap and daily caps apply to every
 * provider"). Anyone who knows a person's name, birth date, sex digit and phone can ask a code for her; the owner must
 * still get hers. So a send is counted where it came from: a *trusted* send comes from an address this person
 * completed a verification from (in the last TRUSTED_ADDRESS_DAYS), or from a session verified as her (step-up); any
 * other send is a stranger's, as is the owner's own from a network she never verified on. The caps count sends nobody
 * completed (a completed verification proves the phone's holder asked), each source apart:
 * - per person: SMS_SENDS_PER_DAY uncompleted sends from strangers, and as many again from trusted sources, so sends
 *   strangers spent never stop the owner at her known address or in her session;
 * - per requesting address: SMS_OPEN_SENDS_PER_ADDRESS_PER_DAY uncompleted stranger sends, whoever they are for (one
 *   address spraying people's phones);
 * - per phone, whoever is named: SMS_SENDS_PER_PHONE_PER_DAY uncompleted stranger sends (made-up names on one phone);
 *   and a ceiling on every send to the phone, completed or not, because each is paid and lands on a real phone (SMS
 *   pumping, message flooding), set high enough that strangers' sends never fill it.
 * A real vendor refuses a name and birth date the carrier does not hold for the phone (docs/providers/portone-
 * identity.md, "Errors": 422 IDENTITY_REFUSED) and a refused send counts nothing.
 */
export const SMS_SENDS_PER_PHONE_PER_DAY = 2 * SMS_SENDS_PER_DAY;
export const SMS_ALL_SENDS_PER_PHONE_PER_DAY = 4 * SMS_SENDS_PER_DAY;
/** How long an address a person completed a verification from stays hers (addresses are handed on, in time). */
export const TRUSTED_ADDRESS_DAYS = 90;
/** A hospital's Wi-Fi puts many patients behind one address; almost all of them complete. */
export const SMS_OPEN_SENDS_PER_ADDRESS_PER_DAY = 25;
/**
 * A send counts once the vendor accepted it (it has the vendor's reference). While the vendor is being asked, the row
 * holds its place so that parallel sends see it; one still unanswered after this long (the process died mid-call)
 * was never accepted and counts no more.
 */
const PENDING_SEND_MS = 2 * 60 * 1000;

/** The keyed hash the daily cap counts by: the name as the vendor compares it, birth date, sex digit and phone. */
const personKeyOf = (ctx: AppContext, p: Person) =>
  ctx.crypto.hmac('sms-person', `${nameKey(p.custName)}|${p.korRegId}|${p.custHp}`);

/**
 * The send limits, checked under the transaction's locks: the resend gap and the daily caps (above), the first one
 * reached refused. Answers whether the send is trusted, and this person's last send from the requester's side.
 */
async function checkSendLimits(
  trx: Transaction<IdentityTables>,
  now: Date,
  {
    phoneHmac,
    ipHmac,
    personKey,
    sessionVerified,
  }: { phoneHmac: string; ipHmac: string; personKey: string; sessionVerified: boolean },
) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const counted = (eb: ExpressionBuilder<IdentityTables, 'smsVerification'>) =>
    eb.and([
      eb('createdAt', '>', dayAgo),
      eb.or([eb('vendorRefEnc', 'is not', null), eb('createdAt', '>', new Date(now.getTime() - PENDING_SEND_MS))]),
    ]);
  const sent = await trx
    .selectFrom('smsVerification')
    .select([
      'smsRequestSeq',
      'createdAt',
      'personHash',
      'personKey',
      'hospitalCd',
      'vendorRefEnc',
      'ipHmac',
      'trusted',
      'verifiedAt',
      'usedAt',
      'lockedAt',
      'expiresAt',
    ])
    .where('phoneHmac', '=', phoneHmac)
    .where(counted)
    .orderBy('createdAt', 'desc')
    .execute();
  const trusted =
    sessionVerified ||
    (await trx
      .selectFrom('smsVerification')
      .select('smsRequestSeq')
      .where('personKey', '=', personKey)
      .where('ipHmac', '=', ipHmac)
      .where('verifiedAt', '>', new Date(now.getTime() - TRUSTED_ADDRESS_DAYS * DAY_MS))
      .executeTakeFirst()) !== undefined;
  const open = (r: { verifiedAt: Date | null }) => !r.verifiedAt;
  // This person's sends from the requester's side: trusted ones, or strangers' (legacy rows are strangers').
  const mine = sent.filter((r) => r.personKey === personKey && r.trusted === trusted);
  const last = mine[0];
  if (last && now.getTime() - new Date(last.createdAt).getTime() < SMS_RESEND_INTERVAL_SECONDS * 1000) {
    const wait = Math.ceil(
      (SMS_RESEND_INTERVAL_SECONDS * 1000 - (now.getTime() - new Date(last.createdAt).getTime())) / 1000,
    );
    throw tooMany('SMS_TOO_SOON', `인증번호는 ${wait}초 후에 다시 받을 수 있어요.`);
  }
  if (mine.filter(open).length >= SMS_SENDS_PER_DAY) {
    throw tooMany(
      'SMS_DAILY_LIMIT',
      `인증번호는 하루에 ${SMS_SENDS_PER_DAY}번까지 받을 수 있어요. 내일 다시 시도해 주세요.`,
    );
  }
  if (!trusted) {
    const fromHere = await trx
      .selectFrom('smsVerification')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('ipHmac', '=', ipHmac)
      .where('trusted', '=', false)
      .where('verifiedAt', 'is', null)
      .where(counted)
      .executeTakeFirstOrThrow();
    if (Number(fromHere.n) >= SMS_OPEN_SENDS_PER_ADDRESS_PER_DAY) {
      throw tooMany(
        'SMS_DAILY_LIMIT',
        '이 인터넷 연결에서 마치지 않은 인증 요청이 너무 많아요. 내일 다시 시도하거나 다른 연결에서 시도해 주세요.',
      );
    }
  }
  if (
    (!trusted && sent.filter((r) => !r.trusted && open(r)).length >= SMS_SENDS_PER_PHONE_PER_DAY) ||
    sent.length >= SMS_ALL_SENDS_PER_PHONE_PER_DAY
  ) {
    throw tooMany('SMS_DAILY_LIMIT', '이 휴대폰 번호로는 오늘 인증번호를 더 보낼 수 없어요. 내일 다시 시도해 주세요.');
  }
  return { trusted, last };
}

/**
 * Has the vendor send the code, a resend of resendOf while the vendor still holds it, and keeps the vendor's reference
 * on the request; when it fails, the request, its agreements and its place under the limits go with it.
 */
async function sendByVendor(
  ctx: AppContext,
  {
    smsRequestSeq,
    ipHmac,
    termsIds,
    person,
    ip,
    device,
    resendOf,
  }: {
    smsRequestSeq: string;
    ipHmac: string;
    termsIds: string[];
    person: Person;
    ip: string;
    device: ClientDevice | undefined;
    resendOf: VendorRef | undefined;
  },
) {
  const identity = ctx.providers.identity;
  try {
    await recordAgreements(ctx, termsIds, { smsRequestSeq, ipHmac });
    let started: Started | undefined;
    if (resendOf) {
      try {
        started = await identity.resend(resendOf.id);
      } catch (e) {
        // The vendor has closed that verification: a new one is the resend.
        if (!(e instanceof IdentityVendorError && e.kind === 'ended')) throw e;
      }
    }
    started ??= await identity.start(person, { ipAddress: ip, device });
    await identityDb(ctx.db)
      .updateTable('smsVerification')
      .set({
        vendorRefEnc: ctx.crypto.encryptJson({ vendor: identity.name, id: started.verificationId } satisfies VendorRef),
      })
      .where('smsRequestSeq', '=', smsRequestSeq)
      .execute();
  } catch (e) {
    // Nothing was sent (or we cannot know it was): leave no request, agreement or limit behind.
    await forgetAgreements(ctx.db, smsRequestSeq);
    await identityDb(ctx.db).deleteFrom('smsVerification').where('smsRequestSeq', '=', smsRequestSeq).execute();
    throw e instanceof IdentityVendorError ? vendorProblem(e) : e;
  }
}

/**
 * POST /auth/rest/nice/userAuth: checks the send limits, then has the vendor send a code. The same person asking
 * again at the same hospital from the same address while their last code is open gets a resend of that verification;
 * anyone else a new one, which leaves the open code alone.
 */
export async function startVerification(
  ctx: AppContext,
  input: Person & { hospitalCode: string; termsIds: string[] },
  ip: string,
  /** Asked from a session verified by SMS as this very person (step-up): a trusted send. */
  sessionVerified = false,
  /** The patient's browser (`clientDeviceOf` of the request): KCP renders its verification for a phone or a PC. */
  device?: ClientDevice,
) {
  await assertRequiredTerms(ctx, 'TELECOM', input.termsIds);
  const now = ctx.clock.now();
  const phoneHmac = ctx.crypto.hmac('phone', input.custHp);
  // By the address's /64 for IPv6 (http/client-address.ts): a privacy address rotating inside it is one requester.
  const ipHmac = addressHmac(ctx.crypto, ip);
  const person: Person = {
    custName: input.custName.trim(),
    korRegId: input.korRegId,
    custHp: input.custHp,
    telecomType: input.telecomType,
  };
  const personHash = ctx.crypto.hmac('person', `${person.custName}|${person.korRegId}|${person.custHp}`);
  const personKey = personKeyOf(ctx, person);

  // Checking the limits and taking a place under them is one step per phone and address: the transaction holds their
  // advisory locks (the phone's first, always), so parallel sends are counted one after another and none slips past.
  const smsRequestSeq = randomToken(18);
  const smsResponseSeq = randomToken(18);
  const last = await identityDb(ctx.db)
    .transaction()
    .execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`sms:${phoneHmac}`}, 0))`.execute(trx);
      await sql`select pg_advisory_xact_lock(hashtextextended(${`sms-ip:${ipHmac}`}, 0))`.execute(trx);
      const { trusted, last } = await checkSendLimits(trx, now, { phoneHmac, ipHmac, personKey, sessionVerified });
      // The row goes in first, so a second send racing this one sees it and waits its turn.
      await trx
        .insertInto('smsVerification')
        .values({
          smsRequestSeq,
          smsResponseSeq,
          vendorRefEnc: null,
          personHash,
          personKey,
          personEnc: ctx.crypto.encryptJson(person),
          phoneHmac,
          ipHmac,
          trusted,
          hospitalCd: input.hospitalCode,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
          usedAt: null,
          lockedAt: null,
          verifiedAt: null,
        })
        .execute();
      return last;
    });
  // A resend only of the requester's own last request (same address and side): another's open code is left alone.
  const resendOf =
    last &&
    last.ipHmac === ipHmac &&
    last.personHash === personHash &&
    last.hospitalCd === input.hospitalCode &&
    !last.usedAt &&
    !last.lockedAt &&
    now < new Date(last.expiresAt)
      ? refOf(ctx, last.vendorRefEnc)
      : undefined;

  await sendByVendor(ctx, { smsRequestSeq, ipHmac, termsIds: input.termsIds, person, ip, device, resendOf });
  if (resendOf) {
    // The new code replaces the last one: its request takes no more codes.
    await identityDb(ctx.db)
      .updateTable('smsVerification')
      .set({ expiresAt: now })
      .where('smsRequestSeq', '=', last!.smsRequestSeq)
      .where('usedAt', 'is', null)
      .execute();
  }
  return { smsRequestSeq, smsResponseSeq };
}

const REQUEST_UNKNOWN = () =>
  new AppError('SMS_REQUEST_UNKNOWN', '인증 요청을 찾을 수 없어요. 인증번호를 다시 받아 주세요.', [
    { field: 'smsRequestSeq', message: '인증 요청을 찾을 수 없어요.' },
  ]);
const LOCKED = () =>
  new AppError(
    'SMS_LOCKED',
    `인증번호를 ${SMS_MAX_WRONG_TRIES}번 틀려서 이 인증번호는 더 쓸 수 없어요. 인증번호를 다시 받아 주세요.`,
  );
const ALREADY_USED = () => new AppError('SMS_ALREADY_USED', '이미 사용한 인증번호예요. 인증번호를 다시 받아 주세요.');
const EXPIRED = () =>
  new AppError('SMS_EXPIRED', '인증 시간이 지났어요. 인증번호를 다시 받아 주세요.', [
    { field: 'smsAuthNum', message: '인증 시간이 지났어요.' },
  ]);

/**
 * POST /auth/rest/nice/userAuth/pending: the request bound as the code is (both sequence numbers and the hospital),
 * answered with the masked phone and the seconds left by the server's clock. Nothing is changed.
 */
export async function pendingVerification(
  ctx: AppContext,
  input: { smsRequestSeq: string; smsResponseSeq: string; hospitalCode: string },
) {
  const row = await identityDb(ctx.db)
    .selectFrom('smsVerification')
    .select(['smsResponseSeq', 'hospitalCd', 'personEnc', 'createdAt', 'expiresAt', 'usedAt', 'lockedAt'])
    .where('smsRequestSeq', '=', input.smsRequestSeq)
    .executeTakeFirst();
  if (!row || !safeEqual(row.smsResponseSeq, input.smsResponseSeq) || row.hospitalCd !== input.hospitalCode) {
    throw REQUEST_UNKNOWN();
  }
  const now = ctx.clock.now().getTime();
  const secondsUntil = (ms: number) => Math.max(0, Math.ceil((ms - now) / 1000));
  const expiresInSeconds = secondsUntil(new Date(row.expiresAt).getTime());
  const person = ctx.crypto.decryptJson<Person>(row.personEnc);
  return {
    state: row.lockedAt ? 'locked' : row.usedAt ? 'used' : expiresInSeconds === 0 ? 'expired' : 'open',
    userTelMasked: maskPhone(person.custHp),
    expiresInSeconds,
    resendInSeconds: secondsUntil(new Date(row.createdAt).getTime() + SMS_RESEND_INTERVAL_SECONDS * 1000),
  } as const;
}

const FOREIGNER_DIGITS = new Set(['5', '6', '7', '8']);

/** The facts the vendor verified that differ from what the patient typed (korRegId: YYMMDD + the 7th digit). */
function differences(person: Person, verified: VerifiedFacts, now: Date): string[] {
  const born = parseKorRegId(person.korRegId, now);
  const differ: string[] = [];
  if (verified.name !== undefined && !sameName(verified.name, person.custName)) differ.push('name');
  if (verified.birthday !== undefined && verified.birthday !== born?.birthday) differ.push('birthday');
  if (verified.sex !== undefined && verified.sex !== born?.sex) differ.push('sex');
  if (verified.isForeigner !== undefined && verified.isForeigner !== FOREIGNER_DIGITS.has(person.korRegId[6]!)) {
    differ.push('isForeigner');
  }
  return differ;
}

/** POST /auth/rest/nice/smsAuth: the vendor checks the code; on success the person is verified and their CI known. */
export async function confirmVerification(
  ctx: AppContext,
  input: { smsRequestSeq: string; smsResponseSeq: string; smsAuthNum: string; hospitalCode: string },
): Promise<{ ci: string; person: VerifiedPerson }> {
  const row = await identityDb(ctx.db)
    .selectFrom('smsVerification')
    .selectAll()
    .where('smsRequestSeq', '=', input.smsRequestSeq)
    .executeTakeFirst();
  // Bound to the request that sent it: both sequence numbers and the hospital must be the ones issued together.
  if (!row || !safeEqual(row.smsResponseSeq, input.smsResponseSeq) || row.hospitalCd !== input.hospitalCode) {
    throw REQUEST_UNKNOWN();
  }
  if (row.lockedAt) throw LOCKED();
  if (row.usedAt) throw ALREADY_USED();
  const now = ctx.clock.now();
  if (now >= new Date(row.expiresAt)) throw EXPIRED();
  const ref = refOf(ctx, row.vendorRefEnc);
  if (!ref) throw REQUEST_UNKNOWN();
  const seq = row.smsRequestSeq;

  // A try is taken atomically before the vendor sees the code, so parallel guesses never get more than
  // SMS_MAX_WRONG_TRIES of them.
  const taken = await identityDb(ctx.db)
    .updateTable('smsVerification')
    .set({ attempts: sql`attempts + 1` })
    .where('smsRequestSeq', '=', seq)
    .where('lockedAt', 'is', null)
    .where('usedAt', 'is', null)
    .where('attempts', '<', SMS_MAX_WRONG_TRIES)
    .returning(['attempts'])
    .executeTakeFirst();
  if (!taken) {
    const state = await identityDb(ctx.db)
      .selectFrom('smsVerification')
      .select('usedAt')
      .where('smsRequestSeq', '=', seq)
      .executeTakeFirst();
    throw state?.usedAt ? ALREADY_USED() : LOCKED();
  }

  let answer: Confirmation;
  try {
    answer = await ctx.providers.identity.confirm(ref.id, input.smsAuthNum);
  } catch (e) {
    // The vendor did not judge the code: the try is given back and nothing else changes.
    await identityDb(ctx.db)
      .updateTable('smsVerification')
      .set({ attempts: sql`greatest(attempts - 1, 0)` })
      .where('smsRequestSeq', '=', seq)
      .where('lockedAt', 'is', null)
      .where('usedAt', 'is', null)
      .execute();
    throw e instanceof IdentityVendorError ? vendorProblem(e) : e;
  }

  if (!answer.ok) {
    if (answer.reason === 'expired') {
      await identityDb(ctx.db)
        .updateTable('smsVerification')
        .set({ expiresAt: now })
        .where('smsRequestSeq', '=', seq)
        .execute();
      throw EXPIRED();
    }
    if (answer.reason === 'already_verified') {
      await identityDb(ctx.db)
        .updateTable('smsVerification')
        .set({ usedAt: now })
        .where('smsRequestSeq', '=', seq)
        .where('usedAt', 'is', null)
        .execute();
      throw ALREADY_USED();
    }
    if (taken.attempts >= SMS_MAX_WRONG_TRIES) {
      await identityDb(ctx.db)
        .updateTable('smsVerification')
        .set({ lockedAt: now })
        .where('smsRequestSeq', '=', seq)
        .execute();
      throw LOCKED();
    }
    const left = SMS_MAX_WRONG_TRIES - taken.attempts;
    throw new AppError('SMS_CODE_WRONG', `인증번호가 맞지 않아요. ${left}번 더 입력할 수 있어요.`, [
      { field: 'smsAuthNum', message: `인증번호가 맞지 않아요. (남은 횟수 ${left}번)` },
    ]);
  }

  // Single use: only the first of two racing correct answers gets the row.
  const used = await identityDb(ctx.db)
    .updateTable('smsVerification')
    .set({ usedAt: now })
    .where('smsRequestSeq', '=', seq)
    .where('usedAt', 'is', null)
    .where('lockedAt', 'is', null)
    .returning(['smsRequestSeq'])
    .executeTakeFirst();
  if (!used) throw ALREADY_USED();

  const person = ctx.crypto.decryptJson<Person>(row.personEnc);
  // Bound to the person named in the request: the vendor's verified facts must be the ones the patient typed.
  const differ = differences(person, answer.verified, now);
  if (differ.length > 0) {
    ctx.log.warn({ vendor: ref.vendor, differ }, 'identity vendor verified other facts than the request named');
    throw new AppError(
      'PERSON_MISMATCH',
      '본인확인 결과가 입력한 이름이나 생년월일과 달라요. 입력한 정보를 확인하고 인증번호를 다시 받아 주세요.',
    );
  }
  // Completed: this send no longer counts against a cap, and its address is now one the person verified from.
  await identityDb(ctx.db)
    .updateTable('smsVerification')
    .set({ verifiedAt: now })
    .where('smsRequestSeq', '=', seq)
    .execute();
  const born = parseKorRegId(person.korRegId, now)!;
  return {
    ci: answer.ci,
    person: {
      userNm: person.custName,
      birthday: born.birthday,
      sex: born.sex,
      userTel: person.custHp,
      telecomType: person.telecomType,
      regDigit: person.korRegId.charAt(6),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Step-up (README "Identity and sessions"): the session's own person verified again, through the same vendor flow
// and the same rules as the first verification. Nothing is typed but the carrier: name, birth date and phone are the
// session's; a different person's phone never gets the code.

/** The RRN's 7th digit a person's birth century and sex give (a Korean national; foreigners' come from storage). */
function regDigitOf(person: VerifiedPerson): string {
  if (person.regDigit) return person.regDigit;
  const century = person.birthday.slice(0, 2);
  const female = person.sex === 'F';
  if (century === '18') return female ? '0' : '9';
  if (century === '19') return female ? '2' : '1';
  return female ? '4' : '3';
}

/** Step-up requests are bound to this code where a first verification names the hospital it started at. */
export const STEP_UP_HOSPITAL = DEFAULT_HOSPITAL_CD;

/** POST /rest/auth/stepUp: a code to the session's own phone, for the session's own person. */
export async function startStepUp(
  ctx: AppContext,
  person: VerifiedPerson,
  input: { telecomType: Person['telecomType']; termsIds: string[] },
  ip: string,
  /** The session was opened by SMS (not a 알림톡 link): its own person, verified; its sends are trusted. */
  sessionVerified: boolean,
  device?: ClientDevice,
) {
  const started = await startVerification(
    ctx,
    {
      custName: person.userNm,
      korRegId: `${person.birthday.slice(2)}${regDigitOf(person)}`,
      custHp: person.userTel,
      telecomType: input.telecomType,
      hospitalCode: STEP_UP_HOSPITAL,
      termsIds: input.termsIds,
    },
    ip,
    sessionVerified,
    device,
  );
  return { ...started, userTelMasked: maskPhone(person.userTel) };
}
