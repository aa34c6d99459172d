// The console's one route table (under /ops); its navigation is shell/nav.ts (README "Operator console").
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Shell } from './shell/Shell';
import { Dashboard } from './dashboard/Dashboard';
import { AccessLog } from './access-log/AccessLog';
import { ClaimDetail } from './claims/ClaimDetail';
import { Claims } from './claims/Claims';
import { DeadLetters } from './dead-letters/DeadLetters';
import { NotificationDeadLetters } from './dead-letters/NotificationDeadLetters';
import { HeldRecords } from './held/HeldRecords';
import { HospitalDetail } from './hospitals/HospitalDetail';
import { Hospitals } from './hospitals/Hospitals';
import { InsurerDetail, Insurers } from './insurers/Insurers';
import { Terms } from './terms/Terms';
import { TermsReagree } from './terms/TermsReagree';
import { NotFound } from './shell/NotFound';
import { Operators } from './operators/Operators';
import { RelationDocuments } from './children/RelationDocuments';
import { RelationDocument } from './children/RelationDocument';
import { InsuredDisputes } from './children/InsuredDisputes';
import { Subscriber } from './subscribers/Subscriber';
import { HospitalMonthScreen } from './hospital-portal/HospitalMonth';
import { DocumentRequestsScreen } from './hospital-portal/DocumentRequests';
import { DeskScreen } from './hospital-portal/Desk';
import { DocumentRequests } from './document-requests/DocumentRequests';
import { FirstScreen } from './shell/FirstScreen';

const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { index: true, element: <FirstScreen /> },
      { path: 'my-hospital', element: <HospitalMonthScreen /> },
      { path: 'my-hospital/document-requests', element: <DocumentRequestsScreen /> },
      { path: 'my-hospital/desk', element: <DeskScreen /> },
      { path: 'document-requests', element: <DocumentRequests /> },
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
