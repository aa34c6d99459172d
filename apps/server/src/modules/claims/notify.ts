// Telling the patient (README, "Patient messages"), with a link to the history (one device, 72 hours:
// security/linkToken.ts):
// - one message per record that was claimed or fell below the minimum;
// - one message per insurer answer that changed her claim (received, documents requested, paid with the amount,
//   rejected with the reason), at most once: answers.ts writes its answer_notice row with the answer, and the row
//   says it was sent in the transaction that sends it. Only 08:00–21:00 KST: a night answer waits (due_at) and the
//   minute tick queues it once due.
// Her optional 알림톡 consent (SUBS_KAKAO_NOTI, the spec's kakaoNotiCheck) decides the channel: 알림톡 with SMS/LMS
// fallback, or SMS/LMS only. pg-boss carries the jobs (claims.notify) and retries them; one that fails every retry is
// a dead letter (jobs.ts, failedNotifications).
import type PgBoss from 'pg-boss';
import {
  REASON_BY_NM,
  REASON_BY_WHO_NM,
  REQUESTED_DOCUMENT_NM,
  childPossessive,
  patientLinkPath,
  phoneNumberNm,
  requestedDocumentsOf,
  type InsurerAnswer,
  type ReasonBy,
} from '@auto-claim/contract';
import {
  ANSWER_DOCUMENTS_ANY_SMS,
  ANSWER_DOCUMENTS_SMS,
  ANSWER_PAID_SMS,
  ANSWER_RECEIVED_SMS,
  ANSWER_REJECTED_SMS,
  ANSWER_VISIT_SMS,
  BELOW_MIN_SMS,
  CHILD_ANSWER_VISIT_SMS,
  CHILD_VISIT_SMS,
  CLAIMED_SMS,
  HELD_ASK_SMS,
  HELD_LAPSED_SMS,
  VISIT_SMS,
  dayIn,
  foreignLang,
  messageIn,
  wonIn,
} from '@auto-claim/contract/i18n';
import type { AppContext } from '../../context.js';
import { bossDb } from '../../jobs/runtime.js';
import { messageSafe } from '../../providers/notification/free-text.js';
import type { PatientTemplate } from '../../providers/notification/types.js';
import { dbOutbox } from '../../providers/outbox.js';
import { signLinkTokens } from '../../security/linkToken.js';
import { faxNumbers, hospitalsByCode, insurersByCode } from '../reference/index.js';
import { contactsOf } from '../subscriptions/index.js';
import { QUEUES } from './jobs.js';
import { adviseUncovered, generationsOf } from './uncovered.js';
import { lapseHeldDecisions } from './held.js';
import { claimsTransaction, type ClaimsDb } from './tables.js';

const WON = new Intl.NumberFormat('ko-KR');

const dayOf = (yyyymmdd: string) => `${Number(yyyymmdd.slice(4, 6))}월 ${Number(yyyymmdd.slice(6, 8))}일`;
/** Whether a phrase ends in a vowel (its last syllable without a final consonant; a trailing "(…)" is skipped). */
const endsInVowel = (phrase: string) => {
  const code =
    (
      phrase
        .replace(/\([^()]*\)$/, '')
        .trim()
        .at(-1) ?? ''
    ).charCodeAt(0) - 0xac00;
  return code >= 0 && code <= 11171 && code % 28 === 0;
};
const objectOf = (phrase: string) => (endsInVowel(phrase) ? '를' : '을');
const topicOf = (phrase: string) => (endsInVowel(phrase) ? '는' : '은');

// The reader's language when it is not Korean: hers, or for a child's messages her guardian's (the child's
// subscription keeps the language of the guardian who enrolled her, and her messages go to the guardian's phone).
const foreign = foreignLang;

/** One record's or one day's records' message: the 알림톡 text and the SMS sentence. */
export function recordText(g: {
  outcome: 'claimed' | 'below_min';
  visitDate: string;
  visits: { hospitalNm: string; totalPaid: number }[];
  /** A child's: her possessive (지민이의), and her name (said in another language). */
  child?: string | undefined;
  childNm?: string | undefined;
  /** The reader's language (hers, or her guardian's for a child's): the SMS form in it. */
  lang?: string | undefined;
}): { text: string; sms: string } {
  const korean = koreanRecordText(g);
  const lang = foreign(g.lang);
  if (!lang) return korean;
  const values = {
    hospital: [...new Set(g.visits.map((v) => v.hospitalNm))].join(', '),
    date: dayIn(lang, g.visitDate),
    count: g.visits.length,
    paid: wonIn(
      lang,
      g.visits.reduce((s, v) => s + v.totalPaid, 0),
    ),
  };
  const visit =
    g.child && g.childNm
      ? messageIn(lang, CHILD_VISIT_SMS, { ...values, child: g.childNm })
      : messageIn(lang, VISIT_SMS, values);
  return {
    text: korean.text,
    sms: messageIn(lang, g.outcome === 'claimed' ? CLAIMED_SMS : BELOW_MIN_SMS, { visit, visitJosa: '' }),
  };
}

