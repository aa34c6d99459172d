// Runs before every test file of the workspace (vitest.config.ts setupFiles): the right Node, and no console.error or
// console.warn nobody expected (as the Epic Stack does: an error logged fails the test, unless it calls
// allowConsoleError()); nor an entry at warn or above in the app's log that the test did not announce (logs.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { beginTest, endFile, endTest } from './logs.js';

const root = path.resolve(import.meta.dirname, '../../..');
const engines = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node as string;

/** Why tests cannot run on Node `version` (older than package.json's engines), or undefined when they can. */
export function tooOldNode(version: string): string | undefined {
  const wanted = Number(/\d+/.exec(engines)![0]);
  if (Number(version.split('.')[0]) >= wanted) return undefined;
  return (
    `These tests need Node ${wanted} or newer; this is Node ${version}. ` +
    `Run the tests with npm test: it brings Node ${wanted} (the npm package "node") whatever the machine has.`
  );
}
const refusal = tooOldNode(process.versions.node);
if (refusal) throw new Error(refusal);

type Guarded = 'error' | 'warn';
const logged: Record<Guarded, unknown[][]> = { error: [], warn: [] };
const allowed: Record<Guarded, boolean> = { error: false, warn: false };
// A plain wrapper, not a vi.spyOn: a test's vi.restoreAllMocks() must not take the check away for the rest of its file.
function guarded(method: Guarded, original: (...args: unknown[]) => void) {
  return (...args: unknown[]) => {
    if (!allowed[method]) logged[method].push(args);
    original.apply(console, args);
  };
}
console.error = guarded('error', console.error);
console.warn = guarded('warn', console.warn);

/** The running test logs a console.error on purpose: it does not fail for it. */
export function allowConsoleError() {
  allowed.error = true;
}

/** The running test logs a console.warn on purpose: it does not fail for it. */
export function allowConsoleWarn() {
  allowed.warn = true;
}

/** The console.errors logged since the last check and not allowed, as text; forgets them. */
export function takeUnexpectedConsoleErrors(): string[] {
  return logged.error.splice(0).map((args) => args.map(String).join(' '));
}

/** The console.warns logged since the last check and not allowed, as text; forgets them. */
export function takeUnexpectedConsoleWarnings(): string[] {
  return logged.warn.splice(0).map((args) => args.map(String).join(' '));
}

/** Why the console fails the test (or the file), or undefined; resets the allowances. */
function consoleFailure(where: string): string | undefined {
  allowed.error = allowed.warn = false;
  const [error] = takeUnexpectedConsoleErrors();
  const [warning] = takeUnexpectedConsoleWarnings();
  const problems = [
    ...(error === undefined ? [] : [`console.error (call allowConsoleError() if the test expects it): ${error}`]),
    ...(warning === undefined ? [] : [`console.warn (call allowConsoleWarn() if the test expects it): ${warning}`]),
  ];
  return problems.length ? `Called ${where}: ${problems.join('; ')}` : undefined;
}

// Both checks run, then one error names everything: a failing console check must not leave the log's state behind.
function fail(...problems: (string | undefined)[]) {
  const found = problems.filter((p) => p !== undefined);
  if (found.length) throw new Error(found.join('\n'));
}
beforeEach(() => beginTest());
afterEach(() => fail(consoleFailure('during this test'), endTest()));
afterAll(() => fail(consoleFailure('outside any test of this file'), endFile()));
