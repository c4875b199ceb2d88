// 诉求统计 (staff): the 接诉即办 and 好差评 measures of a year's appeals per category, department or
// month — received, 响应率, 按时办结率, 满意率 (the last rating; 未评价 never counted) beside 首次满意率
// (the first), 差评, 整改 and 整改率, and the average working days to the first reply — as a table
// with its totals, each rate defined under it (APPEAL_FIGURE_DEFINITIONS), a chart, and the
// console's export/print. The choices live in the address (?year=2026&by=month&category=…&department=…).
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Radio, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  APPEAL_FIGURE_DEFINITIONS,
  APPEAL_STATS_DIMENSIONS,
  APPEAL_STATS_MAX_YEAR,
  APPEAL_STATS_MIN_YEAR,
  formatRate,
  type AppealFigures,
  type AppealFiguresRow,
  type AppealStatsDimension,
} from '@hqt/contract/appeal-stats';
import { useDictionaries } from '@/shared/api/dictionaries';
import { reportExport } from '@/shared/console/console-api';
import type { ExportColumn } from '@/shared/lib/export-format';
import { appealStatsQueries } from '../api/appeal-stats-api';

const ExportPrintDialog = lazy(() => import('@/shared/ui/export-print-dialog'));
const FiguresChart = lazy(() => import('./figures-chart'));

const TITLE = '诉求统计';
const DIMENSIONS = Object.keys(APPEAL_STATS_DIMENSIONS) as AppealStatsDimension[];
const DICTS = ['appealCategory', 'department'] as const;

type Measure = { key: keyof AppealFigures; title: string; rate?: boolean };
const MEASURES: Measure[] = [
  { key: 'received', title: '收件数' },
  { key: 'responded', title: '及时响应' },
  { key: 'responseRate', title: '响应率', rate: true },
  { key: 'replied', title: '已答复' },
  { key: 'repliedOnTime', title: '按时答复' },
  { key: 'onTimeRate', title: '按时办结率', rate: true },
  { key: 'rated', title: '已评价' },
  { key: 'satisfied', title: '满意' },
  { key: 'satisfactionRate', title: '满意率', rate: true },
  { key: 'firstSatisfactionRate', title: '首次满意率', rate: true },
  { key: 'badRatings', title: '差评' },
  { key: 'reworks', title: '整改' },
  { key: 'reworkRate', title: '整改率', rate: true },
  { key: 'avgReplyDays', title: '平均答复用时（工作日）' },
];

/** A measure as the table, the print and the file show it: rates as percentages, '—' for none. */
const shown = (m: Measure, f: AppealFigures): string | number => {
  const v = f[m.key];
  if (m.rate) return formatRate(v);
  return v ?? '—';
};

const thisYear = () => new Date().getFullYear();

export default function FiguresPage() {
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('year'));
  const year = Number.isInteger(asked) && asked >= APPEAL_STATS_MIN_YEAR && asked <= APPEAL_STATS_MAX_YEAR ? asked : thisYear();
  const by = DIMENSIONS.find((d) => d === search.get('by')) ?? 'category';
  const category = search.get('category') ?? undefined;
  const department = search.get('department') ?? undefined;
  const dicts = useDictionaries(DICTS);
  const { data, isLoading } = useQuery(appealStatsQueries.figures({ year, by, category, department }));
  const [exporting, setExporting] = useState(false);

  const set = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) next.delete(k);
      else next.set(k, v);
    }
    setSearch(next);
  };

  const dimension = APPEAL_STATS_DIMENSIONS[by];
  const columns: TableColumnsType<AppealFiguresRow> = [
    { title: dimension, dataIndex: 'label', fixed: 'left' },
    ...MEASURES.map((m) => ({ title: m.title, key: m.key, align: 'right' as const, render: (_: unknown, row: AppealFiguresRow) => shown(m, row) })),
  ];
  const years = Array.from({ length: Math.max(1, thisYear() - APPEAL_STATS_MIN_YEAR + 1) }, (_, i) => thisYear() - i);
  const heading = `${year}年 · 按${dimension}${category ? ` · ${dicts.labelOf('appealCategory', category)}` : ''}${department ? ` · ${dicts.labelOf('department', department)}` : ''}`;
  const exportColumns: ExportColumn[] = [{ key: 'label', field: 'label', title: dimension, displayName: dimension }, ...MEASURES.map((m) => ({ key: m.key, field: m.key, title: m.title, displayName: m.title }))];
  const exportRow = (label: string, f: AppealFigures) => ({ label, ...Object.fromEntries(MEASURES.map((m) => [m.key, shown(m, f)])) });

  return (
    <Card
      title={TITLE}
      extra={
        <Button onClick={() => setExporting(true)} disabled={!data}>
          导出 / 打印
        </Button>
      }
    >
      <Flex gap={8} wrap className="console-filters" style={{ marginBottom: 12 }}>
        <Select aria-label="年度" value={year} style={{ width: 110 }} options={years.map((y) => ({ value: y, label: `${y}年` }))} onChange={(y) => set({ year: String(y) })} />
        <Radio.Group
          aria-label="统计维度"
          optionType="button"
          value={by}
          options={DIMENSIONS.map((d) => ({ value: d, label: `按${APPEAL_STATS_DIMENSIONS[d]}` }))}
          onChange={(e) => set({ by: e.target.value as string })}
        />
        <Select aria-label="诉求类别" placeholder="全部类别" allowClear value={category} style={{ width: 140 }} options={dicts.options('appealCategory')} onChange={(v?: string) => set({ category: v })} />
        <Select aria-label="承办部门" placeholder="全部部门" allowClear value={department} style={{ width: 220 }} options={dicts.options('department')} onChange={(v?: string) => set({ department: v })} />
      </Flex>
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 320 }} />}>
            <FiguresChart rows={data.rows} title={`${TITLE}：${heading}`} />
          </Suspense>
          <Table<AppealFiguresRow>
            rowKey={(r) => r.key ?? ''}
            columns={columns}
            dataSource={data.rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
            size="middle"
            summary={() => (
              <Table.Summary fixed>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                  {MEASURES.map((m, i) => (
                    <Table.Summary.Cell key={m.key} index={i + 1} align="right">
                      {shown(m, data.totals)}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            )}
          />
          <ul className="appeal-figure-definitions" aria-label="统计口径" style={{ marginTop: 12, paddingLeft: 18, fontSize: 12, opacity: 0.65 }}>
            {Object.entries(APPEAL_FIGURE_DEFINITIONS).map(([key, text]) => (
              <li key={key}>{text}</li>
            ))}
          </ul>
        </>
      )}
      {exporting && data && (
        <Suspense fallback={null}>
          <ExportPrintDialog
            open
            onClose={() => setExporting(false)}
            title={TITLE}
            heading={[heading]}
            fileName={`${TITLE}-${year}-按${dimension}`}
            columns={exportColumns}
            fetchRows={() => Promise.resolve({ rows: [...data.rows.map((r) => exportRow(r.label, r)), exportRow('合计', data.totals)], total: data.rows.length + 1 })}
            onDone={(action, rows) => void reportExport(`${TITLE}（${action === 'export' ? '导出' : '打印'}）`, rows)}
          />
        </Suspense>
      )}
    </Card>
  );
}