function koreanRecordText(g: {
  outcome: 'claimed' | 'below_min';
  visitDate: string;
  visits: { hospitalNm: string; totalPaid: number }[];
  child?: string | undefined;
}): { text: string; sms: string } {
  const date = dayOf(g.visitDate);
  const paid = `${WON.format(g.visits.reduce((s, v) => s + v.totalPaid, 0))}원`;
  const hospitals = [...new Set(g.visits.map((v) => v.hospitalNm))].join(', ');
  const n = g.visits.length;
  // What was claimed: one visit, or the day's visits in one message (README "Patient messages").
  const what =
    n === 1
      ? `${hospitals}에서 ${date}에 받은 진료(${paid})`
      : `${date}에 받은 진료 ${n}건(${hospitals}, 모두 ${paid})`;
  const smsWhat =
    n === 1 ? `${hospitals}에서 ${date} 받은 진료(${paid})` : `${hospitals}에서 ${date} 받은 진료 ${n}건(${paid})`;
  if (g.child) {
    // To her guardian, beginning with her ("지민이의 진료비를 …").
    const fee = `${g.child} ${hospitals} ${date} 진료비${n === 1 ? '' : ` ${n}건`}(${paid})`;
    const visits = n === 1 ? `${what}예요` : `${what}이에요`;
    return g.outcome === 'claimed'
      ? {
          text: `${g.child} 진료비를 보험사에 자동으로 청구할게요. ${visits}. 진행 상황은 아래 버튼에서 볼 수 있어요.`,
          sms: `${fee}${objectOf(fee)} 보험사에 자동으로 청구할게요.`,
        }
      : {
          text: `${g.child} 진료비(${hospitals}, ${date}, ${paid})는 설정한 최소 금액보다 적어 자동으로 청구하지 않았어요. 아래 버튼에서 직접 청구할 수 있어요.`,
          sms: `${fee}${topicOf(fee)} 설정한 최소 금액보다 적어 자동으로 청구하지 않았어요.`,
        };
  }
  if (g.outcome === 'claimed') {
    return {
      text: `${what}${objectOf(what)} 보험사에 자동으로 청구할게요. 진행 상황은 아래 버튼에서 볼 수 있어요.`,
      sms: `${smsWhat}${objectOf(smsWhat)} 보험사에 자동으로 청구할게요.`,
    };
  }
  return {
    text: `${what}${topicOf(what)} 설정한 최소 금액보다 적어 자동으로 청구하지 않았어요. 아래 버튼에서 직접 청구할 수 있어요.`,
    sms: `${smsWhat}${topicOf(smsWhat)} 설정한 최소 금액보다 적어 자동으로 청구하지 않았어요.`,
  };
}

/**
 * The one question about a visit her rule held (README "Her rules for what is sent"): what it is, its 비급여, the two
 * figures she decides by when her policy's rule is why she is asked, and until when it waits; or, that day passed
 * unanswered, that nothing was sent.
 */
export function heldText(g: {
  outcome: 'awaiting_decision' | 'decision_lapsed';
  visitDate: string;
  hospitalNm: string;
  uncovered: number;
  expectedPayout: number;
  premiumEffect: number;
  answerBy: Date | null;
  child?: string | undefined;
  childNm?: string | undefined;
  /** The reader's language (hers, or her guardian's for a child's): the SMS form in it. */
  lang?: string | undefined;
}): { text: string; sms: string } {
  const korean = koreanHeldText(g);
  const lang = foreign(g.lang);
  if (!lang) return korean;
  const values = { hospital: g.hospitalNm, date: dayIn(lang, g.visitDate) };
  const visit =
    g.child && g.childNm
      ? messageIn(lang, CHILD_ANSWER_VISIT_SMS, { ...values, child: g.childNm })
      : messageIn(lang, ANSWER_VISIT_SMS, values);
  return {
    text: korean.text,
    sms:
      g.outcome === 'decision_lapsed'
        ? messageIn(lang, HELD_LAPSED_SMS, { visit, visitJosa: '' })
        : messageIn(lang, HELD_ASK_SMS, { visit, uncovered: wonIn(lang, g.uncovered) }),
  };
}

