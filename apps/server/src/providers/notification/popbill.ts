// 알림톡 with SMS/LMS fallback through Popbill's KakaoService (docs/providers/popbill.md): one POST /ATS per template
// in the batch, each message with its own text and its link button (WL, mobile and PC link the same), and
// altSendType 'A' so that Popbill sends the message's SMS form (smsBody: "[자동청구]", one sentence, the short link)
// as SMS/LMS (it picks SMS or LMS by length) from the registered sender number when KakaoTalk cannot deliver. A
// patient without the 알림톡 consent (`kakao: false`) gets that SMS form by MessageService's POST /XMS only (SMS or LMS by length; never KakaoTalk). Popbill answers a receipt number at once and learns the
// carrying channel per message later (GET /KakaoTalk/{receiptNum}), so send() answers what is known when it returns:
// 'kakao', the channel every message was sent by.
//
// The caller (modules/claims/notify.ts, modules/treats/requests.ts) treats a throw as "not sent": its transaction
// rolls back, taking the link tokens with it, and pg-boss tries the batch again. So nothing here carries a request
// number: a retry must send again, with the new link, even if Popbill had accepted the first try before its answer
// was lost (the patient may then get the message twice; never only a message whose link is dead).
import type { Checkable, ProviderCheck } from '../check.js';
import type { Outbox } from '../outbox.js';
import {
  checkAccount,
  checkSender,
  digits,
  failureDetail,
  POPBILL_SCOPES,
  type PopbillAccount,
  popbillClient,
  PopbillError,
  str,
} from '../popbill/client.js';
import {
  PATIENT_TEMPLATES,
  smsBody,
  type NotificationProvider,
  type PatientMessage,
  type PatientTemplate,
} from './types.js';

