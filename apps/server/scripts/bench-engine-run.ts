// The claim engine as its workers run it, for the benchmarks (bench:engine, bench:scale): `workers` match loops and as
// many delivery loops side by side, until every record is decided and every due claim is out.
import type { FastifyInstance } from 'fastify';

type ClaimEngine = FastifyInstance['claimEngine'];

export async function runEngine(engine: ClaimEngine, workers: number) {
  const loop = async (step: () => Promise<number>) => {
    let n = 0;
    for (let k; (k = await step()) > 0;) n += k;
    return n;
  };
  const t0 = performance.now();
  let matching = true;
  let matchMs = 0;
  const matchers = Promise.all(Array.from({ length: workers }, () => loop(() => engine.matchBatch()))).then(() => {
    matching = false;
    matchMs = performance.now() - t0;
  });
  const deliverer = async () => {
    let n = 0;
    for (;;) {
      const k = await engine.deliverBatch();
      n += k;
      if (k > 0) continue;
      if (!matching) {
        const last = await engine.deliverBatch();
        n += last;
        if (last === 0) return n;
      } else await new Promise((r) => setTimeout(r, 5));
    }
  };
  const [, ...delivered] = await Promise.all([matchers, ...Array.from({ length: workers }, deliverer)]);
  return { matchMs, engineMs: performance.now() - t0, delivered: delivered.reduce((x, y) => x + y, 0) };
}
