// The sandbox notification provider: writes the 알림톡 to the outbox channel 'kakao'; numbers listed in
// `kakaoUnreachable` (or a 알림톡 failure) fall back to an SMS in channel 'sms', as the real provider would.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { NotificationProvider, PatientMessage } from './types.js';

export interface SandboxNotificationOptions {
  /** The public origin links start with (no trailing slash). */
  origin: string;
  now: () => Date;
  kakaoUnreachable?: ReadonlySet<string>;
}

export function sandboxNotification(opts: SandboxNotificationOptions): NotificationProvider {
  return {
    async send(messages: PatientMessage[], db: Kysely<Database>) {
      if (messages.length === 0) return [];
      const createdAt = opts.now();
      const rows = messages.map((m) => {
        const link = `${opts.origin}${m.linkPath}`;
        const channel = opts.kakaoUnreachable?.has(m.to) ? ('sms' as const) : ('kakao' as const);
        const body =
          channel === 'kakao'
            ? JSON.stringify({ template: m.template, text: m.text, buttons: [{ name: '진료 내역 보기', url: link }] })
            : `${m.text}\n${link}`;
        return { channel, to: m.to, body, createdAt };
      });
      await db.insertInto('sandboxOutbox').values(rows).execute();
      return rows.map((r) => ({ channel: r.channel }));
    },
  };
}
