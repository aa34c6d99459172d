// No control character reaches a route (docs/security.md, "A stranger's text"): PostgreSQL refuses NUL in text (the
// caller got a 500), and no field a person types holds the others. One guard over every route's body, query and path
// parameters, before validation, so a new route or field cannot forget it. Tab, CR and LF pass only in the fields the
// contract marks multi-line (`multiline`, packages/contract formats.ts). A field whose own schema refuses control
// characters is left to validation, which names it in the contract's words (the feed's "환자 이름에 쓸 수 없는 글자…").
import type { FastifyInstance } from 'fastify';
import { multilineText } from '@auto-claim/contract';
import { AppError } from './problem.js';

/** C0 and C1 controls and DEL; in a multi-line field, those but tab, LF and CR. */
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;

export const CONTROL_TEXT_MESSAGE = '쓸 수 없는 글자(NUL 같은 제어 문자)가 있어요. 글자를 확인해 다시 입력해 주세요.';

interface Def {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  in?: Schema;
  element?: Schema;
  options?: Schema[];
  left?: Schema;
  right?: Schema;
}
interface Schema {
  _zod?: { def: Def };
  safeParse?: (v: unknown) => { success: boolean };
}

/** Whether the schema (through optional, default, pipe… wrappers) is marked multi-line. */
function isMultiline(schema: Schema | undefined): boolean {
  for (let s = schema; s?._zod;) {
    if (multilineText.has(s as never)) return true;
    const def: Def = s._zod.def;
    s = def.innerType ?? def.in;
  }
  return false;
}

/** The schema of a key or an array item inside `schema`, where the schema says. */
function childOf(schema: Schema | undefined, key: string | number): Schema | undefined {
  const def = schema?._zod?.def;
  if (!def) return undefined;
  switch (def.type) {
    case 'object':
      return def.shape?.[key];
    case 'array':
      return def.element;
    case 'union':
      return def.options?.map((o) => childOf(o, key)).find(Boolean);
    case 'intersection':
      return childOf(def.left, key) ?? childOf(def.right, key);
    default:
      return childOf(def.innerType ?? def.in, key);
  }
}

/**
 * No schema of ours nests this deep: below it, validation refuses the shape, and the walk stops (a body of 100,000
 * nested arrays must not overflow the stack).
 */
const MAX_DEPTH = 32;

/** The dotted path of the first string holding a control character, as the validation errors name fields. */
export function controlCharacterAt(
  value: unknown,
  schema?: unknown,
  path: (string | number)[] = [],
): string | undefined {
  if (path.length > MAX_DEPTH) return undefined;
  if (typeof value === 'string') {
    const field = schema as Schema | undefined;
    const control = isMultiline(field) ? CONTROL_BUT_LINES : CONTROL;
    if (!control.test(value)) return undefined;
    // The field's own rule refuses exactly these characters: validation names it in the contract's words.
    const ownRule =
      field?.safeParse &&
      !field.safeParse(value).success &&
      field.safeParse(value.replace(new RegExp(control.source, 'gu'), '')).success;
    return ownRule ? undefined : path.join('.');
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const at = controlCharacterAt(value[i], childOf(schema as Schema, i), [...path, i]);
      if (at !== undefined) return at;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const at = controlCharacterAt(v, childOf(schema as Schema, k), [...path, k]);
      if (at !== undefined) return at;
    }
  }
  return undefined;
}

export function registerControlTextGuard(app: FastifyInstance) {
  // Callback style, as every hook each request runs (docs/performance.md, "Per-request work"): no promise per request.
  app.addHook('preValidation', (req, _reply, done) => {
    const schema = (req.routeOptions.schema ?? {}) as Record<string, unknown>;
    for (const [where, value] of [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ] as const) {
      const at = controlCharacterAt(value, schema[where]);
      if (at !== undefined) {
        return done(
          new AppError('VALIDATION_FAILED', CONTROL_TEXT_MESSAGE, [
            { field: at || where, message: CONTROL_TEXT_MESSAGE },
          ]),
        );
      }
    }
    done();
  });
}
