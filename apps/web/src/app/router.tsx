// The route tree, derived from the branches' feature modules: each branch is a pathless route
// whose loader is its guard; a page's code is fetched only when the guard will let it show.
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { NOT_FOUND_PATH } from '@/config/routes';
import type { FeatureRoute } from '@/shared/feature-module';
import { hasToken } from '@/shared/session/session-store';
import { ADMIN, PORTAL, routesOf, type Branch } from './branches';
import { createGuard, guardShouldRevalidate } from './guard';
import { Root } from './root';
import { RootError } from './root-error';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * A page behind the login is fetched only when a token exists, so a visitor sent to the login page
 * never downloads it (react-router runs `lazy` alongside the guard). Every change of session
 * reloads the page, so this decision never goes stale.
 */
const locked = (route: FeatureRoute) => route.access === 'private' && !hasToken();
const lazyPage = (route: FeatureRoute) => async () => ({ Component: locked(route) ? () => null : (await (route.page() as PageModule)).default });

/**
 * Run as the page is entered, alongside the guard and `lazy`: a locked page goes to the login page;
 * a page with a prefetch (FeatureRoute.prefetch) starts its first requests. Not run again while
 * only the query changes: the page itself fetches what a new query needs.
 */
const pageLoader =
  (route: FeatureRoute, loginPath: string): LoaderFunction =>
  ({ request }) => {
    if (locked(route)) return redirect(loginPath);
    if (route.prefetch) void route.prefetch().then((m) => m.default(new URL(request.url)));
    return null;
  };

/**
 * The branch's loader: the guard, and, as a page is entered, the start of its first requests
 * (FeatureRoute.prefetch) alongside the guard and the loading of the page's code. Like the guard,
 * not run again while only the query changes: the page fetches what a new query needs.
 */
function branchLoader(branch: Branch): LoaderFunction {
  const guard = createGuard(branch);
  const prefetching = new Map(routesOf(branch).flatMap(({ path, access, prefetch }) => (prefetch ? [[path, { access, prefetch }] as const] : [])));
  return (args) => {
    const url = new URL(args.request.url);
    const page = prefetching.get(url.pathname);
    if (page && (page.access === 'public' || hasToken())) void page.prefetch().then((m) => m.default(url));
    return guard(args);
  };
}

/** A route's path relative to the root: react-router nests by path segments. */
const relative = (path: string) => path.replace(/^\//, '') || undefined;

function branchRoute(branch: Branch, shell: RouteObject['lazy']): RouteObject {
  const routes = routesOf(branch);
  const page = (r: FeatureRoute) => ({ lazy: lazyPage(r), loader: pageLoader(r, branch.loginPath), shouldRevalidate: () => false });
  const toRoute = (r: FeatureRoute): RouteObject => (r.path === '/' ? { index: true, ...page(r) } : { path: relative(r.path), ...page(r) });
  // The spec's `/service` → `/service/service`, keeping the query.
  const parentRedirects = routes
    .filter((r) => r.parentRedirect)
    .map((r): RouteObject => ({ path: relative(r.path.slice(0, r.path.lastIndexOf('/'))), loader: ({ request }) => redirect(r.path + new URL(request.url).search) }));
  const framed = routes.filter((r) => (r.frame ?? 'shell') === 'shell').map(toRoute);
  const bare = routes.filter((r) => r.frame === 'bare').map(toRoute);
  return {
    id: branch.id,
    loader: branchLoader(branch),
    shouldRevalidate: guardShouldRevalidate,
    children: [...bare, { lazy: shell, children: [...framed, ...parentRedirects] }],
  };
}

const shell = async () => ({ Component: (await import('./shell/shell-layout')).default });
/** The console's frame: none of its code is in the portal's load. */
const consoleShell = async () => ({ Component: (await import('./admin/console-layout')).default });

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Root,
    ErrorBoundary: RootError,
    HydrateFallback: () => null,
    children: [branchRoute(PORTAL, shell), branchRoute(ADMIN, consoleShell), { path: '*', loader: () => redirect(NOT_FOUND_PATH) }],
  },
];

export const createRouter = () => createBrowserRouter(routes);
