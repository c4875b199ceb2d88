import { Button, Form } from 'antd';
// The input parts themselves: antd's Input namespace brings TextArea, Search and OTP to the login page.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { POST_LOGIN_PATH } from '@/config/routes';
import { AuthCard } from './auth-card';
import { useCaptcha } from './captcha-field';
import './auth.css';

interface LoginForm {
  username: string;
  password: string;
  vierifyCode: string;
}

interface LoginFormProps {
  title: string;
  /** Where a successful login lands (a full load, so every store starts from the new session). */
  afterLogin: string;
  other: { to: string; label: string };
}

/** The password login with captcha; the portal and the staff console each frame it. */
export function LoginForm({ title, afterLogin, other }: LoginFormProps) {
  const [form] = Form.useForm<LoginForm>();
  const [submitting, setSubmitting] = useState(false);
  const captcha = useCaptcha();

  async function submit(values: LoginForm) {
    setSubmitting(true);
    const { loginWithPassword } = await import('@/shared/api/auth-api');
    try {
      await loginWithPassword({ username: values.username.trim(), password: values.password, vierifyCode: values.vierifyCode, codeIndex: captcha.codeIndex() });
      location.assign(afterLogin);
    } catch {
      // The toast has shown the server's message; the captcha was used up.
      captcha.refresh();
      setSubmitting(false);
    }
  }

  return (
    <AuthCard other={other} title={title}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} autoComplete="on">
        <Form.Item label="用户名" name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]} normalize={(v: string) => v.trimStart()}>
          <Input placeholder="请输入用户名" autoComplete="username" maxLength={64} autoFocus />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Password placeholder="请输入密码" autoComplete="current-password" maxLength={64} />
        </Form.Item>
        {captcha.item}
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          登录
        </Button>
      </Form>
    </AuthCard>
  );
}

export default function LoginPage() {
  return <LoginForm title="企业账户登录" afterLogin={POST_LOGIN_PATH} other={{ to: '/register', label: '没有账号？立即注册' }} />;
}
