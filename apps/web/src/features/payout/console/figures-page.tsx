// 申兑统计 (staff): a year of 政策申兑 by month, guide, department or 申报方式 — applications and
// amounts, the working days to 到账, the on-time shares, the 免申即享 share and the 兑现评价 — as a
// table, a chart and the console's export/print (shared/workflow/figures-page.tsx); the choices in
// the address (?year=2026&by=month).
import { queryOptions } from '@tanstack/react-query';
import { Col, Row, Statistic } from 'antd';
import { formatRate } from '@hqt/contract/appeal-stats';
import { APPLY_FIGURES_NOTES, APPLY_STATS_DIMENSIONS, APPLY_STATS_MIN_YEAR, APPLY_STATS_PATHS, type ApplyFigures, type ApplyFiguresResult, type ApplyStatsDimension } from '@hqt/contract/apply-stats';
import { http } from '@/shared/api/http';
import { reportExport } from '@/shared/console/console-api';
import { FiguresPage, type FiguresMeasure } from '@/shared/workflow/figures-page';

type Measure = keyof ApplyFigures;
const MEASURES: readonly FiguresMeasure<Measure>[] = [
  { key: 'applications', title: '申报数', charted: true, unit: '项' },
  { key: 'supported', title: '获支持数', charted: true, unit: '项' },
  { key: 'approvedAmount', title: '核定金额（万元）' },
  { key: 'paid', title: '已到账数' },
  { key: 'paidAmount', title: '到账金额（万元）' },
  { key: 'medianDays', title: '申报至到账中位数（工作日）' },
  { key: 'p90Days', title: '申报至到账 P90（工作日）' },
  { key: 'onTimeRate', title: '按时兑现率', rate: true, charted: true },
  { key: 'fastRate', title: '快申快享达标率', rate: true },
  { key: 'autoShare', title: '免申即享占比', rate: true },
  { key: 'satisfactionRate', title: '满意率', rate: true },
  { key: 'firstSatisfactionRate', title: '首次满意率', rate: true },
  { key: 'badRatings', title: '差评' },
];

const figuresQuery = (year: number, by: ApplyStatsDimension) =>
  queryOptions({ queryKey: ['console', 'payout', 'figures', year, by], queryFn: () => http.get<ApplyFiguresResult>(APPLY_STATS_PATHS.figures, { params: { year, by } }) });

const overview = ({ totals: t }: ApplyFiguresResult) => (
  <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
    <Col xs={12} md={6}>
      <Statistic title="申报 / 获支持" value={`${t.applications} / ${t.supported}`} />
    </Col>
    <Col xs={12} md={6}>
      <Statistic title="到账金额" value={t.paidAmount} suffix="万元" />
    </Col>
    <Col xs={12} md={6}>
      <Statistic title="申报至到账中位数" value={t.medianDays ?? '—'} suffix={t.medianDays === null ? '' : '个工作日'} />
    </Col>
    <Col xs={12} md={6}>
      <Statistic title="满意率 / 首次满意率" value={`${formatRate(t.satisfactionRate)} / ${formatRate(t.firstSatisfactionRate)}`} />
    </Col>
  </Row>
);

export default function ApplyFiguresPage() {
  return (
    <FiguresPage
      title="申兑统计"
      groupings={APPLY_STATS_DIMENSIONS}
      minYear={APPLY_STATS_MIN_YEAR}
      query={({ year, by }) => figuresQuery(year, by)}
      measures={() => MEASURES}
      rows={(r) => r.rows}
      totals={(r) => r.totals}
      wide
      overview={overview}
      notes={APPLY_FIGURES_NOTES}
      exportHeading={({ totals: t }) => [`申报 ${t.applications} 项，获支持 ${t.supported} 项，到账 ${t.paidAmount} 万元`, `按时兑现率 ${formatRate(t.onTimeRate)}，满意率 ${formatRate(t.satisfactionRate)}`]}
      report={reportExport}
    />
  );
}
