// `npm run operator` on the embedded database (README "Operators"): PGlite is one process's, so while another process
// (the server) has the data directory open the command says, in Korean and English, to stop the server, and changes
// nothing; once the server has stopped, or when the process that held it is gone, it saves the account.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/index.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { TEST_CONFIG } from '../helper.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'ac-operator-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The command as an operator types it, the password on standard input; the embedded database (no DATABASE_URL). */
function runOperator(loginId: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'apps/server/scripts/operator.ts', loginId], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        SESSION_SECRET: TEST_CONFIG.sessionSecret,
        DATA_DIR: dir,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.stdin.end('a-long-enough-password-1234\n');
    p.on('exit', (code) => resolve({ code, out }));
  });
}

const operators = async () => {
  const db = await openDb({ dataDir: dir });
  try {
    return (await db.db.selectFrom('operator').select('loginId').orderBy('loginId').execute()).map((r) => r.loginId);
  } finally {
    await db.close();
  }
};

describe('npm run operator on the embedded database', () => {
  it('while the server holds it, says to stop the server and changes nothing; afterwards it saves the account', async () => {
    const server = await openDb({ dataDir: dir });
    await migrateToLatest(server.db);
    const holder = path.join(dir, 'pglite.holder');
    expect(existsSync(holder)).toBe(true);

    const refused = await runOperator('alice');
    expect(refused.code, refused.out).toBe(1);
    expect(refused.out).toContain('서버를 멈춘 뒤 다시 실행해 주세요');
    expect(refused.out).toContain('stop the server, then run this again');
    expect(refused.out).toContain(`pid ${process.pid}`);
    expect(refused.out).not.toContain('password');

    await server.close();
    expect(existsSync(holder)).toBe(false);
    const saved = await runOperator('alice');
    expect(saved.code, saved.out).toBe(0);
    expect(saved.out).toContain('operator alice saved');
    expect(await operators()).toEqual(['alice']);
  }, 120_000);

  it('takes over the mark of a process that is gone (a server that crashed)', async () => {
    // A pid no process has: beyond the kernel's pid_max.
    writeFileSync(path.join(dir, 'pglite.holder'), '4194305');
    const saved = await runOperator('bora');
    expect(saved.code, saved.out).toBe(0);
    expect(await operators()).toEqual(['alice', 'bora']);
    expect(existsSync(path.join(dir, 'pglite.holder'))).toBe(false);
  }, 120_000);
});
