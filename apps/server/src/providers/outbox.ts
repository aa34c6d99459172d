// The sandbox outbox (DESIGN §3): what sandbox providers would have sent, readable by tests and demos.
// Registered only while sandbox providers are active and never when NODE_ENV=production; read only from this machine
// (http/sandbox-gate.ts). The sandbox's clock can be moved forward from this machine, so a browser test lets the SMS
// resend interval pass without waiting for it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../clock.js';
import type { Handle } from '../db/handle.js';
import { AppError } from '../http/errors.js';
import { isLocalCaller } from '../http/sandbox-gate.js';
import { providersDb } from './tables.js';

export type Channel = 'sms' | 'kakao' | 'fax' | 'email' | 'api';

export interface OutboxMessage {
  channel: Channel;
  to: string;
  body: string;
}

/**
 * Where a sandbox provider writes what it would have sent. Callers hand providers an outbox bound to their own
 * transaction, so a message and the state change it belongs to commit together; providers see nothing else of the
 * database.
 */
export interface Outbox {
  write(message: OutboxMessage): Promise<void>;
  writeMany(messages: OutboxMessage[]): Promise<void>;
}

export const dbOutbox = (handle: Handle, now: () => Date): Outbox => ({
  async write(m) {
    await this.writeMany([m]);
  },
  async writeMany(messages) {
    if (messages.length === 0) return;
    const createdAt = now();
    await providersDb(handle)
      .insertInto('sandboxOutbox')
      .values(messages.map((m) => ({ ...m, createdAt })))
      .execute();
  },
});

const outboxQuery = z.object({ to: z.string().min(1, { message: '받는 곳(to)을 적어 주세요.' }).max(200) });
const outboxAnswer = z.object({
  messages: z.array(
    z.object({ id: z.number(), channel: z.string(), to: z.string(), body: z.string(), createdAt: z.string() }),
  ),
});

const clockBody = z.object({
  advanceSeconds: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600),
});

/** The sandbox's routes: the outbox, and moving the server's clock forward (loopback callers only). */
export const outboxRoutes =
  (handle: Handle, clock: Clock): FastifyPluginAsyncZod =>
  async (app) => {
    const db = providersDb(handle);
    app.post(
      '/sandbox/clock',
      {
        config: { auth: 'public', problems: ['SANDBOX_LOCAL_ONLY'] },
        schema: {
          operationId: 'advanceSandboxClock',
          tags: ['sandbox'],
          summary: '샌드박스 서버 시계를 앞으로 옮기기 (대기 시간을 기다리지 않고 시험할 때)',
          body: clockBody,
          response: { 200: z.object({ now: z.string() }) },
        },
      },
      async (req) => {
        // Only a caller on this machine: a browser test, a demo. Moving time is never a remote client's to do, not even
        // an admin's (who may use the sandbox's demo controls from elsewhere: http/sandbox-gate.ts).
        if (!isLocalCaller(req) || !clock.advance) {
          throw new AppError('SANDBOX_LOCAL_ONLY', '이 기기에서만 쓸 수 있어요.');
        }
        clock.advance(req.body.advanceSeconds * 1000);
        return { now: clock.now().toISOString() };
      },
    );
    app.get(
      '/sandbox/outbox',
      {
        // Every code and link the sandbox sent: this machine's callers only, never an operator elsewhere.
        config: { auth: 'public', localOnly: true },
        schema: {
          operationId: 'listSandboxOutbox',
          tags: ['sandbox'],
          summary: '샌드박스 발송함 (최신순)',
          querystring: outboxQuery,
          response: { 200: outboxAnswer },
        },
      },
      async (req) => {
        const rows = await db
          .selectFrom('sandboxOutbox')
          .select(['id', 'channel', 'to', 'body', 'createdAt'])
          .where('to', '=', req.query.to.replace(/-/g, ''))
          .orderBy('id', 'desc')
          .limit(50)
          .execute();
        return { messages: rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })) };
      },
    );
  };
