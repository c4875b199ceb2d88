// The services a later release builds, said plainly with a way back. Each service's own issue
// moves its entry into its feature module.
import { lazyIcon, type FeatureModule, type FeatureRoute } from '@/shared/feature-module';

const comingSoon = (route: Omit<FeatureRoute, 'page'>): FeatureRoute => ({
  ...route,
  parentRedirect: true,
  page: async () => {
    const { UnderConstruction } = await import('./under-construction');
    return { default: () => <UnderConstruction title={route.title} /> };
  },
});

export const comingSoonModule: FeatureModule = {
  name: 'coming-soon',
  portal: [
    comingSoon({
      path: '/enterpriseDemands/enterpriseDemands',
      title: '企业诉求',
      access: 'private',
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/MessageOutlined')),
      menu: 50,
      footer: 50,
      tile: { order: 40, blurb: '向工信局提出诉求，限时办结、全程可查' },
    }),
  ],
};
