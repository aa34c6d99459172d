// The whole route table in one file, mirroring spec §2. Each route: its path below /vuex/auto-claim, Korean title,
// layout (falls back to empty; guarded screens default to the auto-claim layout) and a lazily loaded screen.
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { APP_BASE, CONTEXT_PATH } from '@auto-claim/contract';
import { AppShell } from './layouts/AppShell';
import { t } from './i18n/t';
import { RouteError } from './screens/RouteError';
import { loadChunk, loadScreen } from './lazyScreen';
import type { RouteMeta } from './routeMeta';

type ScreenModule = { default: ComponentType };
interface RouteDef extends RouteMeta {
  path: string;
  /** The screen, loaded when the route is first visited (route-level code splitting). */
  screen: () => Promise<ScreenModule>;
}

const guarded = (path: string, title: RouteDef['title'], screen: RouteDef['screen']): RouteDef => ({
  path: `/security/${path}`,
  title,
  guarded: true,
  layout: 'autoClaim',
  screen,
});
const open = (
  path: string,
  title: RouteDef['title'],
  layout: RouteDef['layout'],
  screen: RouteDef['screen'],
): RouteDef => ({ path, title, layout, screen });
const web = (path: string, title: RouteDef['title'], screen: RouteDef['screen']): RouteDef => ({
  path: `/web/${path}`,
  title,
  layout: 'web',
  screen,
});

export const ROUTE_TABLE: RouteDef[] = [
  // Guarded screens (spec §2); whose, childInfo and relationDoc are ours (README "A parent enrols her children")
  guarded(
    'whose',
    () => t('route.whose', '누구의 진료인가요?'),
    () => import('./screens/security/Whose'),
  ),
  guarded(
    'childInfo',
    () => t('route.childInfo', '자녀 정보'),
    () => import('./screens/security/ChildInfo'),
  ),
  guarded(
    'relationDoc',
    () => t('route.relationDoc', '가족관계 서류'),
    () => import('./screens/security/RelationDoc'),
  ),
  guarded(
    'jumin',
    () => t('route.jumin', '주민등록번호 입력'),
    () => import('./screens/security/Jumin'),
  ),
  guarded(
    'possibleHospital',
    () => t('route.possibleHospital', '자동청구 병원 선택'),
    () => import('./screens/security/PossibleHospital'),
  ),
  guarded(
    'insuChoose',
    () => t('route.insuChoose', '보험사 선택'),
    () => import('./screens/security/InsuChoose'),
  ),
  guarded(
    'claimAgreeInfo',
    () => t('route.claimAgreeInfo', '보험사 약관 동의'),
    () => import('./screens/security/ClaimAgreeInfo'),
  ),
  guarded(
    'paymentAccount',
    () => t('route.paymentAccount', '보험금 받을 계좌'),
    () => import('./screens/security/PaymentAccount'),
  ),
  guarded(
    'document',
    () => t('route.document', '제출 서류 안내'),
    () => import('./screens/security/Document'),
  ),
  guarded(
    'paymentCenter',
    () => t('route.paymentCenter', '보험금 지급 안내'),
    () => import('./screens/security/PaymentCenter'),
  ),
  guarded(
    'idPhotoInfo',
    () => t('route.idPhotoInfo', '신분증 촬영 안내'),
    () => import('./screens/security/IdPhotoInfo'),
  ),
  guarded(
    'photo',
    () => t('route.photo', '신분증 촬영'),
    () => import('./screens/security/Photo'),
  ),
  guarded(
    'expenses',
    () => t('route.expenses', '청구 금액 설정'),
    () => import('./screens/security/Expenses'),
  ),
  guarded(
    'retro',
    () => t('route.retro', '지난 진료 청구 기간'),
    () => import('./screens/security/Retro'),
  ),
  guarded(
    'adress',
    () => t('route.adress', '주소'),
    () => import('./screens/security/Adress'),
  ),
  guarded(
    'job',
    () => t('route.job', '직업'),
    () => import('./screens/security/Job'),
  ),
  guarded(
    'email',
    () => t('route.email', '이메일'),
    () => import('./screens/security/Email'),
  ),
  guarded(
    'signature',
    () => t('route.signature', '서명'),
    () => import('./screens/security/Signature'),
  ),
  guarded(
    'applyHistory',
    () => t('route.applyHistory', '자동청구 신청'),
    () => import('./screens/security/ApplyHistory'),
  ),
  guarded(
    'docComissionView',
    () => t('route.docComissionView', '위임장'),
    () => import('./screens/security/DocComissionView'),
  ),
  guarded(
    'docAgreeView',
    () => t('route.docAgreeView', '동의서'),
    () => import('./screens/security/DocAgreeView'),
  ),
  // Unguarded screens (spec §2)
  open(
    '/authAgreeInfo',
    () => t('route.authAgreeInfo', '약관 동의'),
    'empty',
    () => import('./screens/auth/AuthAgreeInfo'),
  ),
  open(
    '/selfAuthSelect',
    () => t('route.selfAuthSelect', '본인인증 방법 선택'),
    'autoClaim',
    () => import('./screens/auth/SelfAuthSelect'),
  ),
  open(
    '/identity',
    () => t('route.identity', '휴대폰 본인인증'),
    'autoClaim',
    () => import('./screens/auth/Identity'),
  ),
  open(
    '/certInput',
    () => t('route.certInput', '인증번호 입력'),
    'autoClaim',
    () => import('./screens/auth/CertInput'),
  ),
  { path: '/excute', title: '', layout: 'autoClaim', hideBack: true, screen: () => import('./screens/auth/Excute') },
  open(
    '/introduce/:hospitalCd',
    () => t('route.introduce', '병원 소개'),
    'empty',
    () => import('./screens/Introduce'),
  ),
  open(
    '/',
    () => t('app.name', '자동청구'),
    'empty',
    () => import('./screens/InnerLanding'),
  ),
  // A hospital desk's QR code (README "A helper beside her"); before /:hospitalCd, which would take it for a code.
  open(
    '/desk',
    () => t('route.desk', '접수대에서 이어 가기'),
    'empty',
    () => import('./screens/Desk'),
  ),
  open(
    '/:hospitalCd',
    () => t('app.name', '자동청구'),
    'empty',
    () => import('./screens/OuterLanding'),
  ),
  // Web variants (spec §2)
  web(
    'idPhotoInfo',
    () => t('route.web.idPhotoInfo', '신분증 촬영 안내'),
    () => import('./screens/web/IdPhotoInfo'),
  ),
  web(
    'IDPhoto',
    () => t('route.web.IDPhoto', '신분증 제출'),
    () => import('./screens/web/IDPhoto'),
  ),
  web(
    'complete',
    (q) =>
      q.get('type') === 'idSubmit' ? t('route.web.IDPhoto', '신분증 제출') : t('route.web.complete', '자동청구 완료'),
    () => import('./screens/web/Complete'),
  ),
  web(
    'treat',
    () => t('route.web.treat', '자동청구 진료 내역'),
    () => import('./screens/web/Treat'),
  ),
  // Ours: her monthly statement (README "The monthly statement"), opened from its message's link.
  web(
    'statement',
    () => t('route.web.statement', '자동청구 월간 명세'),
    () => import('./screens/web/Statement'),
  ),
  web(
    'jumin',
    () => t('route.web.jumin', '주민등록번호 입력'),
    () => import('./screens/web/Jumin'),
  ),
  web(
    'signature',
    () => t('route.web.signature', '서명'),
    () => import('./screens/web/Signature'),
  ),
  web(
    'docComissionView',
    () => t('route.web.docComissionView', '위임장'),
    () => import('./screens/web/DocComissionView'),
  ),
  web(
    'docAgreeView',
    () => t('route.web.docAgreeView', '동의서'),
    () => import('./screens/web/DocAgreeView'),
  ),
];

