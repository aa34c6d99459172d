// A hospital's feed alerts (README "Hospital users"): on a weekday, a feed that normally runs (records on the same
// weekday each of the 4 weeks before) and has brought nothing since 11:00 KST is quiet by noon; a day whose refused
// bundles are more than 20 % of its bundles, and at least 10, has a refusal spike. The hospital's contact is told by
// 알림톡 (SMS when KakaoTalk cannot deliver: the notification provider), once a day each kind; the operators' banner
// names the hospital too (dashboard alerts). Checked every quarter hour of the minute tick, so within an hour.
// Public holidays are not known to the product: a quiet holiday weekday alerts too.
import { KST_OFFSET_MS, kstToday } from '@auto-claim/contract';
import { HOSPITAL_ALERT_NM, type HospitalAlertKind } from '@auto-claim/contract/ops';
import type { AppContext } from '../../context.js';
import type { Handle } from '../../db/handle.js';
import { OPS_ROOT } from '../../http/spa.js';
import type { JobModule } from '../../jobs/runtime.js';
import { dbOutbox } from '../../providers/outbox.js';
import { daysWithRecords, feedSince } from '../claims/index.js';
import { refusalCount } from '../intake/index.js';
import { hospitalsByCode } from '../reference/index.js';
import { hospitalsDb } from './tables.js';

export const FEED_ALERT = {
  /** KST hour from which a working day's feed is expected to have sent something. */
  quietSinceHour: 11,
  /** The weeks before whose same weekday must each have had records. */
  weeksBefore: 4,
  spikeShare: 0.2,
  spikeAtLeast: 10,
  /** Minutes between checks (the minute tick runs them when the KST minute is a multiple). */
  everyMinutes: 15,
} as const;

/** Midnight KST of the Korean day `now` falls on, and that day's weekday (0 Sunday). */
function kstDay(now: Date) {
  const shifted = now.getTime() + KST_OFFSET_MS;
  const midnight = new Date(shifted - (shifted % 86_400_000) - KST_OFFSET_MS);
  return { midnight, weekday: new Date(shifted).getUTCDay(), hour: new Date(shifted).getUTCHours() };
}

/** What is wrong with one hospital's feed now, if anything. */
export async function feedAlertsOf(handle: Handle, hospitalCd: string, now: Date): Promise<HospitalAlertKind[]> {
  const { midnight, weekday, hour } = kstDay(now);
  const found: HospitalAlertKind[] = [];
  const today = await feedSince(handle, hospitalCd, midnight);
  const refused =
    (await refusalCount(handle, hospitalCd, { from: midnight, to: new Date(now.getTime() + 1) })) + today.rejected;
  const bundles = today.records + refused;
  if (refused >= FEED_ALERT.spikeAtLeast && refused > FEED_ALERT.spikeShare * bundles) found.push('refusal_spike');
  // An hour of silence after 11:00 on a weekday whose feed runs every week.
  if (weekday >= 1 && weekday <= 5 && hour >= FEED_ALERT.quietSinceHour + 1) {
    const since = new Date(midnight.getTime() + FEED_ALERT.quietSinceHour * 3_600_000);
    const days = Array.from({ length: FEED_ALERT.weeksBefore }, (_, i) =>
      kstToday(new Date(midnight.getTime() - (i + 1) * 7 * 86_400_000 + 3_600_000)),
    );
    const [recent, usual] = await Promise.all([
      feedSince(handle, hospitalCd, since),
      daysWithRecords(handle, hospitalCd, days),
    ]);
    if (recent.records === 0 && recent.rejected === 0 && usual.size === days.length) found.push('feed_quiet');
  }
  return found;
}

const TEXT: Record<HospitalAlertKind, (name: string) => string> = {
  feed_quiet: (name) =>
    `${name}의 진료 기록이 오늘 ${FEED_ALERT.quietSinceHour}시 이후 한 건도 오지 않았어요. 지난 ` +
    `${FEED_ALERT.weeksBefore}주 같은 요일에는 왔어요. 전송 프로그램(EMR 연동)이 멈추지 않았는지 확인해 주세요.`,
  refusal_spike: (name) =>
    `${name}에서 오늘 보낸 번들 중 거절된 것이 ${Math.round(FEED_ALERT.spikeShare * 100)}%를 넘었어요. ` +
    '아래 버튼에서 거절 사유(항목 경로)를 확인해 주세요.',
};

/**
 * Checks every hospital that has a contact and tells it of each kind once a day: the alert's row (its key is the
 * hospital, day and kind) is written in the transaction that sends, so a second check the same day sends nothing.
 */
export async function checkHospitalFeeds(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const day = kstToday(now);
  const db = hospitalsDb(ctx.db);
  const contacts = await db.selectFrom('hospitalContact').select(['hospitalCd', 'phoneEnc']).execute();
  let sent = 0;
  for (const c of contacts) {
    const kinds = await feedAlertsOf(ctx.db, c.hospitalCd, now);
    if (kinds.length === 0) continue;
    const [hospital] = await hospitalsByCode(ctx.db, [c.hospitalCd]);
    const name = hospital?.hospitalNm ?? c.hospitalCd;
    for (const kind of kinds) {
      await db.transaction().execute(async (tx) => {
        const taken = await tx
          .insertInto('hospitalAlert')
          .values({ hospitalCd: c.hospitalCd, day, kind, sentAt: now })
          .onConflict((oc) => oc.columns(['hospitalCd', 'day', 'kind']).doNothing())
          .returning('kind')
          .executeTakeFirst();
        if (!taken) return;
        await ctx.providers.notification.send(
          [
            {
              to: ctx.crypto.decrypt(c.phoneEnc),
              template: kind === 'feed_quiet' ? 'HOSPITAL_FEED_QUIET' : 'HOSPITAL_REFUSAL_SPIKE',
              text: TEXT[kind](name),
              sms: `${name}: ${HOSPITAL_ALERT_NM[kind]}.`,
              linkPath: `${OPS_ROOT}/my-hospital`,
              kakao: true,
            },
          ],
          dbOutbox(tx, () => ctx.clock.now()),
        );
        sent += 1;
      });
    }
  }
  return sent;
}

/** The alerts sent on a Korean day, for the operators' banner. */
export async function hospitalAlertsOn(handle: Handle, day: string) {
  const rows = await hospitalsDb(handle)
    .selectFrom('hospitalAlert')
    .select(['hospitalCd', 'kind', 'sentAt'])
    .where('day', '=', day)
    .orderBy('sentAt')
    .limit(50)
    .execute();
  const names = new Map(
    (await hospitalsByCode(handle, [...new Set(rows.map((r) => r.hospitalCd))])).map((h) => [
      h.hospitalCd,
      h.hospitalNm,
    ]),
  );
  return rows.map((r) => ({
    hospitalCd: r.hospitalCd,
    hospitalNm: names.get(r.hospitalCd) ?? r.hospitalCd,
    kind: r.kind,
  }));
}

export const hospitalJobs = (ctx: AppContext): JobModule => ({
  async everyMinute() {
    const minute = new Date(ctx.clock.now().getTime()).getUTCMinutes();
    if (minute % FEED_ALERT.everyMinutes === 0) await checkHospitalFeeds(ctx);
  },
});
