// Every call to an outside party, measured in one place (docs/operations.md, "Signals"): createContext wraps each
// provider, so an adapter never has to remember its metrics. Only names, timings and outcomes are recorded.
import type { Metrics } from '../metrics.js';
import type { DeliveryProvider, DeliveryRequest, DeliveryResult } from './delivery/types.js';
import type { NotificationProvider, PatientMessage } from './notification/types.js';

/** An answer that says it failed without throwing: { ok: false }, or a list holding one. */
const failed = (answer: unknown): boolean =>
  Array.isArray(answer)
    ? answer.some(failed)
    : typeof answer === 'object' && answer !== null && (answer as { ok?: unknown }).ok === false;

/** The provider with each of its methods timed: kind and vendor name the series, the method names the call. */
export function instrument<P extends object>(kind: string, vendor: string, provider: P, metrics: Metrics): P {
  return new Proxy(provider, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || typeof prop !== 'string' || prop === 'channelFor') return value;
      return async (...args: unknown[]) => {
        const labels = { kind, vendor, call: prop };
        const stop = metrics.providerCalls.startTimer(labels);
        try {
          const answer = await (value as (...a: unknown[]) => unknown).apply(target, args);
          const bad = failed(answer);
          stop({ outcome: bad ? 'error' : 'ok' });
          if (bad) metrics.providerErrors.inc(labels);
          return answer;
        } catch (err) {
          stop({ outcome: 'error' });
          metrics.providerErrors.inc(labels);
          throw err;
        }
      };
    },
  });
}

/** Deliveries by channel and outcome, as the insurer (or the fax gateway) answered them. */
export function countDeliveries(provider: DeliveryProvider, metrics: Metrics): DeliveryProvider {
  return {
    ...provider,
    channelFor: (insuCompCd) => provider.channelFor(insuCompCd),
    async deliver(batch: DeliveryRequest[], outbox) {
      let results: DeliveryResult[];
      try {
        results = await provider.deliver(batch, outbox);
      } catch (err) {
        for (const r of batch) metrics.deliveries.inc({ channel: r.channel, outcome: 'retryable' });
        throw err;
      }
      results.forEach((r, i) =>
        metrics.deliveries.inc({
          channel: batch[i]?.channel ?? 'unknown',
          // A fax its gateway accepted is not delivered yet: its outcome comes later (the engine's follow-up).
          outcome: r.ok ? (r.awaiting ? 'awaiting' : 'sent') : r.retryable ? 'retryable' : 'final',
        }),
      );
      return results;
    },
  };
}

/** Patient messages by the channel that carried them. */
export function countNotifications(provider: NotificationProvider, metrics: Metrics): NotificationProvider {
  return {
    ...provider,
    async send(messages: PatientMessage[], outbox) {
      try {
        const answers = await provider.send(messages, outbox);
        for (const a of answers) metrics.notifications.inc({ channel: a.channel, outcome: 'sent' });
        return answers;
      } catch (err) {
        metrics.notifications.inc({ channel: 'unknown', outcome: 'failed' }, messages.length);
        throw err;
      }
    },
  };
}
