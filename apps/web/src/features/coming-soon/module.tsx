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
      path: '/enterCode/enterCode',
      title: '企业赋码',
      access: 'public',
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/QrcodeOutlined')),
      menu: 70,
      tile: { order: 60, blurb: '一企一码，扫码查看企业名片' },
    }),
  ],
};
