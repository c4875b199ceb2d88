// The portal's pages the app itself composes from several features: the home page (the front
// door), the data overview (where a login lands) and the error pages.
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';

export const appPagesModule: FeatureModule = {
  name: 'app',
  portal: [
    {
      path: '/',
      title: '首页',
      access: 'public',
      page: () => import('./home-page'),
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/HomeOutlined')),
      menu: 10,
      footer: 10,
    },
    { path: '/Index', title: '首页', access: 'public', page: () => import('./home-page') },
    { path: '/dataOverview/dataOverview', title: '数据概览', access: 'private', page: () => import('./data-overview-page'), parentRedirect: true },
    { path: '/workbench/workbench1', title: '工作台', access: 'private', page: () => import('./data-overview-page') },
    { path: '/404', title: '页面不存在', access: 'public', frame: 'bare', page: () => import('./not-found-page') },
    { path: '/401', title: '未登录', access: 'public', frame: 'bare', page: () => import('./unauthorized-page') },
  ],
};
