import { lazyIcon, type FeatureModule } from '@/shared/feature-module';

export const pushModule: FeatureModule = {
  name: 'push',
  portal: [
    {
      path: '/policyPush/policyPush',
      title: '政策推送',
      access: 'private',
      page: () => import('./portal/push-page'),
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/NotificationOutlined')),
      menu: 30,
      footer: 30,
      tile: { order: 20, blurb: '订阅关注的政策，新政发布实时提醒' },
      parentRedirect: true,
    },
  ],
};
