import { useQuery } from '@tanstack/react-query';
import { Card, Col, List, Row, Statistic } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_PATHS, type GuideSummary, type Statistics, type TopicSummary } from '@hqt/contract/policy';
import { http } from '@/shared/api/http';
import { GuideStatusTag } from '@/features/policy/ui/guide-status-tag';
import { BarChart } from '@/shared/ui/bar-chart';
import { HOME_TILES } from '../navigation';

// Loaded when a visitor opens a guide: the home page stays light on a phone.
const GuideDetailDrawer = lazy(() => import('@/features/policy/ui/guide-detail-drawer').then((m) => ({ default: m.GuideDetailDrawer })));

const homeQueries = {
  stats: { queryKey: ['home', 'stats'], queryFn: () => http.get<Statistics>(POLICY_PATHS.statistics) },
  open: { queryKey: ['home', 'open'], queryFn: () => http.post<PageOf<GuideSummary>>(POLICY_PATHS.guidePage, { currentPage: 1, pageSize: 100, openNow: true }) },
  topics: { queryKey: ['home', 'topics'], queryFn: () => http.post<PageOf<TopicSummary>>(POLICY_PATHS.topicPage, { currentPage: 1, pageSize: 3 }) },
};

const COUNTERS: [keyof Statistics, string][] = [
  ['policies', '政策文件'],
  ['guides', '申报指南'],
  ['openGuides', '正在申报'],
  ['topics', '政策专题'],
  ['enterprises', '服务企业'],
];

/** Home (public): counters, guides open now and closing soon, topics, service tiles, one chart. */
export default function HomePage() {
  const { data: stats } = useQuery(homeQueries.stats);
  const { data: open } = useQuery(homeQueries.open);
  const { data: topicPage } = useQuery(homeQueries.topics);
  const [openId, setOpenId] = useState<number | null>(null);
  const closingSoon = [...(open?.list ?? [])].sort((a, b) => a.windowEnd.localeCompare(b.windowEnd)).slice(0, 6);
  const bySupport = Object.entries(
    (open?.list ?? []).reduce<Record<string, number>>((acc, g) => ({ ...acc, [g.supportTypeLabel]: (acc[g.supportTypeLabel] ?? 0) + 1 }), {}),
  ).map(([label, value]) => ({ label, value }));

  return (
    <>
      <h1 style={{ fontSize: 24, margin: '8px 0 20px' }}>惠企通 · 一站式惠企政策服务</h1>
      <Row gutter={[12, 12]}>
        {COUNTERS.map(([key, title]) => (
          <Col key={key} xs={12} sm={8} lg={{ flex: '20%' }}>
            <Card size="small">
              <Statistic title={title} value={stats?.[key] ?? '—'} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={14}>
          <Card title="即将截止的申报" extra={<Link to="/policyMarket/policyMarket?openNow=1">更多</Link>}>
            <List
              dataSource={closingSoon}
              locale={{ emptyText: '暂无正在申报的指南' }}
              renderItem={(g) => (
                <List.Item actions={[<span key="end">截止 {dayjs(g.windowEnd).format('MM-DD')}</span>]}>
                  <List.Item.Meta
                    title={
                      <a href={`#guide-${g.id}`} onClick={(e) => (e.preventDefault(), setOpenId(g.id))}>
                        {g.title}
                      </a>
                    }
                    description={
                      <>
                        <GuideStatusTag status={g.status} />
                        {g.departmentLabel}
                      </>
                    }
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="正在申报的指南（按扶持方式）">
            <BarChart title="正在申报的指南按扶持方式分布" data={bySupport} />
          </Card>
          <Card title="政策专题" style={{ marginTop: 16 }} extra={<Link to="/policyTopics/policyTopics">全部专题</Link>}>
            <List
              dataSource={topicPage?.list ?? []}
              renderItem={(t) => (
                <List.Item>
                  <Link to={`/policyTopics/policyTopics?id=${t.id}`}>{t.title}</Link>
                  <span>{t.memberCount} 项</span>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {HOME_TILES.map((p) => (
          <Col key={p.path} xs={24} sm={12} lg={8}>
            <Link to={p.path}>
              <Card hoverable title={p.title}>
                {p.tile!.blurb}
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      {openId !== null && (
        <Suspense fallback={null}>
          <GuideDetailDrawer id={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </>
  );
}
