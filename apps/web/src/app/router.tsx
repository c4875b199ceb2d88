import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { LOGIN_PATH } from '@/config/routes';
import { hasToken } from '@/shared/session/session-store';
import { guardLoader } from './guard';
import { Root } from './root';

type PageModule = Promise<{ default: ComponentType }>;

const page = (load: () => PageModule) => async () => ({ Component: (await load()).default });

/**
 * A page behind the login: its code is fetched only when a token exists, so a visitor sent to
 * /login never downloads it (react-router runs `lazy` alongside the guard). Every change of
 * session reloads the page, so this decision never goes stale.
 */
const privatePage = (load: () => PageModule) => async () =>
  hasToken() ? { Component: (await load()).default } : { loader: () => redirect(LOGIN_PATH), Component: () => null };

const underConstruction = (title: string) => async () => {
  const { UnderConstruction } = await import('@/features/pages/under-construction');
  return { Component: () => <UnderConstruction title={title} /> };
};
const privateUnderConstruction = (title: string) => async () =>
  hasToken() ? underConstruction(title)() : { loader: () => redirect(LOGIN_PATH), Component: () => null };

/** Each service's parent path leads to its one child of the same name (spec §2). */
const parentRedirects = ['policyCalculation', 'policyPush', 'policyMarket', 'enterpriseDemands', 'enterCode', 'policyTopics', 'personal', 'dataOverview'].map(
  (name): RouteObject => ({ path: name, loader: ({ request }) => redirect(`/${name}/${name}${new URL(request.url).search}`) }),
);

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: guardLoader,
    Component: Root,
    HydrateFallback: () => null,
    children: [
      { path: 'login', lazy: page(() => import('@/features/auth/login-page')) },
      { path: 'register', lazy: page(() => import('@/features/auth/register-page')) },
      { path: '404', lazy: page(() => import('@/features/pages/not-found-page')) },
      { path: '401', lazy: page(() => import('@/features/pages/unauthorized-page')) },
      {
        lazy: page(() => import('./shell-layout')),
        children: [
          { index: true, lazy: page(() => import('@/features/pages/home-page')) },
          { path: 'Index', lazy: page(() => import('@/features/pages/home-page')) },
          { path: 'workbench/workbench1', lazy: privatePage(() => import('@/features/pages/home-page')) },
          { path: 'dataOverview/dataOverview', lazy: privatePage(() => import('@/features/pages/data-overview-page')) },
          { path: 'personal/personal', lazy: privatePage(() => import('@/features/account/personal-page')) },
          { path: 'policyCalculation/policyCalculation', lazy: privateUnderConstruction('政策计算') },
          { path: 'policyPush/policyPush', lazy: privateUnderConstruction('政策推送') },
          { path: 'policyMarket/policyMarket', lazy: privatePage(() => import('@/features/policy-market/policy-market-page')) },
          { path: 'enterpriseDemands/enterpriseDemands', lazy: privateUnderConstruction('企业诉求') },
          { path: 'enterCode/enterCode', lazy: underConstruction('企业赋码') },
          { path: 'policyTopics/policyTopics', lazy: page(() => import('@/features/policy-topics/policy-topics-page')) },
          ...parentRedirects,
        ],
      },
      { path: '*', loader: () => redirect('/404') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
