// The sandbox notification provider: writes the 알림톡 to the outbox channel 'kakao', with its template's button;
// numbers listed in `kakaoUnreachable` fall back to an SMS in channel 'sms' (its SMS form: smsBody), as the real provider would, and a patient
// without the 알림톡 consent (`kakao: false`) gets the SMS only.
import type { Outbox } from '../outbox.js';
import { PATIENT_TEMPLATES, smsBody, type NotificationProvider, type PatientMessage } from './types.js';

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
        const channel = !m.kakao || opts.kakaoUnreachable?.has(m.to) ? ('sms' as const) : ('kakao' as const);
        const button = PATIENT_TEMPLATES[m.template].button;
        const body =
          channel === 'kakao'
            ? JSON.stringify({ template: m.template, text: m.text, buttons: [{ name: button, url: link }] })
            : smsBody(m, opts.origin);
        return { channel, to: m.to, body };
      });
      await outbox.writeMany(rows);
      return rows.map((r) => ({ channel: r.channel }));
    },
  };
}