function koreanHeldText(g: Parameters<typeof heldText>[0]): { text: string; sms: string } {
  const visit = `${g.child ? `${g.child} ` : ''}${g.hospitalNm} ${dayOf(g.visitDate)} 진료`;
  if (g.outcome === 'decision_lapsed') {
    return {
      text: `${visit}는 30일 동안 답이 없어서 보험사에 보내지 않았어요. 보내고 싶으면 아래 버튼에서 직접 청구할 수 있어요.`,
      sms: `${visit}는 30일 동안 답이 없어서 보험사에 보내지 않았어요.`,
    };
  }
  const by = g.answerBy ? dayOf(kstDay(g.answerBy)) : '30일 뒤';
  const figures =
    g.premiumEffect > 0
      ? `비급여를 청구하면 약 ${WON.format(g.expectedPayout)}원을 받지만, 내년 보험료가 약 ${WON.format(g.premiumEffect)}원 오를 수 있어요. `
      : '';
  return {
    text:
      `${visit}에 비급여 ${WON.format(g.uncovered)}원이 있어서 보내기 전에 여쭤봐요. ${figures}` +
      `보낼지 아래 버튼에서 골라 주세요. ${by}까지 답이 없으면 보내지 않을게요.`,
    sms: `${visit}에 비급여 ${WON.format(g.uncovered)}원이 있어요. 보험사에 보낼지 골라 주세요.`,
  };
}

/** The Korean calendar day (YYYYMMDD) of an instant. */
const kstDay = (at: Date) => {
  const k = new Date(at.getTime() + 9 * 3_600_000);
  return `${k.getUTCFullYear()}${String(k.getUTCMonth() + 1).padStart(2, '0')}${String(k.getUTCDate()).padStart(2, '0')}`;
};

/**
 * The messages of a batch of records, in one transaction (the link's token exists only if the message does): one per
 * person, visit day and outcome, so several visits of one day go in one message (its link opens the first).
 */
export async function notifyRecords(ctx: AppContext, recordIds: number[]) {
  if (recordIds.length === 0) return;
  await claimsTransaction(ctx).execute(async (tx) => {
    const rows = await tx
      .selectFrom('treatmentRecord')
      .select([
        'id',
        'outcome',
        'visitDate',
        'visitType',
        'coveredCopay',
        'uncovered',
        'totalPaid',
        'hospitalCd',
        'insuApplyId',
        'decisionDueAt',
      ])
      .where('id', 'in', recordIds)
      .orderBy('id')
      .execute();
    const contacts = await contactsOf(ctx, tx, [
      ...new Set(rows.flatMap((r) => (r.insuApplyId ? [r.insuApplyId] : []))),
    ]);
    const names = new Map(
      (await hospitalsByCode(tx, [...new Set(rows.map((r) => r.hospitalCd))])).map((h) => [h.hospitalCd, h.hospitalNm]),
    );
    // A held visit's question (or its lapse) is its own message: one question, one tap.
    const held = rows.flatMap((r) => {
      const contact = r.insuApplyId ? contacts.get(r.insuApplyId) : undefined;
      return (r.outcome === 'awaiting_decision' || r.outcome === 'decision_lapsed') && contact && r.insuApplyId
        ? [{ ...r, outcome: r.outcome, insuApplyId: r.insuApplyId, contact }]
        : [];
    });
    if (held.length) {
      const generations = await generationsOf(tx, [...new Set(held.map((r) => r.insuApplyId))]);
      const heldTokens = await signLinkTokens(
        ctx,
        held.map((r) => ({
          purpose: 'treat' as const,
          ciHmac: r.contact.ciHmac,
          insuApplyId: r.insuApplyId,
          recordId: r.id,
        })),
        tx,
      );
      await ctx.providers.notification.send(
        held.map((r, i) => {
          const advice = adviseUncovered({ generation: generations.get(r.insuApplyId) ?? null, ...r });
          const { text, sms } = heldText({
            outcome: r.outcome,
            visitDate: r.visitDate,
            hospitalNm: names.get(r.hospitalCd) ?? '병원',
            uncovered: r.uncovered,
            expectedPayout: advice.expectedPayout,
            premiumEffect: advice.premiumEffect,
            answerBy: r.decisionDueAt,
            child: r.contact.childNm ? childPossessive(r.contact.childNm) : undefined,
            childNm: r.contact.childNm,
            lang: r.contact.lang,
          });
          return {
            to: r.contact.userTel,
            template: r.outcome === 'awaiting_decision' ? 'AUTO_CLAIM_ASK_UNCOVERED' : 'AUTO_CLAIM_ASK_LAPSED',
            text,
            sms,
            linkPath: patientLinkPath('treat', heldTokens[i]!),
            kakao: r.contact.kakao,
          };
        }),
        dbOutbox(tx, () => ctx.clock.now()),
      );
    }
    const groups = new Map<
      string,
      {
        recordId: number;
        insuApplyId: string;
        outcome: 'claimed' | 'below_min';
        visitDate: string;
        contact: NonNullable<ReturnType<typeof contacts.get>>;
        visits: { hospitalNm: string; totalPaid: number }[];
      }
    >();
    for (const r of rows) {
      if (r.outcome !== 'claimed' && r.outcome !== 'below_min') continue;
      const contact = r.insuApplyId ? contacts.get(r.insuApplyId) : undefined;
      if (!contact || !r.insuApplyId) continue;
      const key = `${r.insuApplyId}|${r.visitDate}|${r.outcome}`;
      const visit = { hospitalNm: names.get(r.hospitalCd) ?? '', totalPaid: r.totalPaid };
      const g = groups.get(key);
      if (g) g.visits.push(visit);
      else {
        groups.set(key, {
          recordId: r.id,
          insuApplyId: r.insuApplyId,
          outcome: r.outcome,
          visitDate: r.visitDate,
          contact,
          visits: [visit],
        });
      }
    }
    const due = [...groups.values()];
    const tokens = await signLinkTokens(
      ctx,
      due.map((g) => ({
        purpose: 'treat' as const,
        ciHmac: g.contact.ciHmac,
        insuApplyId: g.insuApplyId,
        recordId: g.recordId,
      })),
      tx,
    );
    await ctx.providers.notification.send(
      due.map((g, i) => {
        // A child's go to her guardian's phone and name her (README "Children: a guardian claims for a child").
        const child = g.contact.childNm ? childPossessive(g.contact.childNm) : undefined;
        const { text, sms } = recordText({
          outcome: g.outcome,
          visitDate: g.visitDate,
          visits: g.visits,
          child,
          childNm: g.contact.childNm,
          lang: g.contact.lang,
        });
        return {
          to: g.contact.userTel,
          template: child
            ? g.outcome === 'claimed'
              ? 'AUTO_CLAIM_CHILD_SENT'
              : 'AUTO_CLAIM_CHILD_BELOW_MIN'
            : g.outcome === 'claimed'
              ? 'AUTO_CLAIM_SENT'
              : 'AUTO_CLAIM_BELOW_MIN',
          text,
          sms,
          linkPath: patientLinkPath('treat', tokens[i]!),
          kakao: g.contact.kakao,
        };
      }),
      dbOutbox(tx, () => ctx.clock.now()),
    );
  });
}

