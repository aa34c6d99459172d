// A hospital desk's handoff (README "A helper beside her", desk mode). A clerk signed in to the console as her
// hospital's user makes a QR code; its URL holds one random token (32 bytes) and nothing personal, good once for
// DESK_HANDOFF_TTL_SECONDS. Opened on the patient's phone, the token is spent and exchanged for a grant (another 32
// random bytes) that her subscription names as deskGrant; the subscription then records the desk's hospital and staff
// account, both taken from the clerk's console session when the code was made, never from anything a phone sends.
// Both are kept as keyed hashes only. The clerk sees how far each of her codes went, never whose it became.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import {
  APP_ROOT,
  DESK_GRANT_TTL_SECONDS,
  DESK_HANDOFF_TTL_SECONDS,
  DESK_SCREEN,
  helpedByText,
  type DeskHandoffAnswer,
  type HelperRel,
} from '@auto-claim/contract';
import type { DeskHandoffCreated, DeskHandoffList, DeskHandoffState } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { purgeInBatches, type PurgeOptions } from '../../db/purge.js';
import { AppError } from '../../http/problem.js';
import { hospitalsByCode } from '../reference/index.js';
import { invalid } from './checks.js';
import { subscriptionsDb } from './tables.js';

/** How many of her recent codes the desk screen lists. */
export const DESK_RECENT_SHOWN = 10;
/**
 * Per address: a desk makes a code per patient in its queue (create), a phone opens one (open, public: a wall for
 * scripts guessing tokens, which 32 random bytes already make hopeless). Per staff account, DESK_CODES_PER_10_MIN.
 */
export const DESK_RATE_LIMITS = {
  create: { max: 60, timeWindow: '10 minutes' },
  open: { max: 30, timeWindow: '10 minutes' },
};
export const DESK_CODES_PER_10_MIN = 30;

const secret = () => randomBytes(32).toString('base64url');
const tokenHash = (ctx: AppContext, token: string) => ctx.crypto.hmac('desk-handoff', token);
const grantHash = (ctx: AppContext, grant: string) => ctx.crypto.hmac('desk-grant', grant);

/** The URL the QR code holds: the token in the fragment, which no server log, proxy or Referer sees. */
export const handoffUrl = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl ?? 'http://localhost:3000'}${APP_ROOT}${DESK_SCREEN}#${token}`;

/** A new code for the clerk's hospital (her console session's), in her name. */
export async function createHandoff(
  ctx: AppContext,
  desk: { hospitalCd: string; operatorLoginId: string },
): Promise<DeskHandoffCreated> {
  const now = ctx.clock.now();
  const recent = await subscriptionsDb(ctx.db)
    .selectFrom('deskHandoff')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('operatorLoginId', '=', desk.operatorLoginId)
    .where('createdAt', '>', new Date(now.getTime() - 600_000))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= DESK_CODES_PER_10_MIN) {
    throw new AppError(
      'DESK_HANDOFF_LIMITED',
      `QR 코드는 10분에 ${DESK_CODES_PER_10_MIN}개까지 만들 수 있어요. 잠시 뒤에 다시 만들어 주세요.`,
    );
  }
  const token = secret();
  const handoffId = randomBytes(9).toString('base64url');
  const expiresAt = new Date(now.getTime() + DESK_HANDOFF_TTL_SECONDS * 1000);
  await subscriptionsDb(ctx.db)
    .insertInto('deskHandoff')
    .values({
      handoffId,
      tokenHash: tokenHash(ctx, token),
      hospitalCd: desk.hospitalCd,
      operatorLoginId: desk.operatorLoginId,
      createdAt: now,
      expiresAt,
      openedAt: null,
      grantHash: null,
      grantExpiresAt: null,
      enrolledAt: null,
      insuApplyId: null,
    })
    .execute();
  const url = handoffUrl(ctx, token);
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    handoffId,
    url,
    qrSvg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    expiresAt: expiresAt.toISOString(),
  };
}

const stateOf = (
  r: { openedAt: Date | null; enrolledAt: Date | null; expiresAt: Date; grantExpiresAt: Date | null },
  now: Date,
): DeskHandoffState =>
  r.enrolledAt
    ? 'enrolled'
    : r.openedAt
      ? r.grantExpiresAt && r.grantExpiresAt > now
        ? 'opened'
        : 'expired'
      : r.expiresAt > now
        ? 'waiting'
        : 'expired';

/** The clerk's newest codes at her hospital, with how far each went: no patient's name, number or anything else. */
export async function recentHandoffs(
  ctx: AppContext,
  desk: { hospitalCd: string; operatorLoginId: string },
): Promise<DeskHandoffList> {
  const now = ctx.clock.now();
  const rows = await subscriptionsDb(ctx.db)
    .selectFrom('deskHandoff')
    .select(['handoffId', 'createdAt', 'expiresAt', 'openedAt', 'grantExpiresAt', 'enrolledAt', 'hospitalCd'])
    .where('operatorLoginId', '=', desk.operatorLoginId)
    .orderBy('createdAt', 'desc')
    .limit(DESK_RECENT_SHOWN)
    .execute();
  return {
    list: rows
      .filter((r) => r.hospitalCd === desk.hospitalCd)
      .map((r) => ({
        handoffId: r.handoffId,
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        state: stateOf(r, now),
      })),
  };
}

