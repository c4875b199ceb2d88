import type { FeatureModule } from '@/shared/feature-module';

export const authModule: FeatureModule = {
  name: 'auth',
  portal: [
    { path: '/login', title: '登录', access: 'public', frame: 'bare', page: () => import('./login-page') },
    { path: '/register', title: '注册', access: 'public', frame: 'bare', page: () => import('./register-page') },
  ],
};
