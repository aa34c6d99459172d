// Claim packages by fax through Popbill's FaxService (docs/providers/popbill.md). send() is one multipart POST /FAX:
// a part "form" with {snd, fCnt, title, requestNum, rcvs: [{rcv}]} and a part "file" with the PDF; Popbill answers a
// receipt number. The request number is our delivery's idempotency key (Popbill allows 1-36 of A-Z a-z 0-9 - _ and
// refuses one it has seen), so a retry after a lost answer never faxes twice: when a send fails for any reason we ask
// Popbill about the request number (GET /FAX/Get/{requestNum}) and, if an earlier try was accepted, answer its receipt.
// outcomeOf() reads GET /FAX/{receiptNum} and maps Popbill's state and the carrier's result code (Popbill reference,
// 팩스 "상태코드/결과코드") to pending / delivered / failed; when Popbill cannot be asked it throws a PopbillError
// (retryable or not), and the caller asks again later.
import { createHash } from 'node:crypto';
import type { Checkable, ProviderCheck } from '../check.js';
import type { FaxOutcome, FaxSender } from '../delivery/types.js';
import {
  checkAccount,
  checkSender,
  digits,
  POPBILL_SCOPES,
  type PopbillAccount,
  popbillClient,
  PopbillError,
  str,
} from '../popbill/client.js';

export interface PopbillFaxOptions {
  account: PopbillAccount;
  /** The registered fax sender number (digits). */
  senderNumber: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const REQUEST_NUM = /^[A-Za-z0-9_-]{1,36}$/;

/** Our idempotency key as a Popbill request number: itself when Popbill accepts it, else a digest of it. */
export function faxRequestNum(idempotencyKey: string) {
  if (REQUEST_NUM.test(idempotencyKey)) return idempotencyKey;
  return `h-${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 34)}`;
}

/** Popbill states: 0 received, 1 converting, 2 sending, 3 done (result code final), 4 cancelled. */
const IN_PROGRESS = new Set([0, 1, 2]);
/** Carrier result codes where a later try can get through. */
const TRY_AGAIN = new Map<number, string>([
  [415, 'conversion timed out'],
  [502, 'partly sent'],
  [503, 'line busy'],
  [505, 'no answer'],
  [506, 'answered by a person'],
  [508, 'network congested'],
]);
/** Carrier result codes that no retry of the same fax fixes. */
const GIVE_UP = new Map<number, string>([
  [300, 'sender number malformed'],
  [301, 'sender number not registered'],
  [402, 'conversion failed'],
  [405, 'file type not supported'],
  [408, 'file name refused'],
  [413, 'too many pages'],
  [414, 'conversion failed'],
  [416, 'file processing failed'],
  [498, 'conversion failed'],
  [499, 'charging failed after conversion'],
  [504, 'wrong fax number'],
  [507, 'refused by the receiver'],
  [509, 'number blocked on request'],
  [511, 'duplicate number'],
]);

/** What a fax's state and result code mean for the delivery that sent it. */
export function faxOutcomeOf(state: number, result: number): FaxOutcome {
  if (IN_PROGRESS.has(state)) return { state: 'pending' };
  if (state === 4) return { state: 'failed', error: 'fax cancelled', retryable: false };
  if (state !== 3) return { state: 'pending' };
  if (result === 100) return { state: 'delivered' };
  const final = GIVE_UP.get(result);
  if (final) return { state: 'failed', error: `fax ${result}: ${final}`, retryable: false };
  // A code we do not know: try again, so that it ends, at worst, as a dead letter operators see.
  return { state: 'failed', error: `fax ${result}: ${TRY_AGAIN.get(result) ?? 'not delivered'}`, retryable: true };
}

interface FaxResult {
  state?: unknown;
  result?: unknown;
  receiptNum?: unknown;
}

export function popbillFax(opts: PopbillFaxOptions): FaxSender & Checkable {
  const client = popbillClient({
    account: opts.account,
    scopes: POPBILL_SCOPES.fax,
    timeoutMs: opts.timeoutMs,
    fetch: opts.fetch,
  });
  const sender = digits(opts.senderNumber);

  /** The receipt number of an earlier, accepted send under this request number, if Popbill has one. */
  async function acceptedEarlier(requestNum: string) {
    try {
      const list = (await client.call('fax by request number', { path: `/FAX/Get/${requestNum}` })) as FaxResult[];
      return (Array.isArray(list) && str(list[0]?.receiptNum)) || undefined;
    } catch {
      return undefined;
    }
  }

  return {
    name: 'popbill',
    async send(fax) {
      const requestNum = faxRequestNum(fax.idempotencyKey);
      const form = new FormData();
      form.append(
        'form',
        JSON.stringify({ snd: sender, fCnt: 1, title: fax.title, requestNum, rcvs: [{ rcv: digits(fax.to) }] }),
      );
      form.append('file', new Blob([fax.pdf], { type: 'application/octet-stream' }), 'claim.pdf');
      try {
        const answer = (await client.call('send fax', {
          method: 'POST',
          path: '/FAX',
          form,
          timeoutMs: opts.timeoutMs ?? 60_000,
        })) as { receiptNum?: unknown };
        const receiptNum = str(answer.receiptNum);
        if (!receiptNum) throw new PopbillError('send fax', 'malformed', true);
        return { ok: true, receiptNum };
      } catch (e) {
        if (!(e instanceof PopbillError)) throw e;
        const earlier = await acceptedEarlier(requestNum);
        if (earlier) return { ok: true, receiptNum: earlier };
        return { ok: false, error: e.message, retryable: e.retryable };
      }
    },

    async outcomeOf(receiptNum) {
      const list = (await client.call('fax result', { path: `/FAX/${encodeURIComponent(receiptNum)}` })) as FaxResult[];
      const r = Array.isArray(list) ? list[0] : undefined;
      const state = Number(r?.state);
      if (!r || r.state === undefined || r.state === null || Number.isNaN(state)) {
        throw new PopbillError('fax result', 'malformed', true);
      }
      return faxOutcomeOf(state, Number(r.result));
    },

    async check(): Promise<ProviderCheck[]> {
      const out: ProviderCheck[] = [];
      const add = (ok: boolean, detail: string) => out.push({ kind: 'fax', vendor: 'popbill', ok, detail });
      const accepted = await checkAccount(client, add, {
        scopes: 'fax',
        unitCostPath: `/FAX/UnitCost?receiveNumType=${encodeURIComponent('일반')}`,
        service: 'fax',
      });
      if (accepted) {
        await checkSender(client, add, {
          sender,
          listPath: '/FAX/SenderNumber',
          checkPath: `/FAX/CheckSenderNumber/${sender}`,
          what: 'fax sender number',
          named: 'the fax sender number',
        });
      }
      return out;
    },
  };
}
