// The one HTTP client (spec §7, §8). It owns the Bearer header, the local expiry check with its
// single alert, the shared refresh (requests that arrive meanwhile wait and go out with the new
// token), the envelope check and the spec's error toasts. Nothing else calls axios.
import axios, { type AxiosError, type AxiosRequestConfig } from 'axios';
import { AUTH_PATHS, type TokenResponse } from '@hqt/contract/auth';
import { REFRESH_THRESHOLD_S, REQUEST_TIMEOUT_MS } from '@hqt/contract/constants';
import { SUCCESS_CODE, type ApiEnvelope } from '@hqt/contract/envelope';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { session } from '@/shared/session/session-store';
import { alertDialog, toast } from '@/shared/ui/feedback';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** No toast on failure (the spec's API-list call fails silently). */
    silent?: boolean;
    /** Sent as it is: no expiry check, no refresh (logout must work with an expired token). */
    anonymous?: boolean;
  }
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const client = axios.create({ timeout: REQUEST_TIMEOUT_MS });

let refreshing: Promise<void> | null = null;
let expiryAlertOpen = false;

/** The session is over: one "登录过期" alert however many calls notice it; confirming logs out and reloads. */
function sessionExpired(): ApiError {
  if (!expiryAlertOpen) {
    expiryAlertOpen = true;
    void alertDialog({
      title: MSG.loginExpiredTitle,
      content: MSG.loginExpiredText,
      okText: '确定',
      onOk: () => {
        session.clear();
        location.reload();
      },
    });
  }
  return new ApiError(MSG.loginExpired, 401);
}

let invalidWarned = false;

/** The server refused the token for another reason than its age: forget it and say so, once. */
function sessionInvalid(msg: string): ApiError {
  session.clear();
  if (!invalidWarned) {
    invalidWarned = true;
    void toast.warning(msg);
  }
  return new ApiError(msg, 401);
}

async function refreshTokens(): Promise<void> {
  session.reload();
  if (session.get().expiresAt - Date.now() >= REFRESH_THRESHOLD_S * 1000) return; // another tab did it
  const { refreshToken } = session.get();
  if (!refreshToken) throw new ApiError(MSG.loginExpired, 401);
  // Straight to axios: this call must not wait for itself in the interceptor below.
  const res = await axios.post<TokenResponse>(AUTH_PATHS.refresh, { refresh_token: refreshToken }, { timeout: REQUEST_TIMEOUT_MS });
  session.setTokens(res.data);
}

/**
 * The access token to send now: refreshed first when under REFRESH_THRESHOLD_S remain (one refresh
 * shared by every caller), null when logged out; an expired login is ended with its alert.
 * Requests use it, and so does the real-time hub's handshake.
 */
export async function currentAccessToken(): Promise<string | null> {
  // The cookies are the truth: another tab may have refreshed (and so used up our refresh token).
  session.reload();
  const { accessToken, expiresAt } = session.get();
  if (!accessToken) return null;
  const remaining = expiresAt - Date.now();
  if (remaining <= 0) {
    void toast.error(MSG.loginExpired);
    throw sessionExpired();
  }
  if (remaining < REFRESH_THRESHOLD_S * 1000) {
    refreshing ??= refreshTokens().finally(() => {
      refreshing = null;
    });
    try {
      await refreshing;
    } catch {
      throw sessionExpired();
    }
  }
  return session.get().accessToken;
}

client.interceptors.request.use(async (config) => {
  if (config.anonymous) return config;
  const token = await currentAccessToken();
  if (token) config.headers.Authorization = `Bearer ${token}`;
  return config;
});

/** A sent token the server refused: the session is over, by age (its alert) or otherwise (spec §8). */
const tokenRefused = (config: AxiosRequestConfig | undefined, code: number) => code === 401 && Boolean(config?.headers?.Authorization) && !config?.anonymous;
const endedSession = (msg: string | null) => (msg === MSG.loginExpired ? sessionExpired() : sessionInvalid(msg || MSG.verifyFailed));

client.interceptors.response.use(
  (res) => {
    const body = res.data as Partial<ApiEnvelope<unknown>> | undefined;
    if (body && typeof body === 'object' && typeof body.code === 'number' && body.code !== SUCCESS_CODE) {
      if (tokenRefused(res.config, body.code)) return Promise.reject(endedSession(body.msg ?? null));
      const msg = body.msg || MSG.requestFailed;
      if (!res.config.silent) void toast.error(msg);
      return Promise.reject(new ApiError(msg, body.code));
    }
    return res;
  },
  (error: unknown) => {
    if (error instanceof ApiError) return Promise.reject(error);
    const err = error as AxiosError<Partial<ApiEnvelope<unknown>>>;
    const status = err.response?.status ?? 0;
    const serverMsg = typeof err.response?.data?.msg === 'string' ? err.response.data.msg : null;
    if (tokenRefused(err.config, status)) return Promise.reject(endedSession(serverMsg));
    // A reset password: the layouts then hold the page behind the password dialog until it is changed.
    if (status === 403 && serverMsg === OWN_MSG.mustChangePassword) {
      session.setMustChangePassword(true);
      return Promise.reject(new ApiError(serverMsg, status));
    }
    const msg = status === 403 ? MSG.forbidden : (serverMsg ?? MSG.requestFailed);
    if (!err.config?.silent) void toast.error(msg);
    return Promise.reject(new ApiError(msg, status));
  },
);

/** The whole answer (token endpoints answer OAuth fields beside the envelope). */
export async function request<T>(config: AxiosRequestConfig): Promise<ApiEnvelope<T>> {
  return (await client.request<ApiEnvelope<T>>(config)).data;
}

export const http = {
  get: async <T>(url: string, config: AxiosRequestConfig = {}) => (await request<T>({ ...config, method: 'GET', url })).data,
  post: async <T>(url: string, data?: unknown, config: AxiosRequestConfig = {}) => (await request<T>({ ...config, method: 'POST', url, data })).data,
  put: async <T>(url: string, data?: unknown, config: AxiosRequestConfig = {}) => (await request<T>({ ...config, method: 'PUT', url, data })).data,
  delete: async <T>(url: string, config: AxiosRequestConfig = {}) => (await request<T>({ ...config, method: 'DELETE', url })).data,
  /** A private file's bytes (an attachment), fetched with the Bearer header: a token never goes into a URL. */
  blob: async (url: string, config: AxiosRequestConfig = {}) => (await client.request<Blob>({ ...config, method: 'GET', url, responseType: 'blob' })).data,
};
