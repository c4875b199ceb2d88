// 诉求办理 in the staff console: the queue (its tabs, filters and export) and one appeal with the
// steps the server lets this account take now; 诉求统计 (the 好差评 and 接诉即办 measures); and the 工作台 card of the appeals near or past
// their due date. The module (features/appeal/module.ts) takes both.
import { lazy } from 'react';
import { ADMIN_BASE } from '@/config/routes';
import { SERVICE_GROUP } from '@/shared/console/routes';
import { lazyIcon, type FeatureRoute } from '@/shared/feature-module';
import { APPEAL_QUEUE } from './paths';

export const appealConsoleRoutes: FeatureRoute[] = [
  {
    // `?id=N` (appealConsoleLink) opens that appeal.
    path: APPEAL_QUEUE,
    title: '诉求办理',
    access: 'private',
    page: () => import('./queue-page'),
    menu: 45,
    menuGroup: SERVICE_GROUP,
    icon: lazyIcon(() => import('@ant-design/icons/es/icons/CustomerServiceOutlined')),
  },
  { path: `${APPEAL_QUEUE}/:id`, title: '诉求详情', access: 'private', page: () => import('./detail-page') },
  {
    path: `${ADMIN_BASE}/appeal-figures`,
    title: '诉求统计',
    access: 'private',
    page: () => import('./figures-page'),
    menu: 46,
    menuGroup: SERVICE_GROUP,
    icon: lazyIcon(() => import('@ant-design/icons/es/icons/BarChartOutlined')),
  },
];

/** 工作台: the appeals overdue and due within 2 working days, first. */
export const appealWorkbench = lazy(() => import('./workbench-card'));
