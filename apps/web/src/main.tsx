import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/cache';
import { seedLandingData } from './api/landingData';
import { firstScreenDone, whenIdle } from './later';
import { applyLang, initialLang } from './i18n/lang';
import { LangContext, useTranslator } from './i18n/t';
import { createAppRouter, type AppRouter } from './router';
import { startFromAddress } from './screens/auth/start';

/** Calls `then` once, after React's first commit: the first screen is on and React has it. */
function Committed({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

/** Every screen in her language: drawn again when she switches (i18n/LangSwitch.tsx). */
function InHerLanguage({ children }: { children: ReactNode }) {
  return <LangContext.Provider value={useTranslator()}>{children}</LangContext.Provider>;
}

/** Resolves once the route's code has arrived (its chunks are preloaded by the page): the first render is whole. */
const routed = (r: AppRouter) =>
  new Promise<void>((resolve) => {
    if (r.state.initialized) return resolve();
    const stop = r.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

/** A new task: what comes after runs apart from what came before (no long task of both on a slow phone). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * Starts the app (boot.ts calls it once this module has been evaluated, in a task of its own): the router, then React
 * on the page, each in its own task. A landing comes drawn by the server (docs/performance.md, "The landing drawn by
 * the server"): React takes over the markup where it is (in a transition, so that it yields to the phone every few
 * milliseconds) instead of drawing it again; every other screen is drawn here.
 */
export async function start() {
  // Her language before the first render: a landing drawn by the server in it is taken over as it is. Korean, the
  // source, loads nothing; another language its catalog (docs/decisions/0010-message-catalogs.md).
  const lang = initialLang();
  if (lang !== 'ko') await applyLang(lang, false);
  seedLandingData(queryClient);
  // The landing's start link, tapped before the app had taken the landing over, opened this page.
  startFromAddress();
  const router = createAppRouter();

  let committed = false;
  const afterFirstScreen = () => {
    if (committed) return;
    committed = true;
    firstScreenDone();
    // The first screen as it was put up: the funnel counts it even if she has moved on before its code arrives.
    const first = router.state;
    // Focus and announcement at each screen change (README "Accessibility and older patients"), and the funnel's
    // screen views: their own chunks, after the first input or idle (the first screen needs neither: the browser
    // reads a new page by itself).
    whenIdle(() => import('./screenChange').then((m) => m.w(router, first.location.key)));
    whenIdle(() => import('./funnel').then((f) => f.s(router, first)));
  };

  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <InHerLanguage>
          <RouterProvider router={router} />
        </InHerLanguage>
      </QueryClientProvider>
      <Committed then={afterFirstScreen} />
    </StrictMode>
  );

  const root = document.getElementById('root')!;
  if (!root.firstElementChild) return void createRoot(root).render(app);
  await routed(router);
  await nextTask();
  startTransition(() => void hydrateRoot(root, app));
}
