// The route tree, derived from the branches' feature modules: each branch is a pathless route
// whose loader is its guard; a page's code is fetched only when the guard will let it show.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { NOT_FOUND_PATH } from '@/config/routes';
import type { FeatureRoute } from '@/shared/feature-module';
import { hasToken } from '@/shared/session/session-store';
import { ADMIN, PORTAL, routesOf, type Branch } from './branches';
import { BootFrame } from './boot-frame';
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
 * a page with a prefetch (FeatureRoute.prefetch) starts its first requests; a page in a frame
 * (the shell) waits for the frame's code, fetched beside the page's. Not run again while only the
 * query changes: the page itself fetches what a new query needs.
 */
const pageLoader =
  (route: FeatureRoute, loginPath: string, frame: Frame | null): LoaderFunction =>
  async ({ request }) => {
    if (locked(route)) return redirect(loginPath);
    if (route.prefetch) void route.prefetch().then((m) => m.default(new URL(request.url)));
    if (frame) await frame.load();
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

function branchRoute(branch: Branch, shell: Frame): RouteObject {
  const routes = routesOf(branch);
  const page = (r: FeatureRoute, frame: Frame | null) => ({ lazy: lazyPage(r), loader: pageLoader(r, branch.loginPath, frame), shouldRevalidate: () => false });
  const toRoute = (frame: Frame | null) => (r: FeatureRoute): RouteObject => (r.path === '/' ? { index: true, ...page(r, frame) } : { path: relative(r.path), ...page(r, frame) });
  // The spec's `/service` → `/service/service`, keeping the query.
  const parentRedirects = routes
    .filter((r) => r.parentRedirect)
    .map((r): RouteObject => ({ path: relative(r.path.slice(0, r.path.lastIndexOf('/'))), loader: ({ request }) => redirect(r.path + new URL(request.url).search) }));
  const framed = routes.filter((r) => (r.frame ?? 'shell') === 'shell').map(toRoute(shell));
  const bare = routes.filter((r) => r.frame === 'bare').map(toRoute(null));
  return {
    id: branch.id,
    loader: branchLoader(branch),
    shouldRevalidate: guardShouldRevalidate,
    children: [...bare, { Component: shell.Component, children: [...framed, ...parentRedirects] }],
  };
}

/**
 * A branch's frame (the portal's shell, the console's layout), fetched by the loader of the page
 * that shows in it (pageLoader), not by react-router's `lazy`: `lazy` is fetched for every matched
 * route alongside the guard, so a logged-out visit to a private page downloaded the shell (and its
 * antd parts) only to be sent to the login page, which has no shell.
 */
interface Frame {
  load: () => Promise<unknown>;
  Component: ComponentType;
}
function frame(importFrame: () => Promise<{ default: ComponentType }>): Frame {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const load = () =>
    (loading ??= importFrame().then(
      (m) => ((loaded = m.default), m),
      (err: unknown) => {
        loading = null; // fetched again on the next visit
        throw err;
      },
    ));
  // What renders before a page's loader has fetched the frame (a route with no such loader): fetched then.
  const Later = lazy(load);
  // Decided once per mount: switching between the two would mount the frame afresh.
  const Component = () => {
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={<BootFrame />}>
        <Later />
      </Suspense>
    );
  };
  return { load, Component };
}

const shell = frame(() => import('./shell/shell-layout'));
/** The console's frame: none of its code is in the portal's load. */
const consoleShell = frame(() => import('./admin/console-layout'));

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Root,
    ErrorBoundary: RootError,
    // index.html's static frame, kept until the first route's code and loaders are in (app/boot-frame.tsx).
    HydrateFallback: BootFrame,
    children: [branchRoute(PORTAL, shell), branchRoute(ADMIN, consoleShell), { path: '*', loader: () => redirect(NOT_FOUND_PATH) }],
  },
];

export const createRouter = () => createBrowserRouter(routes);
