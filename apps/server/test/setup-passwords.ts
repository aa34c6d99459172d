// Runs before every test file (vitest.config.ts setupFiles), beside setup.ts: operator passwords at their real cost,
// paid once per worker for each password. argon2id at 64 MiB and 3 passes (src/security/password.ts) takes about half
// a second of CPU, and the suite signs operators in hundreds of times, mostly with one password (helper.ts
// OPERATOR_PASSWORD). Here a password is hashed once and a (hash, password) pair is checked once per worker: every hash
// a test sees is a real one at the production cost, and every check answers what argon2id answered (README "Tests").
import { vi } from 'vitest';

vi.mock('../src/security/password.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/security/password.js')>();
  const memo = ((globalThis as { passwordMemo?: Map<string, Promise<unknown>> }).passwordMemo ??= new Map());
  const once = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    if (!memo.has(key)) {
      const done = work();
      memo.set(key, done);
      done.catch(() => memo.delete(key));
    }
    return memo.get(key) as Promise<T>;
  };
  return {
    ...real,
    hashPassword: (password: string) => once(`hash\0${password}`, () => real.hashPassword(password)),
    verifyPassword: (hash: string, password: string) =>
      once(`verify\0${hash}\0${password}`, () => real.verifyPassword(hash, password)),
  };
});
