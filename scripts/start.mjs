// `npm start`: build the SPA if it is not built (or is older than its sources), then run the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const index = path.join(web, 'dist/index.html');
// The landings' server render, built with it (docs/performance.md, "The landing drawn by the server").
const render = path.join(web, 'dist-ssr/entry-server.js');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = [path.join(web, 'src'), path.join(web, 'public'), path.join(root, 'packages/contract/src')];
const stale =
  !existsSync(index) ||
  !existsSync(render) ||
  Math.max(...sources.map(newest), statSync(path.join(web, 'index.html')).mtimeMs) > statSync(index).mtimeMs;
if (stale) {
  console.log('Building the web app (apps/web/dist)…');
  // Always the production build, whatever NODE_ENV this shell has: with NODE_ENV=development Vite would bundle
  // React's development build (several times larger and slower) into what a phone downloads.
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const server = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
