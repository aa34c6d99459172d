// The console's one route table (under /ops); its navigation is nav.ts (README "Operator console").
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NAV } from './nav';
import { Shell } from './Shell';
import { Dashboard } from './screens/Dashboard';
import { AccessLog } from './screens/AccessLog';
import { ClaimDetail } from './screens/ClaimDetail';
import { Claims } from './screens/Claims';
import { DeadLetters } from './screens/DeadLetters';
import { NotificationDeadLetters } from './screens/NotificationDeadLetters';
import { HeldRecords } from './screens/HeldRecords';
import { HospitalDetail } from './screens/HospitalDetail';
import { Hospitals } from './screens/Hospitals';
import { InsurerDetail, Insurers } from './screens/Insurers';
import { Terms } from './screens/Terms';
import { TermsReagree } from './screens/TermsReagree';
import { NotFound } from './screens/NotFound';
import { Operators } from './screens/Operators';
import { RelationDocuments } from './screens/RelationDocuments';
import { RelationDocument } from './screens/RelationDocument';
import { InsuredDisputes } from './screens/InsuredDisputes';
import { Subscriber } from './screens/Subscriber';

const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { index: true, element: <Navigate to={NAV[0]!.to} replace /> },
      { path: 'dashboard', element: <Dashboard /> },
      { path: 'claims', element: <Claims /> },
      { path: 'claims/:claimId', element: <ClaimDetail /> },
      { path: 'subscribers/:insuApplyId', element: <Subscriber /> },
      { path: 'dead-letters', element: <DeadLetters /> },
      { path: 'notifications/dead-letters', element: <NotificationDeadLetters /> },
      { path: 'access-log', element: <AccessLog /> },
      { path: 'records/held', element: <HeldRecords /> },
      { path: 'relation-documents', element: <RelationDocuments /> },
      { path: 'relation-documents/:docId', element: <RelationDocument /> },
      { path: 'insured-disputes', element: <InsuredDisputes /> },
      { path: 'hospitals', element: <Hospitals /> },
      { path: 'hospitals/:hospitalCd', element: <HospitalDetail /> },
      { path: 'insurers', element: <Insurers /> },
      { path: 'insurers/:insuCompCd', element: <InsurerDetail /> },
      { path: 'terms', element: <Terms /> },
      { path: 'terms/reagree', element: <TermsReagree /> },
      { path: 'operators', element: <Operators /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createOpsRouter = () => createBrowserRouter(routes, { basename: '/ops' });
