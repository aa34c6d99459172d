// The app's log in tests (docs/architecture.md "The test suite"): every app, worker and context a test builds logs at
// `warn` into this capture, not stdout, and after each test an entry at warn or above that the test did not announce
// fails it (setup.ts). A test announces with expectLog (the entry must then occur) or, where a file logs noise on
// purpose, allowLog with a comment saying why.
import { pino, type Logger } from 'pino';

/** The level every test logger runs at: what an operator is paged for, and nothing chattier. */
export const TEST_LOG_LEVEL = 'warn';

export interface LogMatcher {
  /** warn, or error (which also takes fatal); any level at warn or above when left out. */
  level?: 'warn' | 'error';
  /** A string is found in the message (as toThrow finds one); a RegExp is tested against it. */
  msg: string | RegExp;
}

/** One pino line as written: level, msg, time and the logger's bindings (reqId, err, what the call added). */
interface Entry {
  level: number;
  msg?: string;
  [field: string]: unknown;
}

let captured: Entry[] = [];
/** Lines written outside any test (beforeAll, afterAll, between tests): judged when the file ends. */
let outside: Entry[] = [];
let inTest = false;
const fileAllows: LogMatcher[] = [];
let testAllows: LogMatcher[] = [];
let expected: { matcher: LogMatcher & { count?: number }; seen: number }[] = [];

/** A pino destination: each line is kept, parsed, until the test ends (pino writes it at the call, synchronously). */
export const testLogStream = {
  write(line: string) {
    captured.push(JSON.parse(line) as Entry);
  },
};

/** A logger for a context or a worker a test builds itself (buildApp takes testLogStream). */
export function testLogger(): Logger {
  return pino({ level: TEST_LOG_LEVEL }, testLogStream);
}

/**
 * The running test logs this entry on purpose: it fails unless the entry occurs (`count` times exactly, when given;
 * at least once otherwise), and the entry does not fail it.
 */
export function expectLog(matcher: LogMatcher & { count?: number }) {
  if (!inTest) throw new Error('expectLog is called inside a test (allowLog announces noise for a whole file)');
  expected.push({ matcher, seen: 0 });
}

/**
 * Entries like this do not fail, whether they occur or not: for the running test when called inside one, for the
 * whole file when called outside any (at the top of the file or in beforeAll). Say why beside the call.
 */
export function allowLog(matcher: LogMatcher) {
  (inTest ? testAllows : fileAllows).push(matcher);
}

function matches(m: LogMatcher, e: Entry): boolean {
  if (m.level === 'warn' && e.level !== 40) return false;
  if (m.level === 'error' && e.level < 50) return false;
  const msg = e.msg ?? '';
  return typeof m.msg === 'string' ? msg.includes(m.msg) : m.msg.test(msg);
}

const LEVELS: Record<number, string> = { 40: 'warn', 50: 'error', 60: 'fatal' };

/** An entry as a failure shows it: level, message and the bindings, an error by its type, message and first frames. */
export function describeEntry(e: Entry): string {
  const { level, msg, time: _time, pid: _pid, hostname: _hostname, ...rest } = e;
  const err = rest.err as { type?: string; message?: string; stack?: string } | undefined;
  if (err) {
    const frames = (err.stack ?? '')
      .split('\n')
      .slice(1, 4)
      .map((l) => l.trim());
    rest.err = { type: err.type, message: err.message, ...(frames.length ? { at: frames } : {}) };
  }
  return `${LEVELS[level] ?? level} "${msg ?? ''}" ${JSON.stringify(rest)}`;
}

/** setup.ts, before each test: what was logged until now was logged outside any test. */
export function beginTest() {
  outside.push(...captured);
  captured = [];
  inTest = true;
  testAllows = [];
  expected = [];
}

/** setup.ts, after each test: why its log fails it, or undefined. Forgets its entries and announcements. */
export function endTest(): string | undefined {
  const entries = captured;
  captured = [];
  inTest = false;
  const unannounced: Entry[] = [];
  for (const e of entries) {
    const announced = expected.find((x) => matches(x.matcher, e));
    if (announced) announced.seen++;
    else if (![...testAllows, ...fileAllows].some((m) => matches(m, e))) unannounced.push(e);
  }
  const missing = expected.filter((x) => (x.matcher.count === undefined ? x.seen === 0 : x.seen !== x.matcher.count));
  testAllows = [];
  expected = [];
  const problems = [
    ...missing.map(
      ({ matcher: m, seen }) =>
        `expectLog(${m.level ?? 'warn or error'} ${String(m.msg)}) was announced ` +
        `${m.count === undefined ? 'at least once' : `${m.count} time(s)`} and occurred ${seen} time(s)`,
    ),
    ...unannounced.map((e) => `logged without expectLog or allowLog: ${describeEntry(e)}`),
  ];
  return problems.length ? `The app's log in this test:\n  ${problems.join('\n  ')}` : undefined;
}

/** setup.ts, when the file ends: why what was logged outside any test fails the file, or undefined. */
export function endFile(): string | undefined {
  const entries = [...outside, ...captured].filter((e) => !fileAllows.some((m) => matches(m, e)));
  outside = [];
  captured = [];
  if (!entries.length) return undefined;
  return `The app logged outside any test of this file (allowLog at the file's top announces noise):\n  ${entries
    .map(describeEntry)
    .join('\n  ')}`;
}
