// The staff console's branch: its own login and an empty home until the console issue fills it.
import type { FeatureModule } from '@/shared/feature-module';
import { ADMIN_BASE, ADMIN_LOGIN_PATH } from '@/config/routes';

export const adminPagesModule: FeatureModule = {
  name: 'admin',
  routes: [
    { path: ADMIN_LOGIN_PATH, title: '工作人员登录', access: 'public', frame: 'bare', page: () => import('./admin-login-page') },
    { path: ADMIN_BASE, title: '工作台', access: 'private', frame: 'bare', page: () => import('./admin-home-page') },
  ],
};
