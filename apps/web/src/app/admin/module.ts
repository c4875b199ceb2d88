// The console shell's own pages: its login, its 权限不足 page and the 工作台, which composes the
// services' cards (FeatureModule.workbench). Every other console page is a service's
// (features/<service>/module.ts, `console`).
import { ADMIN_BASE, ADMIN_FORBIDDEN_PATH, ADMIN_LOGIN_PATH } from '@/config/routes';
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';

export const adminPagesModule: FeatureModule = {
  name: 'admin',
  console: [
    { path: ADMIN_LOGIN_PATH, title: '工作人员登录', access: 'public', frame: 'bare', page: () => import('./admin-login-page') },
    { path: ADMIN_FORBIDDEN_PATH, title: '权限不足', access: 'private', page: () => import('./forbidden-page') },
    { path: ADMIN_BASE, title: '工作台', access: 'private', page: () => import('./workbench-page'), menu: 10, icon: lazyIcon(() => import('@ant-design/icons/es/icons/DashboardOutlined')) },
  ],
};
