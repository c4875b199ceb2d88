// Past evaluations of one enterprise, each with what changed since the one before it.
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Pagination, Space, Tag } from 'antd';
import { useState } from 'react';
import type { EvaluationSummary } from '@hqt/contract/calculator';
import { calculatorQueries } from '../api/calculator-api';

function changesText({ changes }: EvaluationSummary): string {
  if (changes.previousId === null) return '首次测算';
  const parts = [
    changes.gained.length ? `新增符合：${changes.gained.map((g) => g.title).join('、')}` : '',
    changes.lost.length ? `不再符合：${changes.lost.map((g) => g.title).join('、')}` : '',
    changes.amounts.length ? `金额变化：${changes.amounts.map((a) => `${a.title} ${a.before ?? '—'} → ${a.after ?? '—'} 万元`).join('、')}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join('；') : '与上次相比没有变化';
}

export function HistoryPanel({ enterpriseId }: { enterpriseId: number }) {
  const [page, setPage] = useState(1);
  const { data } = useQuery(calculatorQueries.history(enterpriseId, page));
  return (
    <Card size="small" title="历史测算">
      {data?.list.length ? (
        <>
          <List
            size="small"
            dataSource={data.list}
            renderItem={(e) => (
              <List.Item>
                <div>
                  <Space wrap size={4}>
                    <strong>{new Date(e.evaluatedAt).toLocaleString('zh-CN', { hour12: false })}</strong>
                    <span>
                      符合 {e.eligible} 项，预计 {e.amount} 万元
                    </span>
                    {e.whatIf && <Tag color="orange">含假设数据</Tag>}
                  </Space>
                  <div className="calc-hint">{changesText(e)}</div>
                </div>
              </List.Item>
            )}
          />
          {data.total > data.pageSize && <Pagination size="small" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} style={{ marginTop: 8 }} />}
        </>
      ) : (
        <Empty description="还没有保存过测算结果" />
      )}
    </Card>
  );
}
