// The landings (spec §2: /vuex/auto-claim/{hospitalCd} and /vuex/auto-claim/introduce/{hospitalCd}) need their
// hospital before they can show anything. Rather than a second round trip after the JS, the server writes the
// hospital's public reference data into index.html as a JSON data block, which the web app seeds its query with
// (apps/web/src/api/landingData.ts). A data block is never executed, so the CSP needs no nonce for it
// (http/security.ts); `<` is escaped so that no value can close the script element.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { APP_ROOT, CONTEXT_PATH } from '@auto-claim/contract';
import type { Database } from '../db/schema.js';
import { publicHospital } from '../modules/reference/index.js';

/** The id of the data block; the web app reads it by this id. */
export const LANDING_DATA_ID = 'landing-hospital';

const LANDING = new RegExp(`^${APP_ROOT}/(?:introduce/)?(\\d{8})/?$`);

/** The hospital code of a landing path, or undefined for any other path. */
export const landingHospitalCd = (pathname: string) => LANDING.exec(pathname)?.[1];

/** The screen each landing path shows (apps/web/src/router.tsx), as Vite's manifest names its source. */
function landingScreen(pathname: string) {
  if (pathname === APP_ROOT || pathname === `${APP_ROOT}/`) return 'src/screens/InnerLanding.tsx';
  if (pathname.startsWith(`${APP_ROOT}/introduce/`)) return 'src/screens/Introduce.tsx';
  return 'src/screens/OuterLanding.tsx';
}

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
const manifests = new Map<string, Manifest | undefined>();
function manifestOf(webDist: string) {
  if (!manifests.has(webDist)) {
    const file = path.join(webDist, '.vite/manifest.json');
    manifests.set(webDist, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : undefined);
  }
  return manifests.get(webDist);
}

/**
 * modulepreload links for the landing screen's chunk and its static imports beyond what the HTML already loads:
 * the browser fetches them with the entry, instead of after the entry has run and asked for the route.
 */
export function landingPreloads(webDist: string, pathname: string) {
  const manifest = manifestOf(webDist);
  const screen = landingScreen(pathname);
  if (!manifest?.[screen]) return '';
  const closure = (key: string, seen: Set<string>): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const loaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, loaded);
  return [...closure(screen, new Set())]
    .filter((key) => !loaded.has(key))
    .map((key) => `<link rel="modulepreload" crossorigin href="${CONTEXT_PATH}/${manifest[key]!.file}">`)
    .join('');
}

/** JSON safe inside a script element: no `<` (so no `</script>` or `<!--`), and no line separators. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * index.html for `pathname`: with the hospital's data inlined when it is a landing of a known hospital, else as
 * built (an unknown code shows the app's usual message after its own call). A database error never breaks the page.
 */
export async function landingHtml(
  db: Kysely<Database>,
  webDist: string,
  pathname: string,
  indexHtml: Buffer,
): Promise<Buffer> {
  const hospitalCd = landingHospitalCd(pathname);
  const inner = pathname === APP_ROOT || pathname === `${APP_ROOT}/`;
  if (!hospitalCd && !inner) return indexHtml;
  const hospital = hospitalCd ? await publicHospital(db, hospitalCd).catch(() => undefined) : undefined;
  const data = hospital
    ? `<script type="application/json" id="${LANDING_DATA_ID}">${scriptSafeJson(hospital)}</script>`
    : '';
  // The hospital's picture is the landing's largest paint: fetched with the scripts, not after the app has drawn.
  const thumbnail = hospital?.hospitalThumbnail;
  const picture =
    thumbnail && /^\/[\w./-]+$/.test(thumbnail)
      ? `<link rel="preload" as="image" href="${thumbnail}" fetchpriority="high">`
      : '';
  const block = landingPreloads(webDist, pathname) + picture + data;
  if (!block) return indexHtml;
  const html = indexHtml.toString('utf8');
  const at = html.indexOf('</head>');
  return Buffer.from(at < 0 ? block + html : html.slice(0, at) + block + html.slice(at), 'utf8');
}
