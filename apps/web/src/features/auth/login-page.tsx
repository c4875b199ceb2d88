// The login page is the portal's door on slow township links: its form is a few lines of its own
// rather than antd's Form (field store, validator, grid and tooltip: about 30 kB gzip), with the
// same labels, messages and keyboard order.
import { Button } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_RESET_PAGES } from '@hqt/contract/mail-links';
import { OWN_MSG } from '@hqt/contract/messages';
import { afterLoginPath } from './after-login';
import { AuthCard } from './auth-card';
import { takeUrlLoginNotice } from '@/shared/session/url-login-notice';
import { CaptchaField, useCaptcha } from '@/shared/ui/captcha-field';
import './auth.css';

interface LoginValues {
  username: string;
  password: string;
  vierifyCode: string;
}
type Problems = Partial<Record<keyof LoginValues, string>>;

const REQUIRED: Record<keyof LoginValues, string> = { username: '请输入用户名', password: '请输入密码', vierifyCode: OWN_MSG.captchaRequired };

/** A labelled field with its message under it, looking like antd's form items. */
function Field({ id, label, problem, children }: { id: string; label: string; problem?: string; children: ReactNode }) {
  return (
    <div className={`login-field${problem ? ' login-field-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      <div className="login-field-problem" role={problem ? 'alert' : undefined}>
        {problem}
      </div>
    </div>
  );
}

interface LoginFormProps {
  title: string;
  /** Where a successful login lands (a full load, so every store starts from the new session). */
  afterLogin: string;
  other: { to: string; label: string };
}

/** The password login with captcha; the portal and the staff console each frame it. */
export function LoginForm({ title, afterLogin, other }: LoginFormProps) {
  const [notice] = useState(takeUrlLoginNotice);
  const [values, setValues] = useState<LoginValues>({ username: notice?.username ?? '', password: '', vierifyCode: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [submitting, setSubmitting] = useState(false);
  const { ref: captchaRef, onIndex, codeIndex, refresh: newCaptcha } = useCaptcha();

  // Typing clears a field's message; the check itself runs on submit (a new captcha empties its
  // field without a complaint).
  const set = useCallback((key: keyof LoginValues, value: string) => {
    setValues((v) => ({ ...v, [key]: key === 'username' ? value.trimStart() : value }));
    if (value.trim()) setProblems((p) => ({ ...p, [key]: undefined }));
  }, []);
  const setCode = useCallback((value: string) => set('vierifyCode', value), [set]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = Object.fromEntries((Object.keys(REQUIRED) as (keyof LoginValues)[]).filter((k) => !values[k].trim()).map((k) => [k, REQUIRED[k]]));
    setProblems(missing);
    if (Object.keys(missing).length) return;
    setSubmitting(true);
    const { loginWithPassword } = await import('@/shared/api/auth-api');
    try {
      await loginWithPassword({ username: values.username.trim(), password: values.password, vierifyCode: values.vierifyCode, codeIndex: codeIndex() });
      location.assign(afterLogin);
    } catch {
      // The toast has shown the server's message; the captcha was used up.
      newCaptcha();
      setSubmitting(false);
    }
  }

  return (
    <AuthCard other={other} title={title}>
      {/* A plain block, not antd's Alert: the login page is kept small for slow links. */}
      {notice && (
        <p className="login-notice" role="alert">
          {notice.text}
        </p>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate autoComplete="on">
        <Field id="username" label="用户名" problem={problems.username}>
          <Input
            id="username"
            value={values.username}
            onChange={(e) => set('username', e.target.value)}
            placeholder="请输入用户名"
            autoComplete="username"
            maxLength={64}
            autoFocus
            status={problems.username ? 'error' : undefined}
          />
        </Field>
        <Field id="password" label="密码" problem={problems.password}>
          <Password
            id="password"
            value={values.password}
            onChange={(e) => set('password', e.target.value)}
            placeholder="请输入密码"
            autoComplete="current-password"
            maxLength={64}
            status={problems.password ? 'error' : undefined}
          />
        </Field>
        <Field id="vierifyCode" label="验证码" problem={problems.vierifyCode}>
          <CaptchaField ref={captchaRef} onIndex={onIndex} value={values.vierifyCode} onChange={setCode} />
        </Field>
        <div className="login-forgot">
          <Link to={PASSWORD_RESET_PAGES.forgot}>忘记密码？</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          登录
        </Button>
      </form>
    </AuthCard>
  );
}

export default function LoginPage() {
  const [params] = useSearchParams();
  return <LoginForm title="企业账户登录" afterLogin={afterLoginPath(params.get('redirect'))} other={{ to: '/register', label: '没有账号？立即注册' }} />;
}
