// The bureau's system pages, console only and 管理员 only: the dictionaries, the audit log and the
// working-day calendar; and the 工作台's warning about a year without calendar data.
import { ADMIN_BASE } from '@/config/routes';
import { adminOnly, SYSTEM_GROUP } from '@/shared/console/routes';
import { lazy } from 'react';
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';

export const systemModule: FeatureModule = {
  name: 'system',
  console: [
    { path: `${ADMIN_BASE}/dictionaries`, title: '字典管理', access: 'private', roles: adminOnly, page: () => import('./console/dictionaries/dictionary-page'), menu: 70, menuGroup: SYSTEM_GROUP, icon: lazyIcon(() => import('@ant-design/icons/es/icons/BookOutlined')) },
    { path: `${ADMIN_BASE}/working-days`, title: '工作日历', access: 'private', roles: adminOnly, page: () => import('./console/working-days-page'), menu: 75, menuGroup: SYSTEM_GROUP, icon: lazyIcon(() => import('@ant-design/icons/es/icons/CalendarOutlined')) },
    { path: `${ADMIN_BASE}/audit`, title: '审计日志', access: 'private', roles: adminOnly, page: () => import('./console/audit/audit-log-page'), menu: 80, menuGroup: SYSTEM_GROUP, icon: lazyIcon(() => import('@ant-design/icons/es/icons/SafetyCertificateOutlined')) },
  ],
  workbench: lazy(() => import('./console/calendar-warning')),
};
