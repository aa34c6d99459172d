// Picks the layout from the matched route's metadata (spec §2: falls back to the empty layout) and sets the title.
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import type { RouteMeta } from '../router';
import { UiHost } from '../ui/UiHost';
import { AutoClaimLayout } from './AutoClaimLayout';
import { EmptyLayout } from './EmptyLayout';

const APP_NAME = '자동청구';

export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteMeta | undefined;
  return handle ?? { title: '' };
}

export function AppShell() {
  const meta = useRouteMeta();
  const { search } = useLocation();
  const title = typeof meta.title === 'function' ? meta.title(new URLSearchParams(search)) : meta.title;

  useEffect(() => {
    document.title = title && title !== APP_NAME ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);

  const Layout = meta.layout === 'autoClaim' || meta.layout === 'web' ? AutoClaimLayout : EmptyLayout;
  return (
    <>
      <Layout title={title} hideBack={meta.hideBack ?? false}>
        <Outlet />
      </Layout>
      <UiHost />
    </>
  );
}
