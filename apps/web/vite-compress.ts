// Brotli and gzip copies of each text file of the build, written beside it (app.js → app.js.br, app.js.gz): the server
// sends the one the browser accepts (@fastify/static `preCompressed`, apps/server/src/http/spa.ts), so a phone gets
// the smallest file without the server compressing anything per request. Node's own zlib: no dependency.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text types only: images and fonts (png, woff2…) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt|xml|webmanifest|ico)$/;
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'auto-claim:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      await Promise.all(
        Object.keys(bundle)
          .filter((name) => COMPRESSIBLE.test(name))
          .map(async (name) => {
            const file = path.join(outDir, name);
            const raw = await readFile(file);
            const [b, g] = await Promise.all([
              br(raw, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gz(raw, { level: 9 }),
            ]);
            // A copy only where it is smaller (every script and style, the 90-byte ones too, docs/performance.md "Web:
            // the first screen"): the server falls back to the file itself.
            if (b.length < raw.length) await writeFile(`${file}.br`, b);
            if (g.length < raw.length) await writeFile(`${file}.gz`, g);
          }),
      );
    },
  };
}