/** The guard of the /security/ screens (spec §5), its own chunk. */
export const loadGuard = () => loadChunk(() => import('./auth/guard'), 'guard');

const toRoute = ({ path, screen, ...meta }: RouteDef): RouteObject => ({
  path: path === '/' ? undefined : path.slice(1),
  index: path === '/',
  handle: { layout: meta.guarded ? 'autoClaim' : 'empty', ...meta } satisfies RouteMeta,
  lazy: async () => {
    // The guard (and the session calls behind it) loads with the first guarded screen, not with the landing: side by
    // side with the screen's chunk, through the same wrapper (spec §8's chunk loading error, spec §9's 120 s).
    const [{ Component: Screen }, guard] = await Promise.all([
      loadScreen(screen, path),
      meta.guarded ? loadGuard() : undefined,
    ]);
    if (!guard) return { Component: Screen };
    const { Guard } = guard;
    return {
      Component: () => (
        <Guard>
          <Screen />
        </Guard>
      ),
    };
  },
});

/** Every route, for the browser's router (main.tsx) and the server's first render of a landing (entry-server.tsx). */
export const routes: RouteObject[] = [
  {
    path: APP_BASE,
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      ...ROUTE_TABLE.map(toRoute),
      {
        path: '*',
        handle: { title: () => t('notFound.heading', '페이지를 찾을 수 없어요') },
        lazy: () => loadScreen(() => import('./screens/NotFound'), 'NotFound'),
      },
    ],
  },
  {
    path: '*',
    handle: { title: () => t('notFound.heading', '페이지를 찾을 수 없어요') },
    lazy: () => loadScreen(() => import('./screens/NotFound'), 'NotFound'),
  },
];

export const createAppRouter = () => createBrowserRouter(routes, { basename: CONTEXT_PATH });
export type AppRouter = ReturnType<typeof createAppRouter>;
