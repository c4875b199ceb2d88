// 我的异议 (/publicity/mine; the written outcome's notice leads here): each objection the account
// filed — to which 公示 and entry, 异议 or 举报, its state and, once decided, the written conclusion.
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { payoutQueries } from '../api/payout-api';
import { PUBLICITY_PAGE } from './publicity-page';

const COLOURS: Record<string, string> = { submitted: 'processing', upheld: 'error', dismissed: 'default' };

export default function ObjectionsPage() {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery(payoutQueries.mine({ currentPage: page, pageSize: 10 }));
  return (
    <Card title="我的异议" extra={<Link to={PUBLICITY_PAGE}>公示公告</Link>}>
      <List
        loading={isLoading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="您还没有提出过异议" /> }}
        pagination={data && data.total > 10 ? { current: page, pageSize: 10, total: data.total, onChange: setPage } : false}
        renderItem={(o) => (
          <List.Item extra={<Tag color={COLOURS[o.status]}>{o.statusLabel}</Tag>}>
            <List.Item.Meta
              title={`${o.kindLabel} ${o.number}：${o.enterpriseName}（${o.guideTitle}）`}
              description={
                <>
                  <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                    {o.publicityTitle} · 提出于 {dayjs(o.createdAt).format('YYYY-MM-DD HH:mm')}
                  </Typography.Paragraph>
                  <Typography.Paragraph style={{ marginBottom: 4 }}>{o.facts}</Typography.Paragraph>
                  {o.outcome && (
                    <Typography.Paragraph style={{ marginBottom: 0 }}>
                      <Typography.Text strong>核查结论（{dayjs(o.decidedAt).format('YYYY-MM-DD')}）：</Typography.Text>
                      {o.outcome}
                    </Typography.Paragraph>
                  )}
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
