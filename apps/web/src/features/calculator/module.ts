import { ADMIN_BASE } from '@/config/routes';
import { lazyIcon, type FeatureModule } from '@/shared/feature-module';

export const calculatorModule: FeatureModule = {
  name: 'calculator',
  portal: [
    {
      path: '/policyCalculation/policyCalculation',
      title: '政策计算',
      access: 'private',
      page: () => import('./portal/calculator-page'),
      icon: lazyIcon(() => import('@ant-design/icons/es/icons/CalculatorOutlined')),
      menu: 20,
      footer: 20,
      tile: { order: 10, blurb: '输入企业信息，测算可享受的政策与扶持金额' },
      parentRedirect: true,
    },
  ],
  // The reverse list: the enterprises a guide's rules admit (the calculator service answers it).
  console: [{ path: `${ADMIN_BASE}/guides/:id/qualified`, title: '符合条件的企业', access: 'private', page: () => import('./console/guide-qualified-page') }],
};