/** Hours (KST) patients' answer messages go out by default: from 08:00, until 21:00 (NOTICE_HOURS_KST). */
export const NOTICE_HOURS_KST = { from: 8, until: 21 } as const;

/** When a message made at `now` may go: now within the hours (KST), else the next `from` o'clock KST. */
export function sendableAt(now: Date, hours: { from: number; until: number } = NOTICE_HOURS_KST): Date {
  const kst = new Date(now.getTime() + 9 * 3_600_000);
  const h = kst.getUTCHours();
  if (h >= hours.from && h < hours.until) return now;
  // 08:00 KST is 23:00 UTC the day before: Date.UTC takes the hour -1 as that.
  const day = kst.getUTCDate() + (h >= hours.until ? 1 : 0);
  return new Date(Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth(), day, hours.from - 9));
}

/** The notify job of an answer's message; recordId is its claim's record (the dead letters show it). */
export interface NotifyJob {
  recordId: number;
  answerId?: number;
}

/**
 * In the answer's transaction: the message's row (its unique key), and its job at once when it is daytime and the jobs
 * runtime runs (otherwise the minute tick queues it).
 */
export async function noteAnswer(
  ctx: AppContext,
  tx: ClaimsDb,
  a: { insurerAnswerId: number; claimId: number; recordId: number; reason: string | null },
  now: Date,
) {
  // One message per claim an hour: an answer within the hour of her last message about this claim waits for it
  // (then goes with whatever came meanwhile: notifyAnswers tells the newest).
  const lastSent = await tx
    .selectFrom('answerNotice')
    .select((eb) => eb.fn.max('sentAt').as('at'))
    .where('claimId', '=', a.claimId)
    .where('channel', 'in', ['kakao', 'sms'])
    .executeTakeFirst();
  const held = lastSent?.at ? new Date(new Date(lastSent.at).getTime() + ANSWER_COALESCE_MS) : now;
  const dueAt = sendableAt(held.getTime() > now.getTime() ? held : now, ctx.config.noticeHours);
  const queued =
    dueAt.getTime() <= now.getTime() &&
    (await ctx.jobs.send(QUEUES.notify, { recordId: a.recordId, answerId: a.insurerAnswerId } satisfies NotifyJob, {
      db: tx,
    }));
  await tx
    .insertInto('answerNotice')
    .values({
      insurerAnswerId: a.insurerAnswerId,
      claimId: a.claimId,
      reason: a.reason,
      dueAt,
      queuedAt: queued ? now : null,
    })
    .onConflict((oc) => oc.column('insurerAnswerId').doNothing())
    .execute();
}

/** Records' messages that wait for the hours (`dueAt`, the next opening): the minute tick queues them then. */
export async function deferRecordNotices(tx: ClaimsDb, recordIds: number[], dueAt: Date) {
  if (recordIds.length === 0) return;
  await tx
    .insertInto('recordNotice')
    .values(recordIds.map((recordId) => ({ recordId, dueAt, queuedAt: null })))
    .onConflict((oc) => oc.column('recordId').doUpdateSet({ dueAt, queuedAt: null }))
    .execute();
}

