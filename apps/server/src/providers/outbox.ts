// The sandbox outbox (DESIGN §3): what sandbox providers would have sent, readable by tests and demos.
// Registered only while sandbox providers are active and never when NODE_ENV=production.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';

export type Channel = 'sms' | 'kakao' | 'fax' | 'email' | 'api';

export interface Outbox {
  write(message: { channel: Channel; to: string; body: string }): Promise<void>;
}

export const dbOutbox = (db: Kysely<Database>, now: () => Date): Outbox => ({
  async write(m) {
    await db
      .insertInto('sandboxOutbox')
      .values({ ...m, createdAt: now() })
      .execute();
  },
});

const outboxQuery = z.object({ to: z.string().min(1, { message: '받는 곳(to)을 적어 주세요.' }).max(200) });
const outboxAnswer = z.object({
  messages: z.array(
    z.object({ id: z.number(), channel: z.string(), to: z.string(), body: z.string(), createdAt: z.string() }),
  ),
});

export const outboxRoutes =
  (db: Kysely<Database>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sandbox/outbox',
      {
        schema: {
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
