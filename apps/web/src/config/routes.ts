// Fixed addresses of the portal (spec §2). Pages themselves are declared by their feature's
// module; app/navigation.ts derives the menus and public paths from those.
export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
export const POST_LOGIN_PATH = '/dataOverview/dataOverview';
/** Where the tag bar's 清空 leads. */
export const TAGS_RESET_PATH = '/workbench/workbench1';
export const NOT_FOUND_PATH = '/404';

export const ADMIN_BASE = '/admin';
export const ADMIN_LOGIN_PATH = '/admin/login';
/** Inside the console's frame: a page the staff member's role may not open. */
export const ADMIN_FORBIDDEN_PATH = '/admin/403';
