// What the services' console routes share (features/<service>/module.ts, `console`): the side
// menu's headings, the administrators-only pages, and a list page with its editor.
import { ROLES } from '@hqt/contract/auth';
import { ADMIN_BASE } from '@/config/routes';
import type { FeatureRoute } from '@/shared/feature-module';

/** The console's side menu groups its entries under these headings. */
export const CONTENT_GROUP = '内容管理';
export const SERVICE_GROUP = '企业服务';
export const SYSTEM_GROUP = '系统管理';

/** A page only 管理员 may open (the guard sends 工作人员 to 权限不足). */
export const adminOnly = [ROLES.admin.name] as const;

/** A list page in the 内容管理 group and its editor (new and existing). */
export const listAndEditor = (base: string, title: string, noun: string, menu: number, icon: FeatureRoute['icon'], list: FeatureRoute['page'], editor: FeatureRoute['page']): FeatureRoute[] => [
  { path: `${ADMIN_BASE}/${base}`, title, access: 'private', page: list, menu, menuGroup: CONTENT_GROUP, icon },
  { path: `${ADMIN_BASE}/${base}/new`, title: `新建${noun}`, access: 'private', page: editor },
  { path: `${ADMIN_BASE}/${base}/:id`, title: `编辑${noun}`, access: 'private', page: editor },
];