export interface PopbillNotificationOptions {
  account: PopbillAccount;
  /** The registered sender number the SMS/LMS fallback goes out from (digits). */
  senderNumber: string;
  /** The 카카오톡 채널 (plusFriendID, e.g. @자동청구) the templates are approved under. */
  channelId: string;
  /** Our template name → the template code Popbill gave it. */
  templates: Record<PatientTemplate, string>;
  /** The public origin links start with (no trailing slash). */
  origin: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Popbill takes at most 1,000 receivers per request. */
const BATCH = 1000;
/** The subject an LMS fallback shows. */
const ALT_SUBJECT = '자동청구 알림';

interface Template {
  templateCode?: unknown;
  plusFriendID?: unknown;
  btns?: { n?: unknown; t?: unknown; u1?: unknown; u2?: unknown }[] | null;
}

/**
 * What is wrong with an approved template's buttons, or '' when nothing is. We send exactly one web-link button whose
 * links are `{origin}{linkPath}` (mobile and PC alike), and KakaoTalk delivers a message only when its buttons match
 * the template's: so the template must have exactly one button, of type WL, named as ours, and each of its links must
 * be on our origin with a `#{…}` variable where the path goes (a fixed link could never open the message's claim).
 */
export function templateButtonProblem(btns: Template['btns'], expected: { name: string; origin: string }): string {
  const list = Array.isArray(btns) ? btns : [];
  if (list.length !== 1) return `has ${list.length} buttons, not exactly one web-link button "${expected.name}"`;
  const b = list[0]!;
  if (str(b.t) !== 'WL' || str(b.n) !== expected.name) return `has no web-link button named "${expected.name}"`;
  const base = `${expected.origin.replace(/\/$/, '')}/`;
  const linkOk = (u: string) => u.startsWith(base) && /#\{[^{}\s]+\}/.test(u.slice(base.length));
  const mobile = str(b.u1);
  const pc = str(b.u2);
  if (!linkOk(mobile))
    return `button "${expected.name}" mobile link is not ${base}#{…} (a #{…} variable on our origin)`;
  if (pc && !linkOk(pc)) return `button "${expected.name}" PC link is not ${base}#{…} (a #{…} variable on our origin)`;
  return '';
}

const sameChannel = (a: string, b: string) => a.replace(/^@/, '') === b.replace(/^@/, '');

/** `name` labels its calls in the provider metrics (providers/instrument.ts). */
export function popbillNotification(
  opts: PopbillNotificationOptions,
): NotificationProvider & Checkable & { readonly name: string } {
  const client = popbillClient({
    account: opts.account,
    scopes: POPBILL_SCOPES.kakao,
    timeoutMs: opts.timeoutMs,
    fetch: opts.fetch,
  });
  const sender = digits(opts.senderNumber);
  // SMS/LMS is Popbill's MessageService: its own token scopes (node-popbill lib/MessageService.js: 150, 151, 152).
  const messages = popbillClient({
    account: opts.account,
    scopes: POPBILL_SCOPES.message,
    timeoutMs: opts.timeoutMs,
    fetch: opts.fetch,
  });

  async function sendText(batch: PatientMessage[]) {
    const answer = (await messages.call('send XMS', {
      method: 'POST',
      path: '/XMS',
      json: {
        snd: sender,
        subject: ALT_SUBJECT,
        msgs: batch.map((m) => ({
          rcv: digits(m.to),
          msg: smsBody(m, opts.origin),
          sjt: ALT_SUBJECT,
        })),
      },
      timeoutMs: opts.timeoutMs ?? 15_000,
    })) as { receiptNum?: unknown };
    if (!str(answer.receiptNum)) throw new PopbillError('send XMS', 'malformed', true);
  }

  async function sendTemplate(template: PatientTemplate, batch: PatientMessage[]) {
    const templateCode = opts.templates[template];
    const button = PATIENT_TEMPLATES[template].button;
    const answer = (await client.call(`send ${template}`, {
      method: 'POST',
      path: '/ATS',
      json: {
        templateCode,
        snd: sender,
        altSendType: 'A',
        msgs: batch.map((m) => {
          const link = `${opts.origin}${m.linkPath}`;
          return {
            rcv: digits(m.to),
            msg: m.text,
            altsjt: ALT_SUBJECT,
            altmsg: smsBody(m, opts.origin),
            btns: [{ n: button, t: 'WL', u1: link, u2: link }],
          };
        }),
      },
      timeoutMs: opts.timeoutMs ?? 15_000,
    })) as { receiptNum?: unknown };
    if (!str(answer.receiptNum)) throw new PopbillError(`send ${template}`, 'malformed', true);
  }

  return {
    name: 'popbill',
    async send(list: PatientMessage[], _outbox: Outbox) {
      if (list.length === 0) return [];
      const byTemplate = new Map<PatientTemplate, PatientMessage[]>();
      for (const m of list.filter((x) => x.kakao))
        byTemplate.set(m.template, [...(byTemplate.get(m.template) ?? []), m]);
      for (const [template, some] of byTemplate) {
        for (let i = 0; i < some.length; i += BATCH) await sendTemplate(template, some.slice(i, i + BATCH));
      }
      const texts = list.filter((x) => !x.kakao);
      for (let i = 0; i < texts.length; i += BATCH) await sendText(texts.slice(i, i + BATCH));
      return list.map((m) => ({ channel: m.kakao ? ('kakao' as const) : ('sms' as const) }));
    },

    async check(): Promise<ProviderCheck[]> {
      const out: ProviderCheck[] = [];
      const add = (ok: boolean, detail: string) => out.push({ kind: 'notification', vendor: 'popbill', ok, detail });
      if (
        !(await checkAccount(client, add, {
          scopes: '카카오톡',
          unitCostPath: '/KakaoTalk/UnitCost?Type=ATS',
          service: '알림톡',
        }))
      ) {
        return out;
      }
      await checkSender(client, add, {
        sender,
        listPath: '/Message/SenderNumber',
        checkPath: `/KakaoTalk/CheckSenderNumber/${sender}`,
        what: 'sender number',
        named: 'POPBILL_SENDER_NUMBER',
      });
      try {
        const channels = (await client.call('channels', { path: '/KakaoTalk/ListPlusFriendID' })) as {
          plusFriendID?: unknown;
        }[];
        const found = Array.isArray(channels) && channels.some((c) => sameChannel(str(c.plusFriendID), opts.channelId));
        add(
          found,
          found
            ? `카카오톡 채널 ${opts.channelId} registered`
            : `POPBILL_KAKAO_CHANNEL_ID ${opts.channelId} is not registered`,
        );
      } catch (e) {
        add(false, `카카오톡 channels unreadable: ${failureDetail(e)}`);
      }
      try {
        // ListATSTemplate lists the approved templates only (Popbill reference, 알림톡 템플릿 관리).
        const approved = (await client.call('templates', { path: '/KakaoTalk/ListATSTemplate' })) as Template[];
        for (const [ours, code] of Object.entries(opts.templates) as [PatientTemplate, string][]) {
          const t = Array.isArray(approved) ? approved.find((x) => str(x.templateCode) === code) : undefined;
          const button = PATIENT_TEMPLATES[ours].button;
          const problem = !t
            ? `not approved (POPBILL_KAKAO_TEMPLATE_${ours}=${code} is not among the approved templates)`
            : !sameChannel(str(t.plusFriendID), opts.channelId)
              ? `approved for channel ${str(t.plusFriendID)}, not ${opts.channelId}`
              : templateButtonProblem(t.btns, { name: button, origin: opts.origin });
          add(!problem, `template ${ours} (${code}) ${problem || 'approved, with its link button'}`);
        }
      } catch (e) {
        add(false, `templates unreadable: ${failureDetail(e)}`);
      }
      return out;
    },
  };
}
