// The app's two branches and who each admits: the enterprise portal (spec §2) and the staff
// console under /admin. Each branch has its own login page and its own guard.
import { ROLES, type RoleName } from '@hqt/contract/auth';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { ADMIN_BASE, ADMIN_FORBIDDEN_PATH, ADMIN_LOGIN_PATH, LOGIN_PATH, NOT_FOUND_PATH, POST_LOGIN_PATH } from '@/config/routes';
import type { FeatureModule, FeatureRoute } from '@/shared/feature-module';
import { FEATURES } from './features';

export interface Branch {
  id: 'portal' | 'admin';
  /** Which part of each feature module this branch serves (FeatureModule.portal or .console). */
  part: 'portal' | 'console';
  /** The site's name after the page's in the document title (页面名 - 惠企通). */
  siteName: string;
  features: FeatureModule[];
  loginPath: string;
  /** Where a login lands, and where the login page sends someone already logged in. */
  home: string;
  roles: readonly RoleName[];
  /** Shown when an account of another role logs in here (it is then logged out). */
  refusal: string;
  /** Where the guard sends a signed-in account to a page of the branch its role may not open. */
  forbiddenPath: string;
  /** The spec's URL login (?username=&password=) belongs to the portal only. */
  urlLogin: boolean;
}

export const PORTAL: Branch = {
  id: 'portal',
  part: 'portal',
  siteName: '惠企通',
  features: FEATURES,
  loginPath: LOGIN_PATH,
  home: POST_LOGIN_PATH,
  roles: [ROLES.enterprise.name],
  refusal: MSG.badCredentials,
  forbiddenPath: '/401',
  urlLogin: true,
};

export const ADMIN: Branch = {
  id: 'admin',
  part: 'console',
  siteName: '惠企通管理后台',
  features: FEATURES,
  loginPath: ADMIN_LOGIN_PATH,
  home: ADMIN_BASE,
  roles: [ROLES.staff.name, ROLES.admin.name],
  refusal: OWN_MSG.consoleRefusesEnterprise,
  // 权限不足 inside the console's own frame, with the way back to 工作台.
  forbiddenPath: ADMIN_FORBIDDEN_PATH,
  urlLogin: false,
};

export const routesOf = (branch: Branch): FeatureRoute[] => branch.features.flatMap((f) => f[branch.part] ?? []);

/** Without a token only these addresses open; the error pages are always open. */
export const publicPaths = (branch: Branch) => new Set([...routesOf(branch).filter((r) => r.access === 'public').map((r) => r.path), NOT_FOUND_PATH, '/401']);