/**
 * The minute tick's part for held visits unanswered by their day (held.ts, lapseHeldDecisions): given up unsent, and
 * each one's message ("30일 동안 답이 없어서 보내지 않았어요") left for queueDueRecords at the hours' next opening, in
 * the same transaction. Answers how many.
 */
export async function lapseDecisions(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  return claimsTransaction(ctx).execute(async (tx) => {
    const ids = await lapseHeldDecisions(tx, now);
    await deferRecordNotices(tx, ids, sendableAt(now, ctx.config.noticeHours));
    return ids.length;
  });
}

/**
 * The minute tick's part for records: the jobs of the records' messages that waited for the morning, in one insert
 * (the worker fetches them together, so the visits of one day go in one message: notifyRecords).
 */
export async function queueDueRecords(ctx: AppContext, boss: PgBoss | undefined, limit = 500): Promise<number> {
  if (!boss) return 0;
  const now = ctx.clock.now();
  return claimsTransaction(ctx).execute(async (tx) => {
    const due = await tx
      .selectFrom('recordNotice')
      .select('recordId')
      .where('queuedAt', 'is', null)
      .where('dueAt', '<=', now)
      .orderBy('dueAt')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return 0;
    await boss.insert(
      due.map((d) => ({ name: QUEUES.notify, data: { recordId: d.recordId } satisfies NotifyJob })),
      { db: bossDb(tx) },
    );
    await tx
      .deleteFrom('recordNotice')
      .where(
        'recordId',
        'in',
        due.map((d) => d.recordId),
      )
      .execute();
    return due.length;
  });
}

/** The minute tick's part: jobs for the messages that waited (quiet hours, or no jobs runtime yet) and are due. */
export async function queueDueAnswers(ctx: AppContext, boss: PgBoss | undefined, limit = 500): Promise<number> {
  if (!boss) return 0;
  const now = ctx.clock.now();
  return claimsTransaction(ctx).execute(async (tx) => {
    const due = await tx
      .selectFrom('answerNotice as n')
      .innerJoin('claim as c', 'c.id', 'n.claimId')
      .select(['n.insurerAnswerId', 'c.recordId'])
      .where('n.queuedAt', 'is', null)
      .where('n.dueAt', '<=', now)
      .orderBy('n.dueAt')
      .limit(limit)
      .forUpdate('n')
      .skipLocked()
      .execute();
    if (due.length === 0) return 0;
    await boss.insert(
      due.map((d) => ({
        name: QUEUES.notify,
        data: { recordId: d.recordId, answerId: d.insurerAnswerId } satisfies NotifyJob,
      })),
      { db: bossDb(tx) },
    );
    await tx
      .updateTable('answerNotice')
      .set({ queuedAt: now })
      .where(
        'insurerAnswerId',
        'in',
        due.map((d) => d.insurerAnswerId),
      )
      .execute();
    return due.length;
  });
}

const TEMPLATE_OF: Record<InsurerAnswer, PatientTemplate> = {
  received: 'AUTO_CLAIM_ANSWER_RECEIVED',
  documents_requested: 'AUTO_CLAIM_ANSWER_DOCUMENTS',
  paid: 'AUTO_CLAIM_ANSWER_PAID',
  rejected: 'AUTO_CLAIM_ANSWER_REJECTED',
};
/** The same, for a child's claim: to her guardian, naming her. */
const CHILD_TEMPLATE_OF: Record<InsurerAnswer, PatientTemplate> = {
  received: 'AUTO_CLAIM_CHILD_ANSWER_RECEIVED',
  documents_requested: 'AUTO_CLAIM_CHILD_ANSWER_DOCUMENTS',
  paid: 'AUTO_CLAIM_CHILD_ANSWER_PAID',
  rejected: 'AUTO_CLAIM_CHILD_ANSWER_REJECTED',
};

export interface AnswerFacts {
  answer: string;
  insurerNm: string;
  hospitalNm: string;
  visitDate: string;
  amount: number;
  paidAmount: number | null;
  /** As recorded (a rejection's words; for papers, answers.ts's "진단서, … · <the insurer's words>"). */
  reason: string | null;
  reasonBy?: ReasonBy | undefined;
  /** A child's claim: her name (the message goes to her guardian and names her). */
  childNm?: string | undefined;
  /** The claim number the insurer's fax must carry; the insurer's claim fax and customer centre, when known. */
  claimId?: number | undefined;
  faxNo?: string | undefined;
  callCenter?: string | undefined;
  /** The reader's language (hers, or her guardian's for a child's claim): the SMS form in it. */
  lang?: string | undefined;
}

