// 申报受理 in the staff console: the queue (its tabs, filters and export), one application with the
// steps the server lets this account take now, a guide's form designer; the 工作台 card and the
// 企业详情 card. The module (features/apply/module.ts) takes them.
import { lazy } from 'react';
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

/** 工作台: the applications past their stage's due date, and those waiting for 受理. */
export const applyWorkbench = lazy(() => import('./workbench-card'));
/** 企业详情: the enterprise's applications. */
export const applyEnterpriseCard = lazy(() => import('./enterprise-card'));
