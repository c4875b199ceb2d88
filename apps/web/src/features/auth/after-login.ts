import { POST_LOGIN_PATH } from '@/config/routes';

/**
 * Where the portal's login lands: `?redirect=` when a page sent the visitor to log in (企业码's
 * 提交诉求) and it is a path of this site — never another site (`//host`, `/\host`, `https://…`) —
 * else the data overview.
 */
export const afterLoginPath = (redirect: string | null) => (redirect && /^\/(?![/\\])/.test(redirect) ? redirect : POST_LOGIN_PATH);
