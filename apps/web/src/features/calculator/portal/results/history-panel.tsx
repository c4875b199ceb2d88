// Past evaluations of one enterprise, each with what changed since the one before it; 查看 opens one
// as it was (its id in the address, ?snapshot=, so it can be reopened).
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Pagination, Space, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Enterprise } from '@hqt/contract/calculator';
import { calculatorQueries } from '../../api/calculator-api';
import { changesText } from './changes-text';
import { SnapshotDrawer } from './snapshot-drawer';

export function HistoryPanel({ enterprise }: { enterprise: Enterprise }) {
  const [page, setPage] = useState(1);
  const { data } = useQuery(calculatorQueries.history(enterprise.id, page));
  const [params, setParams] = useSearchParams();
  const opened = Number(params.get('snapshot')) || null;
  const open = (id: number | null) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      if (id) out.set('snapshot', String(id));
      else out.delete('snapshot');
      return out;
    });
  return (
    <Card size="small" title="历史测算">
      {data?.list.length ? (
        <>
          <List
            size="small"
            dataSource={data.list}
            renderItem={(e) => (
              <List.Item
                actions={[
                  <Button key="open" size="small" type="link" aria-label={`查看 ${new Date(e.evaluatedAt).toLocaleString('zh-CN', { hour12: false })} 的测算`} onClick={() => open(e.id)}>
                    查看
                  </Button>,
                ]}
              >
                <div>
                  <Space wrap size={4}>
                    <strong>{new Date(e.evaluatedAt).toLocaleString('zh-CN', { hour12: false })}</strong>
                    <span>
                      符合 {e.eligible} 项，预计 {e.amount} 万元
                    </span>
                    {e.whatIf && <Tag color="orange">含假设数据</Tag>}
                  </Space>
                  <div className="calc-hint">{changesText(e.changes)}</div>
                </div>
              </List.Item>
            )}
          />
          {data.total > data.pageSize && <Pagination size="small" current={page} pageSize={data.pageSize} total={data.total} onChange={setPage} style={{ marginTop: 8 }} />}
        </>
      ) : (
        <Empty description="还没有保存过测算结果" />
      )}
      <SnapshotDrawer id={opened} enterprise={enterprise} onClose={() => open(null)} />
    </Card>
  );
}
