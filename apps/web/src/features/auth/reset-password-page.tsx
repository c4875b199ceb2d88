// The page a 忘记密码 mail links to (`#token=…`): a new password by the spec's rules, set once.
import { Alert, Button, Form } from 'antd';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_RESET_PAGES, RESET_MSG } from '@hqt/contract/password-reset';
import { passwordProblem } from '@hqt/contract/validation';
import { toast } from '@/shared/ui/feedback';
import { takeLinkToken } from './api/password-reset-api';
import { AuthCard } from './auth-card';
import './auth.css';

interface ResetForm {
  password: string;
  confirm: string;
}

const ruleFrom = (check: (v: string) => string | null) => ({
  validator: (_: unknown, v: string) => {
    const problem = check(v ?? '');
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

export default function ResetPasswordPage() {
  const [form] = Form.useForm<ResetForm>();
  const navigate = useNavigate();
  // Read once: the address bar and history lose the token at once.
  const [token] = useState(takeLinkToken);
  const [problem, setProblem] = useState<string | null>(token ? null : RESET_MSG.linkInvalid);
  const [submitting, setSubmitting] = useState(false);

  async function submit({ password }: ResetForm) {
    setSubmitting(true);
    const { resetPassword } = await import('./api/password-reset-api');
    try {
      void toast.success(await resetPassword({ token, password }));
      void navigate('/login');
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="设置新密码" other={{ to: '/login', label: '返回登录' }}>
      {problem && (
        <Alert
          type="error"
          showIcon
          title={problem}
          action={problem === RESET_MSG.linkInvalid ? <Link to={PASSWORD_RESET_PAGES.forgot}>重新申请</Link> : undefined}
          style={{ marginBottom: 16 }}
        />
      )}
      {token && (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item label="新密码" name="password" rules={[ruleFrom((v) => passwordProblem(v, { onConfirm: true }))]}>
            <Password placeholder="须含大小写字母及数字，多于6位" autoComplete="new-password" maxLength={64} autoFocus />
          </Form.Item>
          <Form.Item
            label="确认新密码"
            name="confirm"
            dependencies={['password']}
            rules={[ruleFrom((v) => (v === form.getFieldValue('password') ? null : '两次输入的密码不一致'))]}
          >
            <Password autoComplete="new-password" maxLength={64} />
          </Form.Item>
          <p className="auth-hint">设置后，该账号在所有设备上的登录都将失效。</p>
          <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
            确认重置
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
