// 走访统计 (staff): a year's visits held per month, per staff member and per town, the share of
// enterprises visited, the problems raised and solved, and the appraisals on the 好差评 scale — as
// tables, a chart (ECharts, loaded with the page) and the console's export/print. The choices live
// in the address (?year=2026&by=month).
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Radio, Row, Select, Skeleton, Statistic, Table } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatRate } from '@hqt/contract/appeal-stats';
import type { VisitFigures } from '@hqt/contract/visit-console';
import { reportExport } from '@/shared/console/console-api';
import type { ExportColumn } from '@/shared/lib/export-format';
import { visitConsoleQueries } from '../api/visit-console-api';

const ExportPrintDialog = lazy(() => import('@/shared/ui/export-print-dialog'));
const FiguresChart = lazy(() => import('./figures-chart'));

const TITLE = '走访统计';
const MIN_YEAR = 2020;
const BY = { month: '月份', staff: '走访人员', town: '乡镇街道', appraisal: '评价' } as const;
type By = keyof typeof BY;
const rowsOf = (f: VisitFigures, by: By) => ({ month: f.byMonth, staff: f.byStaff, town: f.byTown, appraisal: f.appraisals })[by];
const thisYear = () => new Date().getFullYear();

export default function VisitFiguresPage() {
  const [search, setSearch] = useSearchParams();
  const asked = Number(search.get('year'));
  const year = Number.isInteger(asked) && asked >= MIN_YEAR && asked <= thisYear() + 1 ? asked : thisYear();
  const by = (Object.keys(BY) as By[]).find((d) => d === search.get('by')) ?? 'month';
  const { data, isLoading } = useQuery(visitConsoleQueries.figures(year));
  const [exporting, setExporting] = useState(false);
  const set = (patch: Record<string, string>) => setSearch({ ...Object.fromEntries(search), ...patch });

  const measure = by === 'appraisal' ? '评价数' : '走访次数';
  const years = Array.from({ length: thisYear() - MIN_YEAR + 1 }, (_, i) => thisYear() - i);
  const rows = data ? rowsOf(data, by) : [];
  const heading = `${year}年 · 按${BY[by]}`;
  const exportColumns: ExportColumn[] = [
    { key: 'label', field: 'label', title: BY[by], displayName: BY[by] },
    { key: 'visits', field: 'visits', title: measure, displayName: measure },
  ];
  const totals = (f: VisitFigures) => [
    `走访企业 ${f.enterprisesVisited} / ${f.enterprisesTotal} 家（覆盖率 ${formatRate(f.visitedShare)}）`,
    `提出问题 ${f.problemsRaised} 个，已解决 ${f.problemsSolved} 个`,
    `评价满意率 ${formatRate(f.satisfiedShare)}`,
  ];

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
        <Radio.Group aria-label="统计维度" optionType="button" value={by} options={(Object.keys(BY) as By[]).map((d) => ({ value: d, label: `按${BY[d]}` }))} onChange={(e) => set({ by: e.target.value as string })} />
      </Flex>
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={12} md={6}>
              <Statistic title="走访企业覆盖率" value={formatRate(data.visitedShare)} />
              <span className="console-muted">{`${data.enterprisesVisited} / ${data.enterprisesTotal} 家`}</span>
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="提出问题" value={data.problemsRaised} suffix="个" />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="已解决" value={data.problemsSolved} suffix="个" />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="评价满意率" value={formatRate(data.satisfiedShare)} />
            </Col>
          </Row>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 320 }} />}>
            <FiguresChart rows={rows} measure={measure} title={`${TITLE}：${heading}`} />
          </Suspense>
          <Table
            rowKey="key"
            columns={[
              { title: BY[by], dataIndex: 'label' },
              { title: measure, dataIndex: 'visits', align: 'right' },
            ]}
            dataSource={rows}
            pagination={false}
            size="middle"
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {rows.reduce((n, r) => n + r.visits, 0)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          <p style={{ marginTop: 12, fontSize: 12, opacity: 0.65 }}>
            走访次数只计已走访、已评价的走访（按走访开始时间）；一次走访计入每位参加人员；覆盖率为本年走访过的企业占全部企业；已解决为问题转成的诉求已办结；满意率为非常满意、满意、基本满意占已评价数。
          </p>
        </>
      )}
      {exporting && data && (
        <Suspense fallback={null}>
          <ExportPrintDialog
            open
            onClose={() => setExporting(false)}
            title={TITLE}
            heading={[heading, ...totals(data)]}
            fileName={`${TITLE}-${year}-按${BY[by]}`}
            columns={exportColumns}
            fetchRows={() => Promise.resolve({ rows: [...rows.map((r) => ({ label: r.label, visits: r.visits })), { label: '合计', visits: rows.reduce((n, r) => n + r.visits, 0) }], total: rows.length + 1 })}
            onDone={(action, out) => void reportExport(`${TITLE}（${action === 'export' ? '导出' : '打印'}）`, out)}
          />
        </Suspense>
      )}
    </Card>
  );
}
