import { LoginForm } from '@/features/auth/login-page';
import { ADMIN_BASE } from '@/config/routes';

/** The console's own login: the same token endpoint, captcha, lockout and refresh rules. */
export default function AdminLoginPage() {
  return <LoginForm title="工作人员登录" afterLogin={ADMIN_BASE} other={{ to: '/', label: '返回企业门户' }} />;
}
