// The route guard of spec §2, run as the root loader on every navigation.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { PORTAL_ROLE } from '@hqt/contract/auth';
import { MSG } from '@hqt/contract/messages';
import { LOGIN_PATH, POST_LOGIN_PATH, PUBLIC_PATHS } from '@/config/routes';
import { hasToken, session } from '@/shared/session/session-store';
import { toast } from '@/shared/ui/feedback';

const authApi = () => import('@/shared/api/auth-api');

export async function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const path = url.pathname;

  // 1. URL login: both credentials in the query → password grant. The redirect replaces the
  //    address, so the credentials leave the address bar and the history.
  const username = url.searchParams.get('username');
  const password = url.searchParams.get('password');
  if (username !== null && password !== null) {
    // On a first load the browser's current entry is this very address: replace it at once, so the
    // password is in no history entry whatever happens next.
    if (location.href === request.url) history.replaceState(history.state, '', url.pathname);
    const { loginWithPassword } = await authApi();
    try {
      await loginWithPassword({ username, password });
    } catch {
      // the toast has said why
      throw redirect(LOGIN_PATH);
    }
    throw redirect(POST_LOGIN_PATH);
  }

  // 2. With a token.
  if (hasToken()) {
    const api = await authApi();
    if (path === LOGIN_PATH) {
      await api.loadApiPaths();
      throw redirect(POST_LOGIN_PATH);
    }
    if (session.get().roles.length === 0) {
      let roleName: string;
      try {
        const info = await api.fetchMenuInfo();
        roleName = info.roleName;
        if (roleName === PORTAL_ROLE) session.setUser({ name: info.userName, roles: [roleName] });
      } catch (err) {
        const message = (err as Error).message;
        // An expired session has its own alert; any other failure logs out.
        if (message === MSG.loginExpired) return null;
        session.clear();
        void toast.warning(message || MSG.verifyFailed);
        throw redirect(LOGIN_PATH);
      }
      if (roleName !== PORTAL_ROLE) {
        await api.logoutQuietly();
        void toast.error(MSG.badCredentials);
        throw redirect(LOGIN_PATH);
      }
      await api.loadApiPaths();
    } else if (!session.get().roles.includes(PORTAL_ROLE)) {
      await api.logoutQuietly();
      throw redirect(LOGIN_PATH);
    }
    return null;
  }

  // 3. Without a token only the public paths.
  if (PUBLIC_PATHS.has(path)) return null;
  throw redirect(LOGIN_PATH);
}