/** An answer's SMS form in her language (the 알림톡 text stays the Korean template's: it is not sent to her). */
function answerSmsIn(lang: string, a: AnswerFacts): string {
  const values = { hospital: a.hospitalNm, date: dayIn(lang, a.visitDate) };
  const visit = a.childNm
    ? messageIn(lang, CHILD_ANSWER_VISIT_SMS, { ...values, child: a.childNm })
    : messageIn(lang, ANSWER_VISIT_SMS, values);
  const insurer = a.insurerNm;
  switch (a.answer) {
    case 'paid':
      return messageIn(lang, ANSWER_PAID_SMS, { visit, insurer, amount: wonIn(lang, a.paidAmount ?? 0) });
    case 'rejected':
      return messageIn(lang, ANSWER_REJECTED_SMS, { visit, insurer });
    case 'documents_requested': {
      // The papers keep their Korean names: she asks the hospital for them by these.
      const names = requestedDocumentsOf(a.reason)
        .documents.map((d) => REQUESTED_DOCUMENT_NM[d])
        .join(', ');
      return names
        ? messageIn(lang, ANSWER_DOCUMENTS_SMS, { visit, insurer, names })
        : messageIn(lang, ANSWER_DOCUMENTS_ANY_SMS, { visit, insurer });
    }
    default:
      return messageIn(lang, ANSWER_RECEIVED_SMS, { visit, insurer });
  }
}

/**
 * An answer's message: a fixed sentence per kind of answer (what happened, what comes next) and, for a rejection or
 * papers, the other party's words made safe (free-text.ts: one line, no link, no control or bidi character, at most
 * 80 characters), quoted and labelled with who wrote them. The SMS form is one sentence of ours only.
 */
export function answerMessage(a: AnswerFacts): { text: string; sms: string } {
  const korean = koreanAnswer(a);
  const lang = foreign(a.lang);
  return lang ? { text: korean.text, sms: answerSmsIn(lang, a) } : korean;
}

function koreanAnswer(a: AnswerFacts): { text: string; sms: string } {
  const day = dayOf(a.visitDate);
  const child = a.childNm ? `${childPossessive(a.childNm)} ` : '';
  const visit = `${child}${day} ${a.hospitalNm} 진료`;
  const smsVisit = `${a.hospitalNm}에서 ${day} 받은 ${child}진료`;
  const more = '자세한 내용은 아래 버튼에서 볼 수 있어요.';
  switch (a.answer) {
    case 'paid':
      return {
        text:
          `${a.insurerNm}에서 ${visit}의 보험금 ${WON.format(a.paidAmount ?? 0)}원을 지급하기로 했어요. ` +
          `보험금은 보험사가 가입할 때 등록한 계좌로 직접 보내요(보통 3영업일 안). ${more}`,
        sms: `${smsVisit}의 보험금 ${WON.format(a.paidAmount ?? 0)}원을 ${a.insurerNm}에서 지급하기로 했어요.`,
      };
    case 'rejected': {
      const words = messageSafe(a.reason);
      return {
        text:
          `${a.insurerNm}에서 ${visit} 청구(${WON.format(a.amount)}원)에 보험금을 지급하지 않기로 했어요. ` +
          (words ? `${REASON_BY_NM[a.reasonBy ?? 'insurer']}: "${words}" ` : '보험사가 사유를 알려 주지 않았어요. ') +
          `궁금한 점은 보험사 고객센터에 물어볼 수 있어요. ${more}`,
        sms: `${smsVisit}의 청구에 ${a.insurerNm}에서 보험금을 지급하지 않기로 했어요.`,
      };
    }
    case 'documents_requested': {
      const { documents, note } = requestedDocumentsOf(a.reason);
      const words = messageSafe(note);
      const names = documents.map((d) => REQUESTED_DOCUMENT_NM[d]).join(', ');
      const others = documents.filter((d) => d !== 'id_copy').map((d) => REQUESTED_DOCUMENT_NM[d]);
      const claimNo = a.claimId ? `청구번호 ${a.claimId}` : '';
      const how = [
        documents.includes('id_copy') ? '신분증 사본은 아래 버튼을 눌러 앱에서 올려 주세요.' : '',
        others.length
          ? a.faxNo
            ? `${others.join(', ')}${objectOf(others.at(-1)!)} 병원에서 발급받아 ${a.insurerNm} 팩스(${phoneNumberNm(a.faxNo)})로 보내 주세요.` +
              (a.claimId ? ` 첫 장에 청구번호(${a.claimId})를 꼭 적어 주세요.` : '')
            : `${others.join(', ')}${objectOf(others.at(-1)!)} 병원에서 발급받아 ${a.insurerNm} 고객센터${a.callCenter ? `(${a.callCenter})` : ''}에 보내는 곳을 물어보고 보내 주세요.` +
              (a.claimId ? ` 청구번호(${a.claimId})도 알려 주세요.` : '')
          : '',
        documents.length === 0 ? `무엇을 어떻게 보내면 되는지 ${a.insurerNm} 고객센터에 물어봐 주세요.` : '',
      ]
        .filter(Boolean)
        .join(' ');
      return {
        text:
          `${a.insurerNm}에서 ${visit} 청구${claimNo ? `(${claimNo})` : ''}를 심사하려면 서류가 더 필요하대요. ` +
          (names ? `필요한 서류: ${names}. ` : '') +
          `${how} ` +
          (words ? `${REASON_BY_WHO_NM.insurer} 내용: "${words}" ` : '') +
          more,
        sms: `${smsVisit}의 청구에 ${a.insurerNm}에서 ${names ? `서류(${names})를` : '서류를'} 더 요청했어요.`,
      };
    }
    default:
      return {
        text:
          `${a.insurerNm}에서 ${visit} 청구(${WON.format(a.amount)}원)를 접수했어요. ` +
          '심사가 끝나면 결과를 다시 알려 드릴게요. 진행 상황은 아래 버튼에서 볼 수 있어요.',
        sms: `${smsVisit}의 청구를 ${a.insurerNm}에서 접수했어요.`,
      };
  }
}

