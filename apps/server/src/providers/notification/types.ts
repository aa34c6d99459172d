// Telling the patient (issue 5 §5): KakaoTalk 알림톡, with SMS when 알림톡 cannot be delivered (no KakaoTalk, blocked
// channel). The message carries a link with a single-use token and never personal data beyond the greeting.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface PatientMessage {
  /** Digits only. */
  to: string;
  /** The 알림톡 template code the text was approved under. */
  template: string;
  text: string;
  /** Path and fragment below the public origin, e.g. /ui/insu/vuex/auto-claim/web/treat#t=… */
  linkPath: string;
}

export interface NotificationProvider {
  /** Sends each by 알림톡, falling back to SMS; answers the channel that carried each. `db` may be a transaction. */
  send(messages: PatientMessage[], db: Kysely<Database>): Promise<{ channel: 'kakao' | 'sms' }[]>;
}
