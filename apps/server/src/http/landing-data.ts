// The landings (spec §2: /vuex/auto-claim/{hospitalCd} and /vuex/auto-claim/introduce/{hospitalCd}) need their
// hospital before they can show anything. Rather than a second round trip after the JS, the server writes the
// hospital's public reference data into index.html as a JSON data block, which the web app seeds its query with
// (apps/web/src/api/landingData.ts). A data block is never executed, so the CSP needs no nonce for it
// (http/security.ts); `<` is escaped so that no value can close the script element.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { APP_ROOT, CONTEXT_PATH, type Hospital, type Lang } from '@auto-claim/contract';
import { pageOf, type Page } from './page.js';

/** A hospital's public reference data by its code (the reference module's, handed in by app.ts). */
export type HospitalOf = (hospitalCd: string) => Promise<Hospital | undefined>;

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
 * modulepreload links for the landing screen's chunk and its static imports beyond what the page already names (the
 * entry and its imports): the browser fetches them with the entry, instead of after the entry has asked for the route.
 */
function landingPreloads(webDist: string, pathname: string, page: string) {
  const manifest = manifestOf(webDist);
  const screen = landingScreen(pathname);
  if (!manifest?.[screen]) return '';
  const closure = (key: string, seen: Set<string>): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const href = (key: string) => `${CONTEXT_PATH}/${manifest[key]!.file}`;
  return [...closure(screen, new Set())]
    .filter((key) => !page.includes(`"${href(key)}"`))
    .map((key) => `<link rel="modulepreload" crossorigin href="${href(key)}">`)
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

type RenderScreen = (pathname: string, hospital?: Hospital, lang?: Lang) => Promise<string | undefined>;

/**
 * The web app's server render (apps/web/src/entry-server.tsx), built beside the browser's files into dist-ssr by
 * `npm run build`; a server started on a build without it sends the landings undrawn, as before.
 */
function loadRenderer(webDist: string): Promise<RenderScreen | undefined> {
  const file = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return Promise.resolve(undefined);
  return import(pathToFileURL(file).href).then((m: { renderScreen: RenderScreen }) => m.renderScreen);
}

const ROOT = '<div id="root"></div>';
/** The id of the list of chunks that the boot script preloads after a drawn page's first paint (apps/web/src/boot.ts). */
export const AFTER_PAINT_ID = 'after-paint';
/** A modulepreload link as Vite and landingPreloads write them, with its href; each on its own, with its line's indent. */
const MODULEPRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/** A page with its compressed forms is about 10 KB: 1,000 of them (hospitals × landing paths), then start again. */
const MAX_PAGES = 1_000;

/**
 * index.html for a landing's path: the hospital's data inlined when it is known, the picture preloaded, and the
 * screen itself drawn into #root (so the phone paints it with the HTML, before any script; the app's chunks, the
 * screen's among them, then listed for the boot script to fetch after that paint, or preloaded when undrawn). Each
 * page is made once per path and hospital data (a change to the hospital is a new key) and kept with its compressed
 * forms. Undefined for any other path: the page as built. A database error or a render that fails never breaks it.
 */
export function landingPages(hospitalOf: HospitalOf, webDist: string, indexHtml: Buffer) {
  const pages = new Map<string, Promise<Page>>();
  let renderer: Promise<RenderScreen | undefined> | undefined;
  const render = () => (renderer ??= loadRenderer(webDist));
  return async (pathname: string, log: FastifyBaseLogger, lang: Lang = 'ko'): Promise<Page | undefined> => {
    const hospitalCd = landingHospitalCd(pathname);
    const inner = pathname === APP_ROOT || pathname === `${APP_ROOT}/`;
    if (!hospitalCd && !inner) return undefined;
    const hospital = hospitalCd ? await hospitalOf(hospitalCd).catch(() => undefined) : undefined;
    // A page of an unknown code is the same for every code: one entry, however many codes are asked for.
    const key =
      (hospital || inner ? `${pathname}\n${JSON.stringify(hospital ?? null)}` : landingScreen(pathname)) + `\n${lang}`;
    let page = pages.get(key);
    if (!page) {
      if (pages.size >= MAX_PAGES) pages.clear();
      // Drawn only where the browser's first render draws the same: the hospital known (its data is in the page),
      // or the inner landing, which needs none. An unknown code is left to the app, which asks and says so.
      page = makeLandingPage(
        webDist,
        pathname,
        indexHtml,
        hospital,
        hospital || inner ? render() : undefined,
        log,
        lang,
      );
      pages.set(key, page);
    }
    return page;
  };
}

async function makeLandingPage(
  webDist: string,
  pathname: string,
  indexHtml: Buffer,
  hospital: Hospital | undefined,
  renderer: Promise<RenderScreen | undefined> | undefined,
  log: FastifyBaseLogger,
  lang: Lang,
): Promise<Page> {
  const data = hospital
    ? `<script type="application/json" id="${LANDING_DATA_ID}">${scriptSafeJson(hospital)}</script>`
    : '';
  // The hospital's picture is the landing's largest paint: fetched with the scripts, not after the app has drawn.
  const thumbnail = hospital?.hospitalThumbnail;
  const picture =
    thumbnail && /^\/[\w./-]+$/.test(thumbnail)
      ? `<link rel="preload" as="image" href="${thumbnail}" fetchpriority="high">`
      : '';
  const render = await renderer?.catch((error: unknown) => {
    log.warn({ err: error }, 'the landings server render could not be loaded; landings go undrawn');
    return undefined;
  });
  // The page's language is hers (docs/decisions/0010-message-catalogs.md): screen readers read it in the right voice.
  let html = indexHtml.toString('utf8').replace('<html lang="ko">', `<html lang="${lang}">`);
  const markup =
    render && html.includes(ROOT)
      ? await render(pathname, hospital, lang).catch((error: unknown) => {
          log.warn({ err: error, route: 'landing' }, 'landing server render failed; the page goes undrawn');
          return undefined;
        })
      : undefined;
  let block = landingPreloads(webDist, pathname, html) + picture + data;
  if (markup) {
    // The page paints without its scripts, and the app's code is asked for after that paint (apps/web/src/boot.ts):
    // on a phone's slow link, 115 KB of script would otherwise share it with the stylesheet and the picture, which
    // the paint needs. The chunks the page would preload become the list the boot script preloads then.
    const chunks: string[] = [];
    const drop = (page: string) =>
      page.replace(MODULEPRELOAD, (_link, href: string) => {
        chunks.push(href);
        return '';
      });
    html = drop(html).replace(ROOT, () => `<div id="root">${markup}</div>`);
    block = drop(block) + `<script type="application/json" id="${AFTER_PAINT_ID}">${scriptSafeJson(chunks)}</script>`;
  }
  const end = html.indexOf('</head>');
  html = end < 0 ? block + html : html.slice(0, end) + block + html.slice(end);
  return pageOf(Buffer.from(html, 'utf8'));
}
