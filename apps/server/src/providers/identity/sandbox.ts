// Sandbox identity provider: plays the vendor. It makes the 6-digit code, writes the SMS to the outbox (browser tests
// read it there) and checks the code itself. It keeps no state of its own: the verification id it hands out is sealed
// (AES-GCM with the field key) and carries the person and a keyed hash of the code, so a check works after a restart
// and on any web process. The CI is a keyed hash of name, birth date and phone, so the same person gets the same CI
// every time, as with a real vendor. No real telecom is asked.
import { createHmac, randomInt } from 'node:crypto';
import { parseKorRegId } from '@auto-claim/contract';
import type { FieldCrypto } from '../../security/crypto.js';
import { randomToken, safeEqual } from '../../security/crypto.js';
import type { Outbox } from '../outbox.js';
import { IdentityVendorError, type IdentityProvider, type Person, type Started } from './types.js';

interface Sealed {
  person: Person;
  nonce: string;
  codeHash: string;
}

export function sandboxIdentity(opts: {
  outbox: Outbox;
  ciKey: string;
  crypto: FieldCrypto;
  /** The app's clock: the birth date a korRegId stands for must not be after its today. */
  now: () => Date;
}): IdentityProvider {
  const { outbox, crypto } = opts;
  const codeHash = (nonce: string, code: string) => crypto.hmac('sandbox-sms-code', `${nonce}:${code}`);
  const mac = (label: string, person: Person) =>
    createHmac('sha512', opts.ciKey)
      .update(`${label}${person.custName.trim()}|${person.korRegId}|${person.custHp}`)
      .digest('base64');

  /** Sends a fresh code to the person and seals what checking it needs into the id. */
  async function send(person: Person): Promise<Started> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const nonce = randomToken(12);
    await outbox.write({
      channel: 'sms',
      to: person.custHp,
      body: `[자동청구] 본인확인 인증번호 [${code}]를 입력해 주세요. 3분 안에 입력해야 해요. 다른 사람에게 알려 주지 마세요.`,
    });
    return { verificationId: crypto.encryptJson({ person, nonce, codeHash: codeHash(nonce, code) } satisfies Sealed) };
  }
  const open = (verificationId: string): Sealed | undefined => {
    try {
      return crypto.decryptJson<Sealed>(verificationId);
    } catch {
      return undefined;
    }
  };

  return {
    name: 'sandbox',
    start: (person) => send(person),
    async resend(verificationId) {
      const sealed = open(verificationId);
      if (!sealed) throw new IdentityVendorError('ended', 'resend: not a sandbox verification id');
      return send(sealed.person);
    },
    async confirm(verificationId, otp) {
      const sealed = open(verificationId);
      if (!sealed) return { ok: false, reason: 'expired' };
      if (!safeEqual(sealed.codeHash, codeHash(sealed.nonce, otp))) return { ok: false, reason: 'wrong_code' };
      const { person } = sealed;
      const born = parseKorRegId(person.korRegId, opts.now());
      return {
        ok: true,
        ci: mac('', person), // 88 characters, like a real CI
        di: mac('di|', person),
        verified: {
          name: person.custName.trim(),
          birthday: born?.birthday,
          sex: born?.sex,
          isForeigner: ['5', '6', '7', '8'].includes(person.korRegId[6]!),
        },
      };
    },
  };
}
