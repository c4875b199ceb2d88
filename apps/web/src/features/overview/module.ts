import type { FeatureModule } from '@/shared/feature-module';

export const overviewModule: FeatureModule = {
  name: 'overview',
  routes: [
    { path: '/dataOverview/dataOverview', title: '数据概览', access: 'private', page: () => import('./data-overview-page'), parentRedirect: true },
    { path: '/workbench/workbench1', title: '工作台', access: 'private', page: () => import('./data-overview-page') },
  ],
};
