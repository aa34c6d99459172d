// The sandbox delivery provider: behaves like an insurer API (or fax gateway) that accepts every claim, and writes
// what it would have sent to the outbox, in the engine's transaction. Channel 'api' goes to `insurer:<code>`,
// channel 'fax' to the fax number's digits. For tests and demos it can be told to refuse an insurer's claims
// (POST /sandbox/delivery/failures, sandbox only): each is then a failure not worth retrying, a dead letter at once.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { insuCompCd } from '@auto-claim/contract';
import type { Outbox } from '../outbox.js';
import type { DeliveryChannel, DeliveryProvider, DeliveryRequest, DeliveryResult } from './types.js';

export interface SandboxDeliveryOptions {
  /** Insurers reached by fax instead of an API. */
  faxInsurers?: ReadonlySet<string>;
  /** Insurers whose claims it refuses for now (a test's switch; this process only). */
  failing?: ReadonlySet<string>;
  now: () => Date;
}

export const sandboxRecipient = (r: Pick<DeliveryRequest, 'channel' | 'insuCompCd' | 'destination'>) =>
  r.channel === 'api' ? `insurer:${r.insuCompCd}` : r.destination.replace(/\D/g, '');

export function sandboxDelivery(opts: SandboxDeliveryOptions): DeliveryProvider {
  return {
    channelFor: (insuCompCd): DeliveryChannel => (opts.faxInsurers?.has(insuCompCd) ? 'fax' : 'api'),
    async deliver(batch: DeliveryRequest[], outbox: Outbox): Promise<DeliveryResult[]> {
      if (batch.length === 0) return [];
      const refused = (r: DeliveryRequest) => opts.failing?.has(r.insuCompCd) === true;
      const taken = batch.filter((r) => !refused(r));
      const rows = taken.map((r) => ({
        channel: r.channel,
        to: sandboxRecipient(r),
        body: JSON.stringify({
          idempotencyKey: r.idempotencyKey,
          claimId: r.claimId,
          ...(r.test ? { test: true } : {}),
          documents: r.documents.map((d) => ({
            kind: d.kind,
            ...(d.paper ? { paper: d.paper } : {}),
            sha256: d.sha256,
            contentType: d.contentType,
          })),
        }),
      }));
      if (rows.length) await outbox.writeMany(rows);
      return batch.map((r): DeliveryResult =>
        refused(r)
          ? { ok: false, error: SANDBOX_REFUSAL, retryable: false }
          : {
              ok: true,
              externalRef: `SBX-${createHash('sha256').update(r.idempotencyKey).digest('hex').slice(0, 12)}`,
            },
      );
    },
  };
}

/** The error a refused claim records (operators read it in the dead letters). */
export const SANDBOX_REFUSAL = '샌드박스 보험사가 청구를 받지 않았어요 (시험용 실패 설정)';

const failuresBody = z.object({
  insuCompCd,
  /** true: refuse this insurer's claims from now on; false: take them again. */
  fail: z.boolean({ message: 'fail은 true 또는 false예요.' }),
});

/** The sandbox's switch: make an insurer's deliveries fail (a dead letter for a test), or succeed again. */
export const sandboxDeliveryRoutes =
  (failing: Set<string>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/sandbox/delivery/failures',
      {
        config: { auth: 'public' },
        schema: {
          operationId: 'setSandboxDeliveryFailure',
          tags: ['sandbox'],
          summary: '샌드박스 청구 전송을 보험사별로 실패하게 하기 (시험용; 운영 환경에는 없어요)',
          body: failuresBody,
          response: { 200: z.object({ failing: z.array(z.string()) }) },
        },
      },
      async (req) => {
        if (req.body.fail) failing.add(req.body.insuCompCd);
        else failing.delete(req.body.insuCompCd);
        return { failing: [...failing].sort() };
      },
    );
  };
