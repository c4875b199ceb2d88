// 走访管理 in the staff console: the calendar and the list, 发起走访, one visit with the steps the
// server lets this account take and the lead's summary form; and 走访统计. The module
// (features/visit/module.ts) takes them.
import { SERVICE_GROUP } from '@/shared/console/routes';
import { lazyIcon, type FeatureRoute } from '@/shared/feature-module';
import { VISIT_BASE, VISIT_FIGURES, VISIT_NEW } from './paths';

export const visitConsoleRoutes: FeatureRoute[] = [
  {
    // `?id=N` (visitConsoleLink) opens that visit; `?view=list` the list.
    path: VISIT_BASE,
    title: '走访管理',
    access: 'private',
    page: () => import('./list-page'),
    menu: 48,
    menuGroup: SERVICE_GROUP,
    icon: lazyIcon(() => import('@ant-design/icons/es/icons/CarOutlined')),
  },
  // Before `:id`, which would take "new" for an id.
  { path: VISIT_NEW, title: '发起走访', access: 'private', page: () => import('./plan-page') },
  { path: `${VISIT_BASE}/:id`, title: '走访详情', access: 'private', page: () => import('./detail-page') },
  {
    path: VISIT_FIGURES,
    title: '走访统计',
    access: 'private',
    page: () => import('./figures-page'),
    menu: 49,
    menuGroup: SERVICE_GROUP,
    icon: lazyIcon(() => import('@ant-design/icons/es/icons/LineChartOutlined')),
  },
];
