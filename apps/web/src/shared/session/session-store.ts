// The session: tokens and expiry survive a reload in the spec's cookies; the role and name are
// fetched again by the route guard after a reload ("if no role is loaded, user info is fetched").
import { create } from 'zustand';
import { COOKIES } from '@hqt/contract/constants';
import type { TokenResponse } from '@hqt/contract/auth';
import { getCookie, removeCookie, setCookie } from '@/shared/lib/cookies';

export interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  /** Epoch ms when the access token expires (cookie "overtime"). */
  expiresAt: number;
  name: string | null;
  avatar: string | null;
  roles: string[];
  apiPaths: string[];
  /** An administrator reset the password: nothing else works until the user sets a new one. */
  mustChangePassword: boolean;
}

const fromCookies = (): SessionState => ({
  accessToken: getCookie(COOKIES.accessToken),
  refreshToken: getCookie(COOKIES.refreshToken),
  expiresAt: Number(getCookie(COOKIES.overtime) ?? 0),
  name: null,
  avatar: null,
  roles: [],
  apiPaths: (getCookie(COOKIES.childFunctions) ?? '').split(',').filter(Boolean),
  mustChangePassword: false,
});

export const useSession = create<SessionState>(() => fromCookies());

export const session = {
  get: () => useSession.getState(),

  /** Stores a token answer; the expiry is now + expires_in seconds. */
  setTokens(tokens: Pick<TokenResponse, 'access_token' | 'refresh_token' | 'expires_in'>) {
    const expiresAt = Date.now() + tokens.expires_in * 1000;
    setCookie(COOKIES.accessToken, tokens.access_token);
    setCookie(COOKIES.refreshToken, tokens.refresh_token);
    setCookie(COOKIES.overtime, String(expiresAt));
    useSession.setState({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt });
  },

  setUser(user: { name: string; roles: string[]; avatar?: string | null }) {
    useSession.setState({ name: user.name, roles: user.roles, avatar: user.avatar ?? null });
  },

  setMustChangePassword(must: boolean) {
    useSession.setState({ mustChangePassword: must });
  },

  setApiPaths(paths: string[]) {
    setCookie(COOKIES.childFunctions, paths.join(','));
    useSession.setState({ apiPaths: paths });
  },

  /** Forgets everything locally (the server side is revoked by POST /user/logout). */
  clear() {
    for (const name of [COOKIES.accessToken, COOKIES.refreshToken, COOKIES.overtime, COOKIES.childFunctions]) removeCookie(name);
    useSession.setState({ accessToken: null, refreshToken: null, expiresAt: 0, name: null, avatar: null, roles: [], apiPaths: [], mustChangePassword: false });
  },

  /** Re-reads the cookies (another tab may have refreshed the tokens). */
  reload() {
    const fresh = fromCookies();
    useSession.setState({ accessToken: fresh.accessToken, refreshToken: fresh.refreshToken, expiresAt: fresh.expiresAt });
  },
};

export const hasToken = () => Boolean(session.get().accessToken);
