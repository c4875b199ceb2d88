// 权限不足, inside the console's frame: where the guard sends a 工作人员 who opens a page only
// administrators may open (its address typed, or a link kept from another login).
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { ADMIN_BASE } from '@/config/routes';

export default function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="权限不足"
      subTitle="该页面仅限管理员使用，您的账号无权打开。如需使用，请联系系统管理员。"
      extra={
        <Button type="primary" onClick={() => void navigate(ADMIN_BASE)}>
          返回工作台
        </Button>
      }
    />
  );
}
