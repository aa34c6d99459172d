// Claims to insurers for real: each insurer takes claims either by its API (insurer-api.ts, the insurers named in
// DELIVERY_API_INSURERS) or by fax to its claim fax line from the reference tables (insurer_fax), through the fax
// gateway (FaxSender). A fax is accepted first and its outcome comes later: the router answers `awaiting` with the
// gateway's receipt number, and the engine asks `outcomeOf` until the gateway knows.
import type { Checkable } from '../check.js';
import type { Outbox } from '../outbox.js';
import { mapLimited } from './map-limited.js';
import type {
  DeliveryChannel,
  DeliveryDocument,
  DeliveryProvider,
  DeliveryRequest,
  DeliveryResult,
  FaxSender,
} from './types.js';

export interface DeliveryRouterOptions {
  /** Insurers that take claims by API; every other insurer by fax. */
  apiInsurers: ReadonlySet<string>;
  api: DeliveryProvider & Partial<Checkable>;
  /**
   * The fax gateway, for one batch: the sandbox's writes to the outbox it is given, the engine's transaction's (the
   * fax adapter's faxSenderFor); a real gateway ignores it.
   */
  faxFor: (outbox: Outbox) => FaxSender;
  /** Faxes handed to the gateway at once within one batch. */
  faxConcurrency?: number;
  /** Told why a fax could not be handed over (insurer, reason), never what the claim says. */
  onFailure?: (failure: { insuCompCd: string; reason: string; retryable: boolean }) => void;
}

/** Asking about a fax writes nothing. */
const NO_OUTBOX: Outbox = { write: async () => {}, writeMany: async () => {} };

/** A fax's title by what it carries. */
const FAX_TITLE: Partial<Record<DeliveryDocument['kind'], string>> = {
  hospital_document: '자동청구 요청 서류',
  receipt_correction: '자동청구 영수증 정정 통지',
  receipt_cancellation: '자동청구 영수증 취소 통지',
};

const isTimeout = (e: unknown) => e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');

export function deliveryRouter(opts: DeliveryRouterOptions): DeliveryProvider & Checkable {
  const fail = (r: DeliveryRequest, error: string, retryable: boolean): DeliveryResult => {
    opts.onFailure?.({ insuCompCd: r.insuCompCd, reason: error, retryable });
    return { ok: false, error, retryable };
  };

  const outcomes = opts.faxFor(NO_OUTBOX);

  async function faxOne(r: DeliveryRequest, fax: FaxSender): Promise<DeliveryResult> {
    // A claim's package, a paper the insurer asked for (the hospital's PDF) or a receipt's notice: a fax carries one PDF.
    const pkg = r.documents.find((d) => d.contentType === 'application/pdf' && typeof d.body !== 'string');
    if (!pkg) return fail(r, '팩스로 보낼 청구 서류(PDF)가 없어요', false);
    const to = r.destination.replace(/\D/g, '');
    if (to.length < 8) return fail(r, '보험사 청구 팩스 번호가 없어요 (insurer_fax)', false);
    try {
      const sent = await fax.send({
        to,
        title: r.test
          ? '자동청구 시험 전송 (청구 아님)'
          : `${FAX_TITLE[pkg.kind] ?? '자동청구 청구서'} C-${r.claimId ?? r.idempotencyKey}`,
        pdf: pkg.body as Uint8Array,
        idempotencyKey: r.idempotencyKey,
      });
      return sent.ok ? { ok: true, externalRef: sent.receiptNum, awaiting: true } : fail(r, sent.error, sent.retryable);
    } catch (e) {
      // A gateway that throws has not said it refused: worth another try, and the request number keeps one fax.
      return fail(r, isTimeout(e) ? '팩스 서비스 시간 초과' : '팩스 서비스에 연결하지 못했어요', true);
    }
  }

  return {
    channelFor: (insuCompCd): DeliveryChannel => (opts.apiInsurers.has(insuCompCd) ? 'api' : 'fax'),
    // An insurer API takes the package beside the electronic claim; a fax is the package.
    wantsPackage: true,
    async deliver(batch, outbox) {
      // By the channel the delivery was made with: a claim keeps its channel if the configuration changes later.
      const api = batch.filter((r) => r.channel === 'api');
      const fax = batch.filter((r) => r.channel === 'fax');
      const sender = fax.length ? opts.faxFor(outbox) : undefined;
      const [apiResults, faxResults] = await Promise.all([
        api.length ? opts.api.deliver(api, outbox) : Promise.resolve([]),
        mapLimited(fax, opts.faxConcurrency ?? 4, (r) => faxOne(r, sender!)),
      ]);
      return batch.map((r) => (r.channel === 'api' ? apiResults.shift() : faxResults.shift())!);
    },
    async outcomeOf(d) {
      // Only faxes wait for an outcome; an API's 2xx is the insurer's receipt.
      return d.channel === 'fax' ? outcomes.outcomeOf(d.externalRef) : { state: 'delivered' };
    },
    check: async () => (opts.api.check ? opts.api.check() : []),
  };
}
