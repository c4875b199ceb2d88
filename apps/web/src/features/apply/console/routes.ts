// 申报受理 in the staff console: the queue (its tabs, filters and export) and one application with
// the steps the server lets this account take now. The module (features/apply/module.ts) takes them.
import { SERVICE_GROUP } from '@/shared/console/routes';
import { lazyIcon, type FeatureRoute } from '@/shared/feature-module';
import { APPLY_QUEUE } from './paths';

export const applyConsoleRoutes: FeatureRoute[] = [
  {
    // `?id=N` (applyConsoleLink) opens that application.
    path: APPLY_QUEUE,
    title: '申报受理',
    access: 'private',
    page: () => import('./queue-page'),
    menu: 44,
    menuGroup: SERVICE_GROUP,
    icon: lazyIcon(() => import('@ant-design/icons/es/icons/AuditOutlined')),
  },
  { path: `${APPLY_QUEUE}/:id`, title: '申报详情', access: 'private', page: () => import('./detail-page') },
  // A guide's form designer and budget (applyFormConsoleLink, from the guide's own page).
  { path: `${APPLY_QUEUE}/forms/:id`, title: '申报表单', access: 'private', page: () => import('./form-page') },
];
