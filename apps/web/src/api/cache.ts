// The app's query cache, for the app's root (main.tsx). Apart from queryClient.ts, whose load-error message takes its
// particle from es-hangul: this module is loaded with the first screen, whose JS budget has no room for it
// (docs/performance.md, "Web: the first screen").
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * What a query loads, for spec §8's "could not load X" (queryClient.ts loadFailedMessage): a catalog message, read
     * when shown so that it is in her language then (docs/decisions/0010-message-catalogs.md).
     */
    queryMeta: { what: () => string };
  }
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again; a network blip might.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
