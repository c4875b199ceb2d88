import { Button, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { POST_LOGIN_PATH } from '@/config/routes';
import { AuthCard } from './auth-card';
import { CaptchaField, type CaptchaHandle } from './captcha-field';
import './auth.css';

interface LoginForm {
  username: string;
  password: string;
  vierifyCode: string;
}

export default function LoginPage() {
  const [form] = Form.useForm<LoginForm>();
  const [submitting, setSubmitting] = useState(false);
  const codeIndex = useRef('');
  const captcha = useRef<CaptchaHandle>(null);

  async function submit(values: LoginForm) {
    setSubmitting(true);
    const { loginWithPassword } = await import('@/shared/api/auth-api');
    try {
      await loginWithPassword({ username: values.username.trim(), password: values.password, vierifyCode: values.vierifyCode, codeIndex: codeIndex.current });
      // A fresh page load: every store starts from the new session.
      location.assign(POST_LOGIN_PATH);
    } catch {
      // The toast has shown the server's message; the captcha was used up.
      captcha.current?.refresh();
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="企业账户登录">
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} autoComplete="on">
        <Form.Item label="用户名" name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]} normalize={(v: string) => v.trimStart()}>
          <Input placeholder="请输入用户名" autoComplete="username" maxLength={64} autoFocus />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password placeholder="请输入密码" autoComplete="current-password" maxLength={64} />
        </Form.Item>
        <Form.Item label="验证码" name="vierifyCode" rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
          <CaptchaField ref={captcha} onIndex={(i) => (codeIndex.current = i)} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          登录
        </Button>
      </Form>
      <div className="auth-links" style={{ marginTop: 16 }}>
        <Link to="/">返回首页</Link>
        <Link to="/register">没有账号？立即注册</Link>
      </div>
    </AuthCard>
  );
}
