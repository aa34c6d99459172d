import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/queryClient';
import { seedLandingData } from './api/landingData';
import { createAppRouter, type AppRouter } from './router';

seedLandingData(queryClient);
const router = createAppRouter();

/** Calls `then` once, after React's first commit: the first screen is on and React has it. */
function Committed({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

let committed = false;
const afterFirstScreen = () => {
  if (committed) return;
  committed = true;
  // Focus and announcement at each screen change (README "Accessibility and older patients"), its own chunk, fetched
  // once the first screen has loaded (the first screen needs none: the browser reads a new page by itself).
  const watchScreens = () => void import('./screenChange').then((m) => m.w(router));
  if (document.readyState === 'complete') watchScreens();
  else addEventListener('load', watchScreens, { once: true });
};

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
    <Committed then={afterFirstScreen} />
  </StrictMode>
);

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

// A landing comes drawn by the server (docs/performance.md, "The landing drawn by the server"): React takes over the
// markup where it is instead of drawing it again; every other screen is drawn here.
const root = document.getElementById('root')!;
if (root.firstElementChild) void routed(router).then(() => hydrateRoot(root, app));
else createRoot(root).render(app);

// The funnel's screen views, once the first screen has had its second (none of their code in the landing's JS).
setTimeout(() => import('./funnel').then((f) => f.s(router)), 999);
