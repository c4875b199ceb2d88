// The portal's menus, footer links and home tiles, read off the feature modules.
import type { FeatureRoute } from '@/shared/feature-module';
import { ADMIN, PORTAL, routesOf } from './branches';

const placed = (key: 'menu' | 'footer') => (a: FeatureRoute, b: FeatureRoute) => a[key]! - b[key]!;

const portalRoutes = routesOf(PORTAL);

/** The top menu and the mobile drawer (spec §2's order). */
export const MENU = portalRoutes.filter((r) => r.menu !== undefined).sort(placed('menu'));
export const FOOTER_LINKS = portalRoutes.filter((r) => r.footer !== undefined).sort(placed('footer'));
export const HOME_TILES = portalRoutes.filter((r) => r.tile).sort((a, b) => a.tile!.order - b.tile!.order);

const titles = new Map([...routesOf(ADMIN), ...portalRoutes].map((r) => [r.path, r.title]));
export const pageTitle = (path: string) => titles.get(path);
