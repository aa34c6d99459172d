// Sandbox identity provider: the SMS goes to the outbox, and the CI is a keyed hash of name, birth date and phone,
// so the same person gets the same CI every time, as with NICE. No real telecom is asked.
import { createHmac } from 'node:crypto';
import type { Outbox } from '../outbox.js';
import type { IdentityProvider, Person } from './types.js';

export function sandboxIdentity(outbox: Outbox, ciKey: string): IdentityProvider {
  return {
    name: 'sandbox',
    async sendCode(person, code) {
      await outbox.write({
        channel: 'sms',
        to: person.custHp,
        body: `[자동청구] 본인확인 인증번호 [${code}]를 입력해 주세요. 3분 안에 입력해야 해요. 다른 사람에게 알려 주지 마세요.`,
      });
    },
    async ciOf(person: Person) {
      const mac = createHmac('sha512', ciKey)
        .update(`${person.custName.trim()}|${person.korRegId}|${person.custHp}`)
        .digest('base64');
      return mac; // 88 characters, like a real CI
    },
  };
}
