// Runs before every test file of the workspace (vitest.config.ts setupFiles): the right Node, and no console.error
// nobody expected (as the Epic Stack does: an error logged fails the test, unless it calls allowConsoleError()).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';

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

const logged: unknown[][] = [];
let allowed = false;
// A plain wrapper, not a vi.spyOn: a test's vi.restoreAllMocks() must not take the check away for the rest of its file.
const original = console.error;
console.error = (...args: unknown[]) => {
  if (!allowed) logged.push(args);
  original.apply(console, args);
};

/** The running test logs a console.error on purpose: it does not fail for it. */
export function allowConsoleError() {
  allowed = true;
}

/** The console.errors logged since the last check and not allowed, as text; forgets them. */
export function takeUnexpectedConsoleErrors(): string[] {
  return logged.splice(0).map((args) => args.map(String).join(' '));
}

function failOnLogged(where: string) {
  allowed = false;
  const [first] = takeUnexpectedConsoleErrors();
  if (first === undefined) return;
  throw new Error(`console.error was called ${where} (call allowConsoleError() if the test expects it): ${first}`);
}
afterEach(() => failOnLogged('during this test'));
afterAll(() => failOnLogged('outside any test of this file'));
