// 扫码趋势: every code's scans per China day over the last 30 or 90 days (the server counts them for
// all codes together) as a chart whose accessible name says what it shows, and the same figures as
// a table behind a toggle — the chart's alternative for a screen reader and for reading exact numbers.
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Radio, Skeleton, Table, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { ENTCODE_VIEWER_LIST, ENTCODE_VIEWERS } from '@hqt/contract/entcode';
import type { EntcodeScans } from '@hqt/contract/entcode-console';
import { entcodeConsoleQueries } from '../api/entcode-console-api';

const ScansChart = lazy(() => import('./scans-chart'));

const RANGES = [30, 90] as const;

/** The chart's accessible name: the range, the total and the busiest day. */
export function scansSummary(days: EntcodeScans, range: number) {
  const total = days.reduce((n, d) => n + d.total, 0);
  const busiest = days.reduce<EntcodeScans[number] | null>((best, d) => (d.total > (best?.total ?? 0) ? d : best), null);
  return `近${range}天每日扫码次数（全部企业码）：共 ${total} 次${busiest ? `，最多为 ${busiest.day} 的 ${busiest.total} 次` : ''}`;
}

export function ScansPanel() {
  const [range, setRange] = useState<number>(30);
  const [asTable, setAsTable] = useState(false);
  const { data, isLoading } = useQuery(entcodeConsoleQueries.scans(range));
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center" justify="space-between">
        <Radio.Group
          aria-label="统计天数"
          optionType="button"
          value={range}
          options={RANGES.map((d) => ({ value: d, label: `近${d}天` }))}
          onChange={(e) => setRange(e.target.value as number)}
        />
        <Button aria-expanded={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? '收起数据表' : '以表格查看'}
        </Button>
      </Flex>
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 280 }} />}>
            <ScansChart days={data} title={scansSummary(data, range)} />
          </Suspense>
          {asTable && (
            <div style={{ maxHeight: 360, overflowY: 'auto' }}>
              <Table
                aria-label="每日扫码次数"
                rowKey="day"
                size="small"
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={[...data].reverse()}
                columns={[
                  { title: '日期', dataIndex: 'day' },
                  ...ENTCODE_VIEWER_LIST.map((v) => ({ title: ENTCODE_VIEWERS[v], dataIndex: v, align: 'right' as const })),
                  { title: '合计', dataIndex: 'total', align: 'right' as const },
                ]}
              />
            </div>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            按北京时间统计每天被扫码查看的次数，不记录访客地址。
          </Typography.Text>
        </>
      )}
    </Flex>
  );
}
