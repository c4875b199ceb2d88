// Accounts: the portal's 个人中心; in the console, the enterprises with their accounts, and the
// accounts themselves (管理员 only).
import { ADMIN_BASE } from '@/config/routes';
import { adminOnly, SERVICE_GROUP, SYSTEM_GROUP } from '@/shared/console/routes';
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';

export const accountModule: FeatureModule = {
  name: 'account',
  portal: [{ path: '/personal/personal', title: '个人中心', access: 'private', page: () => import('./portal/personal-page'), parentRedirect: true }],
  console: [
    { path: `${ADMIN_BASE}/enterprises`, title: '企业管理', access: 'private', page: () => import('./console/enterprises/enterprise-list-page'), menu: 50, menuGroup: SERVICE_GROUP, icon: lazyIcon(() => import('@ant-design/icons/es/icons/BankOutlined')) },
    { path: `${ADMIN_BASE}/enterprises/:id`, title: '企业详情', access: 'private', page: () => import('./console/enterprises/enterprise-detail-page') },
    { path: `${ADMIN_BASE}/accounts`, title: '账号管理', access: 'private', roles: adminOnly, page: () => import('./console/accounts/account-list-page'), menu: 60, menuGroup: SYSTEM_GROUP, icon: lazyIcon(() => import('@ant-design/icons/es/icons/TeamOutlined')) },
  ],
};
