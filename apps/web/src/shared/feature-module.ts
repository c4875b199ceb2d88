// What a service declares about itself, in one module (`features/<name>/module.ts`): its portal
// pages, its console pages and where they appear, its live part and its 工作台 card. The router,
// the top menu, the mobile drawer, the footer links, the home tiles, the console's side menu and
// 工作台 and the public paths are all derived from the list of modules (app/features.ts).
import { lazy, type ComponentType, type ReactNode } from 'react';
import type { RoleName } from '@hqt/contract/auth';
import type { EnterpriseCard } from './enterprise-cards';

type Loaded<T> = () => Promise<{ default: T }>;

/** An icon loaded when first drawn, so no icon code weighs on the login page. */
export type LazyIcon = ComponentType;
export const lazyIcon = (load: Loaded<ComponentType>): LazyIcon => lazy(load);

export interface FeatureRoute {
  /** The full address, e.g. `/policyMarket/policyMarket`. */
  path: string;
  /** The page's name: its tag, menu label and document title. */
  title: string;
  page: Loaded<ComponentType>;
  /**
   * What the page asks the server for first, in a module of its own (a few lines, not the page's
   * code): the branch's loader (app/router.tsx) calls it with the address as the page is entered,
   * alongside the guard and the loading of the page's code, so its first requests wait for neither.
   */
  prefetch?: Loaded<(url: URL) => void>;
  /** public: open to visitors; private: needs a login (the branch's guard decides whose). */
  access: 'public' | 'private';
  /** The roles admitted within the branch (checked by the branch's guard; others are sent to the branch's `forbiddenPath`); leave out to admit every role the branch admits. */
  roles?: readonly RoleName[];
  /** bare: the page draws its own frame (login, registration); shell: inside its branch's frame (the portal's, or the console's). */
  frame?: 'shell' | 'bare';
  icon?: LazyIcon;
  /** Position in the top menu and the mobile drawer (ascending); leave out to stay off them. */
  menu?: number;
  /** The console's side menu groups its entries under these headings. */
  menuGroup?: string;
  /** Position among the footer links. */
  footer?: number;
  /** A tile on the home page, with one line on what the service does. */
  tile?: { order: number; blurb: string };
  /** The spec's `/service` → `/service/service`: the parent address redirects here. */
  parentRedirect?: boolean;
  /**
   * Wraps the page's entry in the top menu and the drawer (and, on phones, the menu button) with a
   * count for a signed-in account: 消息中心's unread messages. Loaded once the shell is drawn.
   */
  badge?: ComponentType<{ children?: ReactNode }>;
}

export interface FeatureModule {
  name: string;
  /** The service's pages in the enterprise portal (the portal's branch admits 企业账户 only). */
  portal?: FeatureRoute[];
  /**
   * The service's pages in the staff console under /admin (the console's branch admits 工作人员 and
   * 管理员 only; a page's `roles` narrows that further). Kept apart from `portal`, so no console
   * page can be reached through the portal's guard.
   */
  console?: FeatureRoute[];
  /**
   * Mounted once by each frame (the portal's and the console's) while an account is signed in,
   * drawing nothing of its own: the message centre's connection to the real-time hub. Loaded
   * lazily (never on a login page).
   */
  live?: ComponentType;
  /**
   * The service's card on the console's 工作台 (app/admin/workbench-page.tsx): what waits for staff
   * in this service. Loaded lazily with the 工作台, never by the portal.
   */
  workbench?: ComponentType;
  /**
   * The service's card on the console's 企业详情 (features/account's page, which reads the cards from
   * shared/enterprise-cards.ts: a feature never imports another): what this service holds for that
   * enterprise (企业赋码: its code). Loaded lazily with the page.
   */
  enterpriseCard?: EnterpriseCard;
}
