import { Card, Descriptions } from 'antd';
import { Link } from 'react-router';
import { useSession } from '@/shared/session/session-store';

/** After login: a welcome and where to go next (the figures come with the services). */
export default function DataOverviewPage() {
  const name = useSession((s) => s.name);
  return (
    <Card title="数据概览">
      <Descriptions column={1}>
        <Descriptions.Item label="当前账号">{name ?? '—'}</Descriptions.Item>
      </Descriptions>
      <p>
        可前往 <Link to="/policyMarket/policyMarket">政策超市</Link> 查找政策，或在 <Link to="/personal/personal">个人中心</Link> 维护账号信息。
      </p>
    </Card>
  );
}
