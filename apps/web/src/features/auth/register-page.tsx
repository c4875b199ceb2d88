import { Button, Form } from 'antd';
// The input parts themselves: antd's Input namespace brings TextArea, Search and OTP to the login page.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isCreditCode, passwordProblem, PHONE_PATTERN, USERNAME_PATTERN } from '@hqt/contract/validation';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { toast } from '@/shared/ui/feedback';
import { AuthCard } from './auth-card';
import { CaptchaField, useCaptcha } from '@/shared/ui/captcha-field';
import './auth.css';

interface RegisterForm {
  username: string;
  password: string;
  confirm: string;
  enterpriseName: string;
  creditCode: string;
  contactPhone: string;
  vierifyCode: string;
}

const ruleFrom = (check: (v: string) => string | null) => ({
  validator: (_: unknown, v: string) => {
    const problem = check(v ?? '');
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

export default function RegisterPage() {
  const [form] = Form.useForm<RegisterForm>();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const { ref: captchaRef, onIndex, codeIndex, refresh: newCaptcha } = useCaptcha();

  async function submit({ confirm: _confirm, ...values }: RegisterForm) {
    setSubmitting(true);
    const { register } = await import('@/shared/api/auth-api');
    try {
      const answer = await register({ ...values, creditCode: values.creditCode.toUpperCase(), codeIndex: codeIndex() });
      void toast.success(answer.msg);
      void navigate('/login');
    } catch {
      newCaptcha();
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard other={{ to: '/login', label: '已有账号，去登录' }} title="注册企业账户">
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="用户名" name="username" rules={[{ required: true, message: MSG.required }, { pattern: new RegExp(USERNAME_PATTERN), message: OWN_MSG.usernameRule }]}>
          <Input placeholder="4-32位字母、数字或下划线" autoComplete="username" maxLength={32} />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[ruleFrom((v) => passwordProblem(v, { onConfirm: true }))]}>
          <Password placeholder="须含大小写字母及数字，多于6位" autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="confirm"
          dependencies={['password']}
          rules={[ruleFrom((v) => (v === '' ? OWN_MSG.confirmPasswordRequired : v === form.getFieldValue('password') ? null : OWN_MSG.passwordMismatch))]}
        >
          <Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item label="企业名称" name="enterpriseName" rules={[{ required: true, min: 2, max: 100, message: OWN_MSG.enterpriseNameRule }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label="统一社会信用代码" name="creditCode" rules={[ruleFrom((v) => (v.trim() === '' ? OWN_MSG.creditCodeRequired : isCreditCode(v.toUpperCase()) ? null : OWN_MSG.creditCodeInvalid))]}>
          <Input maxLength={18} placeholder="18位，含校验位" style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item label="联系电话" name="contactPhone" rules={[{ required: true, message: MSG.phoneRule }, { pattern: new RegExp(PHONE_PATTERN), message: MSG.phoneInvalid }]}>
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item label="验证码" name="vierifyCode" rules={[{ required: true, whitespace: true, message: OWN_MSG.captchaRequired }]}>
          <CaptchaField ref={captchaRef} onIndex={onIndex} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          注册
        </Button>
      </Form>
    </AuthCard>
  );
}
