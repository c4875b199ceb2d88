// 政策申兑's card on the console's 企业详情: the enterprise's applications, newest first, each with
// its state and current stage's clock, leading to its detail.
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List } from 'antd';
import { Link } from 'react-router';
import { applyConsoleQueries } from '../api/apply-api';
import { ApplyDue, ApplyStatusTag } from '../ui/apply-status';
import { applyDetailPath } from './paths';

export default function ApplyEnterpriseCard({ enterpriseId }: { enterpriseId: number }) {
  const { data } = useQuery(applyConsoleQueries.page({ currentPage: 1, pageSize: 10, enterpriseId }));
  return (
    <Card title={data ? `政策申报（${data.total}）` : '政策申报'} loading={!data} size="small">
      <List
        size="small"
        locale={{ emptyText: <Empty description="该企业还没有政策申报" /> }}
        dataSource={data?.list ?? []}
        renderItem={(a) => (
          <List.Item extra={<ApplyStatusTag status={a.status} />}>
            <List.Item.Meta title={<Link to={applyDetailPath(a.id)}>{`${a.number} ${a.guideTitle}`}</Link>} description={<ApplyDue item={a} />} />
          </List.Item>
        )}
      />
    </Card>
  );
}