/** The 알림톡 text of an answer (answerMessage). */
export const answerText = (a: AnswerFacts) => answerMessage(a).text;

/** At most one message per claim in this long (README "Patient messages"): later answers wait and go as one. */
export const ANSWER_COALESCE_MS = 3_600_000;

/**
 * The messages of these answers, in one transaction: each row still unsent and due is sent and marked sent together,
 * so a retried job, a restart or a second job of the same answer sends nothing again. A row not yet due (its job came
 * early) goes back to the tick. Of one claim's due answers only the newest is told (the claim's state now); the older
 * ones, and a newest that says again what her last message said, are marked sent with channel 'none'.
 */
export async function notifyAnswers(ctx: AppContext, answerIds: number[]) {
  if (answerIds.length === 0) return;
  const now = ctx.clock.now();
  await claimsTransaction(ctx).execute(async (tx) => {
    const asked = await tx
      .selectFrom('answerNotice')
      .select('claimId')
      .where('insurerAnswerId', 'in', answerIds)
      .where('sentAt', 'is', null)
      .execute();
    const claimIds = [...new Set(asked.map((r) => r.claimId))];
    if (claimIds.length === 0) return;
    // Every unsent answer of these claims: a claim's answers go as one message.
    const rows = await tx
      .selectFrom('answerNotice as n')
      .innerJoin('insurerAnswer as a', 'a.id', 'n.insurerAnswerId')
      .innerJoin('claim as c', 'c.id', 'n.claimId')
      .select([
        'n.insurerAnswerId',
        'n.dueAt',
        'n.reason',
        'a.answer',
        'a.insuCompCd',
        'c.id as claimId',
        'c.recordId',
        'c.ciHmac',
        'c.insuApplyId',
        'c.hospitalCd',
        'c.visitDate',
        'c.amount',
        'c.paidAmount',
      ])
      .where('n.claimId', 'in', claimIds)
      .where('n.sentAt', 'is', null)
      .orderBy('n.insurerAnswerId')
      .forUpdate('n')
      .execute();
    const newest = new Map<number, (typeof rows)[number]>();
    for (const r of rows) newest.set(r.claimId, r);
    // A claim whose newest answer is not yet due waits whole (its job came early, or it is held to the hour).
    const early = [...newest.values()].filter((r) => new Date(r.dueAt).getTime() > now.getTime());
    const waiting = new Set(early.map((r) => r.claimId));
    if (early.length) {
      await tx
        .updateTable('answerNotice')
        .set({ queuedAt: null })
        .where(
          'insurerAnswerId',
          'in',
          early.map((r) => r.insurerAnswerId),
        )
        .execute();
    }
    const ready = [...newest.values()].filter((r) => !waiting.has(r.claimId));
    if (ready.length === 0) return;
    const superseded = rows.filter((r) => !waiting.has(r.claimId) && newest.get(r.claimId) !== r);
    // What her last message about each claim said: the same answer with the same words is not told twice.
    const last = await tx
      .selectFrom('answerNotice as n')
      .innerJoin('insurerAnswer as a', 'a.id', 'n.insurerAnswerId')
      .select(['n.claimId', 'a.answer', 'n.reason', 'n.sentAt'])
      .where(
        'n.claimId',
        'in',
        ready.map((r) => r.claimId),
      )
      .where('n.channel', 'in', ['kakao', 'sms'])
      .orderBy('n.sentAt', 'desc')
      .execute();
    const told = new Map<number, { answer: string; reason: string | null }>();
    for (const l of last) if (!told.has(l.claimId)) told.set(l.claimId, l);
    const repeats = ready.filter((r) => {
      const t = told.get(r.claimId);
      return t && t.answer === r.answer && t.reason === r.reason;
    });
    const toTell = ready.filter((r) => !repeats.includes(r));
    const contacts = await contactsOf(ctx, tx, [
      ...new Set(toTell.flatMap((r) => (r.insuApplyId ? [r.insuApplyId] : []))),
    ]);
    const hospitals = new Map(
      (await hospitalsByCode(tx, [...new Set(toTell.map((r) => r.hospitalCd))])).map((h) => [
        h.hospitalCd,
        h.hospitalNm,
      ]),
    );
    const insurerRows = await insurersByCode(tx, [...new Set(toTell.map((r) => r.insuCompCd))]);
    const insurers = new Map(insurerRows.map((i) => [i.insuCompCd, i]));
    const faxes = toTell.some((r) => r.answer === 'documents_requested')
      ? await faxNumbers(tx)
      : new Map<string, string>();
    const due = toTell.flatMap((r) => {
      const contact = r.insuApplyId ? contacts.get(r.insuApplyId) : undefined;
      return contact ? [{ ...r, contact }] : [];
    });
    const tokens = await signLinkTokens(
      ctx,
      due.map((r) => ({
        purpose: 'treat' as const,
        ciHmac: r.ciHmac,
        insuApplyId: r.insuApplyId,
        recordId: r.recordId,
      })),
      tx,
    );
    const sent = await ctx.providers.notification.send(
      due.map((r, i) => {
        const insurer = insurers.get(r.insuCompCd);
        const { text, sms } = answerMessage({
          answer: r.answer,
          insurerNm: insurer?.insuCompNm ?? r.insuCompCd,
          hospitalNm: hospitals.get(r.hospitalCd) ?? '병원',
          visitDate: r.visitDate,
          amount: r.amount,
          paidAmount: r.paidAmount,
          reason: r.reason,
          reasonBy: 'insurer',
          childNm: r.contact.childNm,
          claimId: r.claimId,
          faxNo: faxes.get(r.insuCompCd),
          callCenter: insurer?.callCenter ?? undefined,
          lang: r.contact.lang,
        });
        return {
          to: r.contact.userTel,
          template: r.contact.childNm
            ? (CHILD_TEMPLATE_OF[r.answer] ?? 'AUTO_CLAIM_CHILD_ANSWER_RECEIVED')
            : (TEMPLATE_OF[r.answer] ?? 'AUTO_CLAIM_ANSWER_RECEIVED'),
          text,
          sms,
          linkPath: patientLinkPath('treat', tokens[i]!),
          kakao: r.contact.kakao,
        };
      }),
      dbOutbox(tx, () => now),
    );
    const channelOf = new Map(due.map((r, i) => [r.insurerAnswerId, sent[i]?.channel ?? 'kakao']));
    for (const r of [...superseded, ...ready]) {
      await tx
        .updateTable('answerNotice')
        .set({ sentAt: now, channel: channelOf.get(r.insurerAnswerId) ?? 'none' })
        .where('insurerAnswerId', '=', r.insurerAnswerId)
        .execute();
    }
  });
}

