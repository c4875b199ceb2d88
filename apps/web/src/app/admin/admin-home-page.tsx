import { Button, Result } from 'antd';
import { logout } from '@/shared/api/auth-api';
import { useSession } from '@/shared/session/session-store';

/** The console's home: the console issue gives it its layout, menus and queues. */
export default function AdminHomePage() {
  const name = useSession((s) => s.name);
  return (
    <Result
      status="info"
      title="工作人员控制台"
      subTitle={`${name ?? ''}，您好。控制台正在建设中。`}
      extra={<Button onClick={() => void logout()}>退出登录</Button>}
    />
  );
}
