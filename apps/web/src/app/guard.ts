// The route guard of spec §2, one per branch, run as the branch's loader whenever the address's
// path changes (not when only its query does: a market filter is no reason to ask the server).
import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { MSG } from '@hqt/contract/messages';
import type { RoleName } from '@hqt/contract/auth';
import { hasToken, session } from '@/shared/session/session-store';
import { rememberUrlLoginFailure } from '@/shared/session/url-login-notice';
import { toast } from '@/shared/ui/feedback';
import { publicPaths, routesOf, type Branch } from './branches';

// With a token the guard's first step is a call to the server: its code is asked for as the app
// starts, ahead of the page's chunks, not behind them (a visitor without a token never loads it here).
const loadAuthApi = () => import('@/shared/api/auth-api');
let authApiLoad = hasToken() ? loadAuthApi() : undefined;
const authApi = () => (authApiLoad ??= loadAuthApi());

const hasCredentials = (url: URL) => url.searchParams.has('username') && url.searchParams.has('password');

/** The guard's work depends on the path (and on credentials in the address), never on the rest of the query. */
export function guardShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname || hasCredentials(nextUrl)) return true;
  return currentUrl.search === nextUrl.search ? defaultShouldRevalidate : false;
}

export function createGuard(branch: Branch) {
  const open = publicPaths(branch);
  const admits = (roles: readonly string[]) => roles.some((r) => branch.roles.includes(r as RoleName));
  // Pages that admit fewer roles than their branch (a console page for administrators only).
  const pageRoles = new Map(routesOf(branch).flatMap((r) => (r.roles ? [[r.path, r.roles] as const] : [])));
  const pageAdmits = (path: string) => {
    const roles = pageRoles.get(path);
    return !roles || session.get().roles.some((r) => roles.includes(r as RoleName));
  };

  return async function guardLoader({ request }: LoaderFunctionArgs) {
    const url = new URL(request.url);
    const path = url.pathname;

    // 1. URL login: both credentials in the query → password grant. The redirect replaces the
    //    address, so the credentials leave the address bar and the history.
    if (branch.urlLogin && hasCredentials(url)) {
      // On a first load the browser's current entry is this very address: replace it at once, so the
      // password is in no history entry whatever happens next.
      if (location.href === request.url) history.replaceState(history.state, '', url.pathname);
      const { loginWithPassword } = await authApi();
      const username = url.searchParams.get('username')!;
      try {
        await loginWithPassword({ username, password: url.searchParams.get('password')! });
      } catch (err) {
        // The login page says why (a captcha is needed, a wrong password) with the name filled in.
        rememberUrlLoginFailure(username, (err as Error).message);
        throw redirect(branch.loginPath);
      }
      throw redirect(branch.home);
    }

    // 2. With a token: the role is asked for once per page load, then kept.
    if (hasToken()) {
      const api = await authApi();
      if (session.get().roles.length === 0) {
        let roleName: string;
        try {
          const info = await api.fetchMenuInfo();
          roleName = info.roleName;
          session.setUser({ name: info.userName, roles: [roleName] });
        } catch (err) {
          const message = (err as Error).message;
          // An expired session has its own alert; any other failure logs out (spec §8). A refused
          // token was already forgotten and announced by the HTTP client.
          if (message === MSG.loginExpired) return null;
          if ((err as { code?: number }).code !== 401) {
            session.clear();
            void toast.warning(message || MSG.verifyFailed);
          }
          throw redirect(branch.loginPath);
        }
        // An account of another branch may look at this branch's public pages as a visitor (a
        // staff member opening the portal's home keeps the console's login); a private page is
        // refused and the login ended, as the spec's portal does.
        if (!admits([roleName])) {
          if (open.has(path)) return null;
          await api.logoutQuietly();
          void toast.error(branch.refusal);
          throw redirect(branch.loginPath);
        }
        await api.loadApiPaths();
      } else if (!admits(session.get().roles)) {
        if (open.has(path)) return null;
        await api.logoutQuietly();
        void toast.error(branch.refusal);
        throw redirect(branch.loginPath);
      }
      if (path === branch.loginPath) throw redirect(branch.home);
      if (!pageAdmits(path)) throw redirect(branch.forbiddenPath);
      return null;
    }

    // 3. Without a token only the public paths.
    if (open.has(path)) return null;
    throw redirect(branch.loginPath);
  };
}
