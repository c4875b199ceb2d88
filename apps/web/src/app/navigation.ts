// The portal's menus, the console's side menu and every page's name (its tag and the tab's title), read off the feature modules.
import { matchPath, useLocation } from 'react-router';
import type { FeatureRoute } from '@/shared/feature-module';
import { usePageTitleStore } from '@/shared/lib/page-title';
import { ADMIN, PORTAL, routesOf } from './branches';

const byMenu = (a: FeatureRoute, b: FeatureRoute) => a.menu! - b.menu!;

const portalRoutes = routesOf(PORTAL);

/** The top menu and the mobile drawer (spec §2's order). */
export const MENU = portalRoutes.filter((r) => r.menu !== undefined).sort(byMenu);

/** The modules' live parts (FeatureModule.live), mounted by both frames while an account is signed in. */
export const LIVE = PORTAL.features.flatMap((f) => (f.live ? [f.live] : []));

const consoleRoutes = routesOf(ADMIN);

/** The console's side menu, in order; the layout hides what the account's role may not open. */
export const CONSOLE_MENU = consoleRoutes.filter((r) => r.menu !== undefined).sort(byMenu);

/** Every console page's pattern (edit pages carry an id) and title, for the breadcrumb. */
export const CONSOLE_PAGES = consoleRoutes.filter((r) => r.frame !== 'bare');

// Each page with the site it belongs to; patterns (a console edit page's `:id`) after exact paths.
const pages = [...consoleRoutes.map((route) => ({ route, site: ADMIN.siteName })), ...portalRoutes.map((route) => ({ route, site: PORTAL.siteName }))];
const exact = new Map(pages.map((p) => [p.route.path, p]));
const pageAt = (path: string) => exact.get(path) ?? pages.find((p) => p.route.path.includes(':') && matchPath(p.route.path, path));

/** The title of the page at a path (its route's), or undefined for an address no page declares. */
const pageTitle = (path: string) => pageAt(path)?.route.title;

/**
 * The current page's name: the page's own while it names itself (usePageTitle: an opened guide),
 * else its route's title. The portal's tags and every document title read it.
 */
export function usePageName(): string | undefined {
  const { pathname, search } = useLocation();
  const override = usePageTitleStore((s) => s.override);
  return override?.address === pathname + search ? override.title : pageTitle(pathname);
}

/** The tab's title: 页面名 - 惠企通 in the portal, 页面名 - 惠企通管理后台 in the console. */
export function documentTitle(path: string, name: string | undefined): string {
  const site = pageAt(path)?.site ?? PORTAL.siteName;
  return name ? `${name} - ${site}` : site;
}
