// The bureau's system pages, console only and 管理员 only: the dictionaries and the audit log (the
// working-day calendar joins them here).
import { ADMIN_BASE } from '@/config/routes';
import { adminOnly, SYSTEM_GROUP } from '@/shared/console/routes';
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';

export const systemModule: FeatureModule = {
  name: 'system',
  console: [
    { path: `${ADMIN_BASE}/dictionaries`, title: '字典管理', access: 'private', roles: adminOnly, page: () => import('./console/dictionaries/dictionary-page'), menu: 70, menuGroup: SYSTEM_GROUP, icon: lazyIcon(() => import('@ant-design/icons/es/icons/BookOutlined')) },
    { path: `${ADMIN_BASE}/audit`, title: '审计日志', access: 'private', roles: adminOnly, page: () => import('./console/audit/audit-log-page'), menu: 80, menuGroup: SYSTEM_GROUP, icon: lazyIcon(() => import('@ant-design/icons/es/icons/SafetyCertificateOutlined')) },
  ],
};
