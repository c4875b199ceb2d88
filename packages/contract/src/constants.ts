// Business constants of spec §9, shared by server and web.

export const REQUEST_TIMEOUT_MS = 60_000;
/** A refresh starts when fewer than this many seconds of the access token remain. */
export const REFRESH_THRESHOLD_S = 20;

export const ACCESS_TOKEN_TTL_S = 30 * 60;
/** A refresh token dies after this long unused … */
export const REFRESH_IDLE_TTL_S = 30 * 60;
/** … and this long after the login that started its family, whatever happens. */
export const REFRESH_ABSOLUTE_TTL_S = 12 * 60 * 60;
/** Two tabs refreshing at once with the same token both succeed within this grace. */
export const REFRESH_REUSE_GRACE_S = 10;

export const CAPTCHA_TTL_S = 120;
/** A captcha's answer is this many digits (digits, so the audio captcha can speak it). */
export const CAPTCHA_LENGTH = 4;
export const LOGIN_FAILURE_WINDOW_MIN = 15;
/**
 * An address is asked for a captcha once this many logins from it failed in the window: a county
 * network's offices share one address, and one office's typo must not cost the others the spec's URL
 * login (a name is asked for one after its first failure).
 */
export const LOGIN_ADDRESS_FAILURES_FOR_CAPTCHA = 5;
export const LOGIN_LOCK_AFTER_FAILURES = 5;
export const LOGIN_LOCK_MINUTES = 30;

export const TAB_CAP = 20;
export const TAB_TOGGLE_THRESHOLD = 8;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 210;

export const PAGE_SIZES = [5, 10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** Larger page sizes asked for (the spec's own client asks 99999) are capped, not refused. */
export const MAX_PAGE_SIZE = 500;
/**
 * The largest integer a request may carry (ids, page numbers, page sizes): PostgreSQL's integer.
 * Every integer of a request schema declares a minimum and this maximum, so 1E+21 or a coerced
 * "Infinity" is a 400 at validation, never a query that fails (docs/input-hardening.md).
 */
export const MAX_INT = 2_147_483_647;

export const EXPORT_MAX_ROWS = 10_000;
export const EXPORT_DEFAULT_FILE_NAME = 'excel-list';

export const EDITOR_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const EDITOR_IMAGE_MAX_COUNT = 6;
export const EDITOR_UPLOAD_TIMEOUT_MS = 180_000;
/** Where uploaded files are served from (content-hash names, immutable). */
export const UPLOADS_BASE = '/uploads';
export const UPLOADED_IMAGE_PATTERN = '^/uploads/[0-9a-f]{64}\\.(png|jpg|gif|webp)$';
export const TOPIC_COVER_PATTERN = '^(#[0-9a-fA-F]{6}|/uploads/[0-9a-f]{64}\\.(png|jpg|gif|webp))$';

export const USERNAME_DISPLAY_MAX = 5;
export const USERNAME_TRUNCATE_TO = 4;

export const SMOOTH_SCROLL_MS = 500;
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const THEMES = [
  { id: 0, label: '默认' },
  { id: 1, label: '主题一' },
  { id: 2, label: '暗黑模式' },
  { id: 3, label: '主题三' },
  { id: 4, label: '主题四' },
] as const;
export type ThemeId = (typeof THEMES)[number]['id'];
export const THEME_STORAGE_KEY = 'theme';

/** Cookie names the spec's client keeps (§7). */
export const COOKIES = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  overtime: 'overtime',
  childFunctions: 'childFunctions',
  sidebarStatus: 'sidebarStatus',
} as const;
