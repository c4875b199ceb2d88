// The staff console's own login and its 权限不足 page (its other pages are the console feature's).
import type { FeatureModule } from '@/shared/feature-module';
import { ADMIN_FORBIDDEN_PATH, ADMIN_LOGIN_PATH } from '@/config/routes';

export const adminPagesModule: FeatureModule = {
  name: 'admin',
  routes: [
    { path: ADMIN_LOGIN_PATH, title: '工作人员登录', access: 'public', frame: 'bare', page: () => import('./admin-login-page') },
    { path: ADMIN_FORBIDDEN_PATH, title: '权限不足', access: 'private', page: () => import('./forbidden-page') },
  ],
};
