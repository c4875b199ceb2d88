import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PageOf } from '@hqt/contract/envelope';
import { POLICY_PATHS, topicInfoPath, type TopicDetail, type TopicSummary } from '@hqt/contract/policy';
import { http } from '@/shared/api/http';
import { GuideCard } from '../ui/guide-card';
import { GuideDetailDrawer } from '../ui/guide-detail-drawer';
import { TopicCover } from '../ui/topic-cover';

const topicQueries = {
  list: () => ({ queryKey: ['topics', 'list'], queryFn: () => http.post<PageOf<TopicSummary>>(POLICY_PATHS.topicPage, { currentPage: 1, pageSize: 50 }) }),
  detail: (id: number) => ({ queryKey: ['topics', 'detail', id], queryFn: () => http.get<TopicDetail>(topicInfoPath(id)) }),
};

function TopicView({ id, onBack }: { id: number; onBack: () => void }) {
  const { data } = useQuery(topicQueries.detail(id));
  const [openId, setOpenId] = useState<number | null>(null);
  if (!data) return <Skeleton active />;
  return (
    <Card title={data.title} extra={<Button onClick={onBack}>返回专题列表</Button>}>
      <Typography.Paragraph type="secondary">{data.summary}</Typography.Paragraph>
      <div className="guide-list">
        {data.guides.map((g) => (
          <GuideCard key={g.id} guide={g} onOpen={setOpenId} />
        ))}
      </div>
      <GuideDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}

/** 政策专题 (public): the topics, and a topic with its guides in order. */
export default function PolicyTopicsPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const { data, isLoading } = useQuery(topicQueries.list());
  if (id) return <TopicView id={id} onBack={() => setParams({})} />;
  if (isLoading) return <Skeleton active />;
  if (!data?.list.length) return <Empty description="暂无政策专题" />;
  return (
    <>
      <Typography.Title level={3}>政策专题</Typography.Title>
      <Row gutter={[16, 16]} className="topic-grid">
        {data.list.map((t) => (
          <Col key={t.id} xs={24} sm={12} lg={8}>
            <Card hoverable className="topic-card" onClick={() => setParams({ id: String(t.id) })} cover={<TopicCover topic={t} />}>
              <Card.Meta
                title={
                  <a href={`?id=${t.id}`} onClick={(e) => e.preventDefault()}>
                    {t.title}
                  </a>
                }
                description={<span className="topic-summary">{t.summary}</span>}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
