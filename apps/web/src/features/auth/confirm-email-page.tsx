// The page a confirmation mail links to (`#token=…`): confirms the e-mail as it opens.
import { Alert, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { RESET_MSG } from '@hqt/contract/password-reset';
import { confirmEmail, takeLinkToken } from './api/password-reset-api';
import { AuthCard } from './auth-card';
import './auth.css';

type Outcome = { ok: boolean; msg: string } | null;

/** One call per token, however many times the page mounts (React's strict mode mounts it twice; a link works once). */
const confirming = new Map<string, Promise<string>>();
const confirmOnce = (token: string) => {
  let call = confirming.get(token);
  if (!call) confirming.set(token, (call = confirmEmail({ token })));
  return call;
};

export default function ConfirmEmailPage() {
  const [token] = useState(takeLinkToken);
  const [outcome, setOutcome] = useState<Outcome>(token ? null : { ok: false, msg: RESET_MSG.confirmInvalid });
  useEffect(() => {
    if (!token) return;
    let live = true;
    confirmOnce(token).then(
      (msg) => live && setOutcome({ ok: true, msg }),
      (err: Error) => live && setOutcome({ ok: false, msg: err.message }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <AuthCard title="确认邮箱" other={{ to: '/login', label: '去登录' }}>
      {outcome ? <Alert type={outcome.ok ? 'success' : 'error'} showIcon title={outcome.msg} /> : <Spin />}
    </AuthCard>
  );
}
