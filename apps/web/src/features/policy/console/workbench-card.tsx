// The policy service's card on the 工作台 (app/admin/workbench-page.tsx): the portal's figures and
// what waits for staff (drafts, guides closing this week).
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, List, Row, Statistic, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { ADMIN_BASE } from '@/config/routes';
import { consoleKeys } from '@/shared/console/console-api';
import { policyConsoleApi } from '../api/content-api';

const KIND = { policy: { label: '政策文件', path: 'policies' }, guide: { label: '申报指南', path: 'guides' }, topic: { label: '政策专题', path: 'topics' } } as const;

export default function PolicyWorkbenchCard() {
  const { data } = useQuery({ queryKey: consoleKeys.area('workbench'), queryFn: policyConsoleApi.workbench });
  const f = data?.figures;
  const figures = [
    ['已发布政策', f?.publishedPolicies],
    ['已发布指南', f?.publishedGuides],
    ['申报中指南', f?.openGuides],
    ['进行中专题', f?.activeTopics],
    ['注册企业', f?.enterprises],
    ['本月新增企业', f?.enterprisesThisMonth],
    ['指南浏览量', f?.guideViews],
  ] as const;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card title="门户数据">
          <Row gutter={[16, 16]}>
            {figures.map(([title, value]) => (
              <Col key={title} xs={12} sm={8} lg={6} xl={3}>
                <Statistic title={title} value={value ?? '-'} />
              </Col>
            ))}
          </Row>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="待发布的草稿" loading={!data}>
          <List
            locale={{ emptyText: <Empty description="没有草稿" /> }}
            dataSource={data?.drafts ?? []}
            renderItem={(d) => (
              <List.Item extra={<span className="console-muted">{dayjs(d.updatedAt).format('MM-DD HH:mm')}</span>}>
                <Tag>{KIND[d.kind].label}</Tag>
                <Link to={`${ADMIN_BASE}/${KIND[d.kind].path}/${d.id}`}>{d.title}</Link>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="本周截止申报的指南" loading={!data}>
          <List
            locale={{ emptyText: <Empty description="本周没有截止的指南" /> }}
            dataSource={data?.closingThisWeek ?? []}
            renderItem={(g) => (
              <List.Item extra={<Tag color="orange">{dayjs(g.windowEnd).format('MM-DD HH:mm')} 截止</Tag>}>
                <Link to={`${ADMIN_BASE}/guides/${g.id}`}>{g.title}</Link>
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
