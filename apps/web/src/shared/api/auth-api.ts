// Session calls shared by the login page, the route guard and the shell.
import {
  AUTH_PATHS,
  type ApiPath,
  type MenuInfo,
  type RegisterBody,
  type TokenResponse,
  type UserInfo,
} from '@hqt/contract/auth';
import { MSG } from '@hqt/contract/messages';
import { ApiError, http, request } from '@/shared/api/http';
import { session } from '@/shared/session/session-store';
import { toast } from '@/shared/ui/feedback';

/** The same captcha's digits spoken (a WAV): the audio alternative to its image. `silent`: no toast on failure. */
export const fetchCaptchaAudio = (codeIndex: string, { silent = false } = {}) =>
  http.blob(`${AUTH_PATHS.captchaAudio}?codeIndex=${encodeURIComponent(codeIndex)}`, { silent, anonymous: true });

/** Password grant; stores the tokens. An answer without a token is the spec's "验证码有误". */
export async function loginWithPassword(body: { username: string; password: string; vierifyCode?: string; codeIndex?: string }) {
  const answer = (await request<TokenResponse>({
    method: 'POST',
    url: AUTH_PATHS.token,
    data: { ...body, username: body.username.trim(), client_id: 'huiqitong-web', grant_type: 'password' },
  })) as unknown as Partial<TokenResponse>;
  if (!answer?.access_token || !answer.refresh_token || !answer.expires_in) {
    void toast.error(MSG.captchaWrong);
    throw new ApiError(MSG.captchaWrong, 400);
  }
  session.setTokens({ access_token: answer.access_token, refresh_token: answer.refresh_token, expires_in: answer.expires_in });
  session.setMustChangePassword(answer.must_change_password === true);
}

export const register = (body: RegisterBody) => request<null>({ method: 'POST', url: AUTH_PATHS.register, data: body });
export const fetchMenuInfo = () => http.get<MenuInfo>(AUTH_PATHS.menuInfo);
export const fetchUserInfo = () => http.get<UserInfo>(AUTH_PATHS.userInfo);

/** The permitted API paths; failures are silent (spec §7). */
export async function loadApiPaths(): Promise<void> {
  try {
    const list = await http.get<ApiPath[]>(AUTH_PATHS.apiList, { silent: true });
    session.setApiPaths(list.map((p) => p.path));
  } catch {
    // silent by the spec
  }
}

/** Ends the login on the server (best effort) and forgets it here. */
export async function logoutQuietly(): Promise<void> {
  const { refreshToken, accessToken } = session.get();
  if (accessToken || refreshToken) {
    await http
      .post(AUTH_PATHS.logout, { refresh_token: refreshToken ?? undefined }, {
        silent: true,
        anonymous: true,
        headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
      })
      .catch(() => {});
  }
  session.clear();
}

/** 退出登录: ends the login, then reloads the page (spec §4). */
export async function logout(): Promise<void> {
  await logoutQuietly();
  location.reload();
}
