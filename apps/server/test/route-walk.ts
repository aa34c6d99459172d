// The app's routes as the walks over every route see them (http/validation-korean.test.ts: every refusal is Korean;
// http/control-text.test.ts: no control character reaches the database): each route with its zod schemas, and the fields
// of an object schema through its wrappers.
import type { RouteOptions } from 'fastify';

export type Schema = { safeParse(v: unknown): { success: boolean }; _zod: { def: Def } };
type Def = {
  type: string;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  in?: Schema;
  options?: Schema[];
  left?: Schema;
  right?: Schema;
};
const isZod = (s: unknown): s is Schema => typeof s === 'object' && s !== null && '_zod' in s;

/** The fields of an object schema, through optional, default, pipe and union wrappers. */
export function fieldsOf(schema: Schema | undefined): Record<string, Schema> {
  const def = schema?._zod.def;
  switch (def?.type) {
    case 'object':
      return def.shape ?? {};
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return fieldsOf(def.innerType);
    case 'pipe':
      return fieldsOf(def.in);
    case 'union':
      return Object.assign({}, ...(def.options ?? []).map(fieldsOf)) as Record<string, Schema>;
    case 'intersection':
      return { ...fieldsOf(def.left), ...fieldsOf(def.right) };
    default:
      return {};
  }
}

export interface Route {
  method: string;
  url: string;
  body?: Schema;
  querystring?: Schema;
  params?: Schema;
  /** A route's own body limit, when it has one. */
  bodyLimit?: number;
}

/** Every route of the app, a row per method, with the schemas it validates. */
export const routesOf = (app: { routeList: readonly RouteOptions[] }): Route[] =>
  app.routeList
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ r, method })))
    .map(({ r, method }) => {
      const s = (r.schema ?? {}) as Record<string, unknown>;
      return {
        method,
        url: r.url,
        body: isZod(s.body) ? s.body : undefined,
        querystring: isZod(s.querystring) ? s.querystring : undefined,
        params: isZod(s.params) ? s.params : undefined,
        bodyLimit: r.bodyLimit,
      };
    });
