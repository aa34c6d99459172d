// The landings drawn by the server (docs/performance.md, "The landing drawn by the server"): the same routes, screens
// and hospital data as the browser's first render, so that the phone paints the landing with the HTML and React, once
// its scripts have run, takes over that markup (main.tsx, hydrateRoot) instead of drawing it again. Built by
// vite.ssr.config.ts into dist-ssr/entry-server.js, which the server loads (apps/server/src/http/landing-data.ts).
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { CONTEXT_PATH, type Hospital, type Lang } from '@auto-claim/contract';
import { translatorOf } from './i18n/load';
import { LangContext, korean } from './i18n/t';
import { seedHospital } from './api/landingData';
import { routes } from './router';

const handler = createStaticHandler(routes, { basename: CONTEXT_PATH });

/**
 * The markup of `pathname`'s screen inside #root, with `hospital` as the hospital query's answer (as the page's data
 * block gives it to the browser), in `lang`; undefined where the route answers otherwise (a redirect).
 */
export async function renderScreen(
  pathname: string,
  hospital?: Hospital,
  lang: Lang = 'ko',
): Promise<string | undefined> {
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) return undefined;
  // Nothing is fetched here: what the page does not carry (the insurers) is drawn pending, as the browser first does.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (hospital) seedHospital(client, hospital);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Her language as her phone or her choice says (the server reads them): the browser starts in the same one.
  const translator = lang === 'ko' ? korean : await translatorOf(lang);
  // Prerendered, not rendered to a string: it waits for the lazily loaded parts (the landing's parts below its first
  // screen), which a string render would leave as their fallback; everything is complete before a byte is written, so
  // the markup carries no script (the CSP allows none inline).
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={client}>
        <LangContext.Provider value={translator}>
          {/* hydrate={false}: no inline script (the CSP has none); the browser's router starts from the URL. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </LangContext.Provider>
      </QueryClientProvider>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return html;
}
