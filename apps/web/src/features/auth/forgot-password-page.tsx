// 忘记密码 (docs/mail.md). With mail on, a username or e-mail and a captcha ask for a one-time link;
// the answer is the same whether or not the account exists. Without it, the bureau's phone, and an
// administrator resets the password in the console (a new one is asked for at the next login).
import { Alert, Button, Form, Spin } from 'antd';
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import { OWN_MSG } from '@hqt/contract/messages';
import { RESET_MSG } from '@hqt/contract/password-reset';
import { usePlatformInfo } from '@/shared/api/platform';
import { AuthCard } from './auth-card';
import { CaptchaField, useCaptcha } from '@/shared/ui/captcha-field';
import './auth.css';

interface RequestForm {
  account: string;
  vierifyCode: string;
}

function RequestByMail() {
  const [submitting, setSubmitting] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const { ref: captchaRef, onIndex, codeIndex, refresh: newCaptcha } = useCaptcha();

  async function submit(values: RequestForm) {
    setSubmitting(true);
    const { requestPasswordReset } = await import('./api/password-reset-api');
    try {
      setAnswer(await requestPasswordReset({ account: values.account.trim(), vierifyCode: values.vierifyCode, codeIndex: codeIndex() }));
    } catch {
      newCaptcha(); // the toast has said why; the captcha was used up
    } finally {
      setSubmitting(false);
    }
  }

  if (answer) return <Alert type="success" showIcon title={answer} />;
  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false}>
      <p className="auth-hint">输入用户名或已确认的邮箱，我们会把重置链接发到该账号的邮箱。</p>
      <Form.Item label="用户名或邮箱" name="account" rules={[{ required: true, whitespace: true, message: RESET_MSG.accountRequired }]}>
        <Input placeholder="用户名或邮箱" autoComplete="username" maxLength={100} autoFocus />
      </Form.Item>
      <Form.Item label="验证码" name="vierifyCode" rules={[{ required: true, whitespace: true, message: OWN_MSG.captchaRequired }]}>
        <CaptchaField ref={captchaRef} onIndex={onIndex} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
        发送重置链接
      </Button>
    </Form>
  );
}

export default function ForgotPasswordPage() {
  const platform = usePlatformInfo();
  return (
    <AuthCard title="找回密码" other={{ to: '/login', label: '想起密码了？去登录' }}>
      {!platform ? (
        <Spin />
      ) : platform.passwordResetByEmail ? (
        <RequestByMail />
      ) : (
        <Alert
          type="info"
          showIcon
          title={`请致电${platform.bureau.name}：${platform.bureau.phone}`}
          description="核实身份后，管理员会在控制台为您重置密码；用重置后的密码登录时，系统会要求您先设置新密码。"
        />
      )}
    </AuthCard>
  );
}
