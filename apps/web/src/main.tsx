import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/queryClient';
import { seedLandingData } from './api/landingData';
import { router } from './router';
import './styles.css';

seedLandingData(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

// Focus and announcement at each screen change (README "Accessibility and older patients"), its own chunk, fetched
// once the first screen has loaded (the first screen needs none: the browser reads a new page by itself).
const watchScreens = () => void import('./screenChange').then((m) => m.w(router));
if (document.readyState === 'complete') watchScreens();
else addEventListener('load', watchScreens, { once: true });

// The funnel's screen views, once the first screen has had its second (none of their code in the landing's JS).
setTimeout(() => import('./funnel').then((f) => f.s(router)), 999);
