// The console's one route table (under /ops); its navigation is nav.ts (README "Operator console").
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NAV } from './nav';
import { Shell } from './Shell';
import { HeldRecords } from './screens/HeldRecords';
import { NotFound } from './screens/NotFound';
import { Operators } from './screens/Operators';

const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { index: true, element: <Navigate to={NAV[0]!.to} replace /> },
      { path: 'records/held', element: <HeldRecords /> },
      { path: 'operators', element: <Operators /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createOpsRouter = () => createBrowserRouter(routes, { basename: '/ops' });
