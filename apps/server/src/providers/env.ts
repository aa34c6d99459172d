// What the provider kinds' variables share. Each kind parses its own variables (its index.ts: `<kind>Env`) and turns
// them into its part of the Config (`<kind>Config`); config.ts composes the parts (docs/operations.md, "Variables").
import { z } from 'zod';

/** An optional variable: unset and empty both mean "not set". */
export const unsetOr = <T extends z.ZodType>(schema: T) =>
  schema.optional().or(z.literal('').transform(() => undefined));

/**
 * A value the chosen vendor needs, handed on as set: an unset one is written down (`what`, the variable and what it
 * is) and loadConfig refuses to start, naming every one written down in one message.
 */
export type Need = <T>(value: T | undefined, what: string) => T;
