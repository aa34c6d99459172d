// The sandbox notification provider: writes the 알림톡 to the outbox channel 'kakao'; numbers listed in
// `kakaoUnreachable` (or a 알림톡 failure) fall back to an SMS in channel 'sms', as the real provider would.
import type { Outbox } from '../outbox.js';
import type { NotificationProvider, PatientMessage } from './types.js';

export interface SandboxNotificationOptions {
  /** The public origin links start with (no trailing slash). */
  origin: string;
  now: () => Date;
  kakaoUnreachable?: ReadonlySet<string>;
}

export function sandboxNotification(opts: SandboxNotificationOptions): NotificationProvider {
  return {
    async send(messages: PatientMessage[], outbox: Outbox) {
      if (messages.length === 0) return [];
      const rows = messages.map((m) => {
        const link = `${opts.origin}${m.linkPath}`;
        const channel = opts.kakaoUnreachable?.has(m.to) ? ('sms' as const) : ('kakao' as const);
        const body =
          channel === 'kakao'
            ? JSON.stringify({ template: m.template, text: m.text, buttons: [{ name: '진료 내역 보기', url: link }] })
            : `${m.text}\n${link}`;
        return { channel, to: m.to, body };
      });
      await outbox.writeMany(rows);
      return rows.map((r) => ({ channel: r.channel }));
    },
  };
}
