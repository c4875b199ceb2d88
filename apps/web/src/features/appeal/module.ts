// 企业诉求: the enterprise's page (file an appeal, follow it, rate the reply) in the portal; the
// console's 诉求办理 pages go in `console`.
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';

export const appealModule: FeatureModule = {
  name: 'appeal',
  portal: [
    {
      path: '/enterpriseDemands/enterpriseDemands',
      title: '企业诉求',
      access: 'private',
      page: () => import('./portal/appeal-page'),
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/MessageOutlined')),
      menu: 50,
      footer: 50,
      tile: { order: 40, blurb: '向工信局提出诉求，限时办结、全程可查' },
      parentRedirect: true,
    },
  ],
};