/** The one answer to a token that is unknown, spent or expired: which of them is not said. */
const HANDOFF_GONE = () =>
  new AppError(
    'DESK_HANDOFF_INVALID',
    '이 QR 코드는 이미 쓰였거나 10분이 지나 열 수 없어요. 접수대에 새 QR 코드를 부탁하시거나, 이 화면에서 바로 가입을 시작하실 수 있어요.',
  );

/** Opens the QR code on her phone: spends the token (once, before it expires) and answers the walk's grant. */
export async function openHandoff(ctx: AppContext, token: string): Promise<DeskHandoffAnswer> {
  const now = ctx.clock.now();
  const grant = secret();
  const grantExpiresAt = new Date(now.getTime() + DESK_GRANT_TTL_SECONDS * 1000);
  // One statement spends it: two phones scanning the same code at once get it once between them.
  const opened = await subscriptionsDb(ctx.db)
    .updateTable('deskHandoff')
    .set({ openedAt: now, grantHash: grantHash(ctx, grant), grantExpiresAt })
    .where('tokenHash', '=', tokenHash(ctx, token))
    .where('openedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['hospitalCd'])
    .executeTakeFirst();
  if (!opened) throw HANDOFF_GONE();
  const [hospital] = await hospitalsByCode(ctx.db, [opened.hospitalCd]);
  return {
    hospitalCd: opened.hospitalCd,
    hospitalNm: hospital?.hospitalNm ?? '',
    deskGrant: grant,
    expiresAt: grantExpiresAt.toISOString(),
  };
}

const GRANT_REFUSED = (message: string) => invalid([{ field: 'deskGrant', message }], 'DESK_GRANT_INVALID');

/**
 * The handoff a subscription's deskGrant names, checked before anything is written: opened, not used, not expired,
 * and for one of the hospitals she subscribes to. Refused as 400 naming deskGrant.
 */
export async function grantedHandoff(ctx: AppContext, grant: string, hospitalCds: string[]) {
  const now = ctx.clock.now();
  const row = await subscriptionsDb(ctx.db)
    .selectFrom('deskHandoff')
    .select(['handoffId', 'hospitalCd', 'operatorLoginId', 'grantExpiresAt', 'enrolledAt'])
    .where('grantHash', '=', grantHash(ctx, grant))
    .executeTakeFirst();
  if (!row || row.enrolledAt || !row.grantExpiresAt || row.grantExpiresAt <= now) {
    throw GRANT_REFUSED(
      '접수대에서 받은 연결이 끝났어요(2시간이 지났거나 이미 가입에 쓰였어요). 접수대에 새 QR 코드를 부탁해 주세요.',
    );
  }
  if (!hospitalCds.includes(row.hospitalCd)) {
    throw GRANT_REFUSED('접수대의 병원이 가입하는 병원에 없어요. 접수대의 병원을 골라 주세요.');
  }
  return { handoffId: row.handoffId, hospitalCd: row.hospitalCd, operatorLoginId: row.operatorLoginId };
}

/** Marks the handoff used by this subscription, in its transaction; false when a concurrent one used it first. */
export async function spendGrant(handle: Handle, handoffId: string, insuApplyId: string, now: Date) {
  const r = await subscriptionsDb(handle)
    .updateTable('deskHandoff')
    .set({ enrolledAt: now, insuApplyId })
    .where('handoffId', '=', handoffId)
    .where('enrolledAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface Helper {
  helperRel: HelperRel;
  staffLoginId?: string;
  hospitalNm?: string;
}

/** Who helped, from a subscription's row: the relation, and for a desk handoff its staff account and hospital. */
export async function helperOf(
  ctx: AppContext,
  row: { helperRel: HelperRel | null; deskHandoffId: string | null },
): Promise<Helper | undefined> {
  if (!row.helperRel) return undefined;
  if (!row.deskHandoffId) return { helperRel: row.helperRel };
  const desk = await subscriptionsDb(ctx.db)
    .selectFrom('deskHandoff')
    .select(['hospitalCd', 'operatorLoginId'])
    .where('handoffId', '=', row.deskHandoffId)
    .executeTakeFirst();
  if (!desk) return { helperRel: row.helperRel };
  const [hospital] = await hospitalsByCode(ctx.db, [desk.hospitalCd]);
  return { helperRel: row.helperRel, staffLoginId: desk.operatorLoginId, hospitalNm: hospital?.hospitalNm ?? '' };
}

/** As printed and shown: "자녀", "한빛정형외과의원 직원 계정 desk01". */
export const helperText = (h: Helper | undefined) => (h ? helpedByText(h) : undefined);

/** A handoff no subscription names is kept a day past its last expiry (docs/operations.md §9), for the clerk's list. */
export const DESK_HANDOFF_KEEP_MS = 24 * 3600_000;

/** Deletes the handoffs past that day that no subscription came through (migration 0076's indexes); answers how many. */
export async function purgeSpentHandoffs(handle: Handle, now: Date, opts?: PurgeOptions) {
  const cutoff = new Date(now.getTime() - DESK_HANDOFF_KEEP_MS);
  const due = sql`coalesce(grant_expires_at, expires_at) < ${cutoff}
    and not exists (select 1 from subscription s where s.desk_handoff_id = desk_handoff.handoff_id)`;
  return (await purgeInBatches(subscriptionsDb(handle), 'deskHandoff', due, opts)).deleted;
}
