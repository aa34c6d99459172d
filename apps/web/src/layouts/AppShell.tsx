// Picks the layout from the matched route's metadata (spec §2: falls back to the empty layout), sets the title, hosts
// the UI kit and wires the API client's 401 to the logout alert and its STEP_UP_REQUIRED to the step-up sheet.
import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { setStepUpHandler } from '../api/client';
import { useLogoutAlert } from '../auth/useLogoutAlert';
import type { RouteMeta } from '../routeMeta';
import { useTitleOverride } from '../screenTitle';
import { useT } from '../i18n/t';
import { UiHost } from '../ui/UiHost';
import { AutoClaimLayout } from './AutoClaimLayout';
import { EmptyLayout } from './EmptyLayout';

// The step-up sheet's code loads with the first STEP_UP_REQUIRED, not with the landing (JS budget of the first screen).
const StepUpHost = lazy(() => import('../auth/stepUp'));

export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteMeta | undefined;
  return handle ?? { title: '' };
}

export function AppShell() {
  const t = useT();
  const meta = useRouteMeta();
  useLogoutAlert();
  const [stepUpUsed, setStepUpUsed] = useState(false);
  useEffect(() => {
    setStepUpHandler((detail) => {
      setStepUpUsed(true);
      return import('../auth/stepUp').then((m) => m.askStepUp(detail));
    });
  }, []);
  const { search, pathname } = useLocation();
  const override = useTitleOverride();
  const routeTitle = typeof meta.title === 'function' ? meta.title(new URLSearchParams(search)) : meta.title;
  // A screen that names its own title while shown (screenTitle.ts): 'my subscription' on the summary's route.
  const title = override.title && override.path === pathname ? override.title : routeTitle;

  const appName = t('app.name', '자동청구');
  useEffect(() => {
    document.title = title && title !== appName ? `${title} | ${appName}` : appName;
  }, [title, appName]);

  const Layout = meta.layout === 'autoClaim' || meta.layout === 'web' ? AutoClaimLayout : EmptyLayout;
  return (
    <>
      <Layout title={title} hideBack={meta.hideBack ?? false}>
        <Outlet />
      </Layout>
      <UiHost />
      {stepUpUsed && (
        <Suspense fallback={null}>
          <StepUpHost />
        </Suspense>
      )}
    </>
  );
}
