// 企业走访/预约: the enterprise's page (its visits by tab, one visit with its answers, summary and
// appraisal, and 申请走访) in the portal; in the console, 走访管理 (the calendar, the list, planning,
// one visit and its summary) and 走访统计.
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';
import { visitConsoleRoutes } from './console/routes';

export const visitModule: FeatureModule = {
  name: 'visit',
  portal: [
    {
      path: '/enterpriseVisit/enterpriseVisit',
      title: '企业走访',
      access: 'private',
      page: () => import('./portal/visit-page'),
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/TeamOutlined')),
      menu: 55,
      footer: 55,
      tile: { order: 45, blurb: '预约工信局上门走访，纪要与问题办理全程可查' },
      parentRedirect: true,
    },
  ],
  console: visitConsoleRoutes,
};