/**
 * The notify jobs of one batch: records' and answers' messages each in their own transaction; a group that fails is
 * failed (pg-boss retries it, then keeps it as a dead letter) while the other completes.
 */
export async function notifyJobs(ctx: AppContext, boss: PgBoss, jobs: PgBoss.Job<NotifyJob>[]) {
  const groups = [
    {
      jobs: jobs.filter((j) => j.data.answerId === undefined),
      run: (js: PgBoss.Job<NotifyJob>[]) =>
        notifyRecords(
          ctx,
          js.map((j) => j.data.recordId),
        ),
    },
    {
      jobs: jobs.filter((j) => j.data.answerId !== undefined),
      run: (js: PgBoss.Job<NotifyJob>[]) =>
        notifyAnswers(
          ctx,
          js.map((j) => j.data.answerId!),
        ),
    },
  ];
  // A record's message outside the hours (a retry that came at night) waits for them as match.ts's do.
  const now = ctx.clock.now();
  const opens = sendableAt(now, ctx.config.noticeHours);
  if (opens.getTime() > now.getTime() && groups[0]!.jobs.length) {
    const later = groups[0]!.jobs;
    await claimsTransaction(ctx).execute((tx) =>
      deferRecordNotices(
        tx,
        later.map((j) => j.data.recordId),
        opens,
      ),
    );
    await boss.complete(
      QUEUES.notify,
      later.map((j) => j.id),
    );
    groups[0]!.jobs = [];
  }
  for (const g of groups) {
    if (g.jobs.length === 0) continue;
    const ids = g.jobs.map((j) => j.id);
    try {
      await g.run(g.jobs);
      await boss.complete(QUEUES.notify, ids);
    } catch (e) {
      // pg-boss retries them with backoff (jobs.ts, CLAIM_QUEUES: retryLimit 5); the error stays in the job's output.
      ctx.log.warn({ err: e, jobs: ids.length }, 'patient message batch failed; pg-boss retries it');
      const message = e instanceof Error ? e.message : String(e);
      for (const id of ids) await boss.fail(QUEUES.notify, id, { message });
    }
  }
}

export async function notifyQueued(ctx: AppContext, boss: PgBoss | undefined, limit = 200): Promise<number> {
  if (!boss) return 0;
  const jobs = await boss.fetch<NotifyJob>(QUEUES.notify, { batchSize: limit });
  if (!jobs?.length) return 0;
  await notifyJobs(ctx, boss, jobs);
  return jobs.length;
}
