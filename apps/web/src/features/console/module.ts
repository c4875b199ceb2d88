// The staff console's pages (the /admin branch): 工作台, the content the portal shows, the
// enterprises, and the administration only 管理员 may open. Later services add their own console
// pages in their own modules (app/features.ts, ADMIN_FEATURES).
import { ROLES } from '@hqt/contract/auth';
import { ADMIN_BASE } from '@/config/routes';
import { lazyIcon, type FeatureModule, type FeatureRoute } from '@/shared/feature-module';

const CONTENT = '内容管理';
const SERVICE = '企业服务';
const SYSTEM = '系统管理';
const adminOnly = [ROLES.admin.name] as const;

/** A list page and its editor (new and existing). */
const listAndEditor = (base: string, title: string, noun: string, menu: number, icon: FeatureRoute['icon'], list: FeatureRoute['page'], editor: FeatureRoute['page']): FeatureRoute[] => [
  { path: `${ADMIN_BASE}/${base}`, title, access: 'private', page: list, menu, menuGroup: CONTENT, icon },
  { path: `${ADMIN_BASE}/${base}/new`, title: `新建${noun}`, access: 'private', page: editor },
  { path: `${ADMIN_BASE}/${base}/:id`, title: `编辑${noun}`, access: 'private', page: editor },
];

export const consoleModule: FeatureModule = {
  name: 'console',
  routes: [
    { path: ADMIN_BASE, title: '工作台', access: 'private', page: () => import('./workbench/workbench-page'), menu: 10, icon: lazyIcon(() => import('@ant-design/icons/es/icons/DashboardOutlined')) },
    ...listAndEditor('policies', '政策文件', '政策文件', 20, lazyIcon(() => import('@ant-design/icons/es/icons/FileTextOutlined')), () => import('./policies/policy-list-page'), () => import('./policies/policy-edit-page')),
    ...listAndEditor('guides', '申报指南', '申报指南', 30, lazyIcon(() => import('@ant-design/icons/es/icons/ProfileOutlined')), () => import('./guides/guide-list-page'), () => import('./guides/guide-edit-page')),
    { path: `${ADMIN_BASE}/guides/:id/qualified`, title: '符合条件的企业', access: 'private', page: () => import('./guides/guide-qualified-page') },
    { path: `${ADMIN_BASE}/guides/:id/push`, title: '推送结果', access: 'private', page: () => import('./guides/guide-push-page') },
    ...listAndEditor('topics', '政策专题', '政策专题', 40, lazyIcon(() => import('@ant-design/icons/es/icons/AppstoreOutlined')), () => import('./topics/topic-list-page'), () => import('./topics/topic-edit-page')),
    { path: `${ADMIN_BASE}/enterprises`, title: '企业管理', access: 'private', page: () => import('./enterprises/enterprise-list-page'), menu: 50, menuGroup: SERVICE, icon: lazyIcon(() => import('@ant-design/icons/es/icons/BankOutlined')) },
    { path: `${ADMIN_BASE}/enterprises/:id`, title: '企业详情', access: 'private', page: () => import('./enterprises/enterprise-detail-page') },
    { path: `${ADMIN_BASE}/accounts`, title: '账号管理', access: 'private', roles: adminOnly, page: () => import('./accounts/account-list-page'), menu: 60, menuGroup: SYSTEM, icon: lazyIcon(() => import('@ant-design/icons/es/icons/TeamOutlined')) },
    { path: `${ADMIN_BASE}/dictionaries`, title: '字典管理', access: 'private', roles: adminOnly, page: () => import('./dictionaries/dictionary-page'), menu: 70, menuGroup: SYSTEM, icon: lazyIcon(() => import('@ant-design/icons/es/icons/BookOutlined')) },
    // eslint-disable-next-line hqt/boundaries -- the system service's page, listed here until the console becomes a shell services plug into (issue 20)
    { path: `${ADMIN_BASE}/working-days`, title: '工作日历', access: 'private', roles: adminOnly, page: () => import('../system/console/working-days-page'), menu: 75, menuGroup: SYSTEM, icon: lazyIcon(() => import('@ant-design/icons/es/icons/CalendarOutlined')) },
    { path: `${ADMIN_BASE}/audit`, title: '审计日志', access: 'private', roles: adminOnly, page: () => import('./audit/audit-log-page'), menu: 80, menuGroup: SYSTEM, icon: lazyIcon(() => import('@ant-design/icons/es/icons/SafetyCertificateOutlined')) },
  ],
};
