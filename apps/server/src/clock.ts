// The app's one clock: the system's, or the sandbox's, which a test or the sandbox can move forward. A leaf: it
// imports nothing, so anything may take a Clock without a circle (docs/architecture.md).
export interface Clock {
  now(): Date;
  /** Moves the clock forward: a sandbox's (or a test's) way to let a waiting period pass (POST /sandbox/clock). */
  advance?(ms: number): void;
}
export const systemClock: Clock = { now: () => new Date() };

/** The system clock, plus whatever the sandbox has moved it forward by. */
export function sandboxClock(): Clock {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms) };
}
