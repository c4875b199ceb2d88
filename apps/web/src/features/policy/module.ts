import { lazyIcon, type FeatureModule } from '@/shared/feature-module';

export const policyModule: FeatureModule = {
  name: 'policy',
  routes: [
    {
      path: '/policyMarket/policyMarket',
      title: '政策超市',
      access: 'private',
      page: () => import('./market-page'),
      prefetch: () => import('./market-prefetch'),
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/ShopOutlined')),
      menu: 40,
      footer: 40,
      tile: { order: 30, blurb: '检索政策文件与申报指南' },
      parentRedirect: true,
    },
    {
      path: '/policyTopics/policyTopics',
      title: '政策专题',
      access: 'public',
      page: () => import('./topics-page'),
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/AppstoreOutlined')),
      menu: 60,
      footer: 60,
      tile: { order: 50, blurb: '按主题汇集的政策专题' },
      parentRedirect: true,
    },
  ],
};
