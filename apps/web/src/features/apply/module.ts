// 政策申兑: in the portal, 在线申报 (a guide's form, filled in advance, with the 材料库 and the 信用承诺)
// and 我的申报 (each application's state, 补正 and timeline); in the console, 申报受理 (the queue and
// one application with its steps).
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';
import { applyConsoleRoutes, applyEnterpriseCard, applyWorkbench } from './console/routes';

export const applyModule: FeatureModule = {
  name: 'apply',
  portal: [
    { path: '/policyApply/apply', title: '在线申报', access: 'private', page: () => import('./portal/apply-page') },
    {
      // `?id=N` (applyPortalLink: the message centre's notices lead here) opens that application.
      path: '/policyApply/mine',
      title: '我的申报',
      access: 'private',
      page: () => import('./portal/mine-page'),
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/FileDoneOutlined')),
      footer: 45,
      tile: { order: 35, blurb: '在线申报惠企政策，表单预填、材料复用、进度可查' },
    },
    { path: '/policyApply/materials', title: '企业材料库', access: 'private', page: () => import('./portal/materials-page') },
  ],
  console: applyConsoleRoutes,
  workbench: applyWorkbench,
  enterpriseCard: applyEnterpriseCard,
};
