// 企业诉求: the enterprise's page (file an appeal, follow it, rate the reply) in the portal; in the
// console, 诉求办理 (the queue, one appeal, the 工作台 card) and 诉求统计.
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';
import { appealConsoleRoutes, appealWorkbench } from './console/routes';

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
  console: appealConsoleRoutes,
  workbench: appealWorkbench,
};
