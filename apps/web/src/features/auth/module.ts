import { PASSWORD_RESET_PAGES } from '@hqt/contract/mail-links';
import type { FeatureModule } from '@/shared/feature-module';

export const authModule: FeatureModule = {
  name: 'auth',
  portal: [
    { path: '/login', title: '登录', access: 'public', frame: 'bare', page: () => import('./login-page') },
    { path: '/register', title: '注册', access: 'public', frame: 'bare', page: () => import('./register-page') },
    { path: PASSWORD_RESET_PAGES.forgot, title: '找回密码', access: 'public', frame: 'bare', page: () => import('./forgot-password-page') },
    { path: PASSWORD_RESET_PAGES.reset, title: '设置新密码', access: 'public', frame: 'bare', page: () => import('./reset-password-page') },
    { path: PASSWORD_RESET_PAGES.confirmEmail, title: '确认邮箱', access: 'public', frame: 'bare', page: () => import('./confirm-email-page') },
  ],
};
