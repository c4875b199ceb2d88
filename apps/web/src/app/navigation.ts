// The portal's menus, footer links and home tiles, and the console's side menu, read off the feature modules.
import type { FeatureRoute } from '@/shared/feature-module';
import { ADMIN, PORTAL, routesOf } from './branches';

const placed = (key: 'menu' | 'footer') => (a: FeatureRoute, b: FeatureRoute) => a[key]! - b[key]!;

const portalRoutes = routesOf(PORTAL);

/** The top menu and the mobile drawer (spec §2's order). */
export const MENU = portalRoutes.filter((r) => r.menu !== undefined).sort(placed('menu'));
export const FOOTER_LINKS = portalRoutes.filter((r) => r.footer !== undefined).sort(placed('footer'));
export const HOME_TILES = portalRoutes.filter((r) => r.tile).sort((a, b) => a.tile!.order - b.tile!.order);

/** The portal's live parts (FeatureModule.live), mounted while an account is signed in. */
export const PORTAL_LIVE = PORTAL.features.flatMap((f) => (f.live ? [f.live] : []));

const consoleRoutes = routesOf(ADMIN);

/** The console's side menu, in order; the layout hides what the account's role may not open. */
export const CONSOLE_MENU = consoleRoutes.filter((r) => r.menu !== undefined).sort(placed('menu'));

/** Every console page's pattern (edit pages carry an id) and title, for the breadcrumb. */
export const CONSOLE_PAGES = consoleRoutes.filter((r) => r.frame !== 'bare');

const titles = new Map([...routesOf(ADMIN), ...portalRoutes].map((r) => [r.path, r.title]));
export const pageTitle = (path: string) => titles.get(path);
