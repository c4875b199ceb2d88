import type { FeatureModule } from '@/shared/feature-module';

export const accountModule: FeatureModule = {
  name: 'account',
  routes: [{ path: '/personal/personal', title: '个人中心', access: 'private', page: () => import('./personal-page'), parentRedirect: true }],
};
