// GET /hospital/guide (the guide as a page) and GET /hospital/guide/examples/<name>.json (each example bundle),
// public: the guide is open (README "EMR vendors"). Drawn once when the app starts (page.ts).
import type { FastifyPluginAsync } from 'fastify';
import { HOSPITAL_GUIDE } from '@auto-claim/contract';
import type { AppContext } from '../../context.js';
import { sendProblem } from '../../http/problem.js';
import { loadGuide } from './page.js';

export const guideRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const guide = loadGuide({ publicUrl: ctx.config.publicUrl ?? 'http://localhost:3000', sandbox: ctx.sandbox });
    // The same for everyone and no personal data: a browser may keep it (http/cache.ts).
    const config = { auth: 'public' as const, publicReference: true };
    app.get(HOSPITAL_GUIDE.page, { config, schema: { hide: true } }, (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(guide.html),
    );
    app.get<{ Params: { file: string } }>(
      HOSPITAL_GUIDE.exampleRoute,
      { config, schema: { hide: true } },
      (req, reply) => {
        const example = /^([a-z-]+)\.json$/.exec(req.params.file)?.[1];
        const found = example ? guide.examples.get(example) : undefined;
        if (!found) return sendProblem(reply, { status: 404, code: 'NOT_FOUND', detail: '그런 예시 번들은 없어요.' });
        return reply
          .type('application/fhir+json; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('content-disposition', `attachment; filename="${found.name}.json"`)
          .send(found.json);
      },
    );
  };
