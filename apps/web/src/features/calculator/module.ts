import { lazyIcon, type FeatureModule } from '@/shared/feature-module';

export const calculatorModule: FeatureModule = {
  name: 'calculator',
  routes: [
    {
      path: '/policyCalculation/policyCalculation',
      title: '政策计算',
      access: 'private',
      page: () => import('./calculator-page'),
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/CalculatorOutlined')),
      menu: 20,
      footer: 20,
      tile: { order: 10, blurb: '输入企业信息，测算可享受的政策与扶持金额' },
      parentRedirect: true,
    },
  ],
};
