// 走访统计 (staff): a year's visits held per month, per staff member and per town, the share of
// enterprises visited, the problems raised and solved, and the appraisals on the 好差评 scale — as
// a table, a chart and the console's export/print (shared/workflow/figures-page.tsx). The choices
// live in the address (?year=2026&by=month).
import { Col, Row, Statistic } from 'antd';
import { formatRate } from '@hqt/contract/appeal-stats';
import type { VisitFigures } from '@hqt/contract/visit-console';
import { reportExport } from '@/shared/console/console-api';
import { FiguresPage, type FiguresMeasure } from '@/shared/workflow/figures-page';
import { visitConsoleQueries } from '../api/visit-console-api';

const BY = { month: '月份', staff: '走访人员', town: '乡镇街道', appraisal: '评价' } as const;
type By = keyof typeof BY;
const rowsOf = (f: VisitFigures, by: By) => ({ month: f.byMonth, staff: f.byStaff, town: f.byTown, appraisal: f.appraisals })[by];
const counted = (title: string): FiguresMeasure<'visits'>[] => [{ key: 'visits', title, charted: true }];
const VISITS = counted('走访次数');
const APPRAISALS = counted('评价数');
const measuresOf = (by: By) => (by === 'appraisal' ? APPRAISALS : VISITS);

const overview = (f: VisitFigures) => (
  <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
    <Col xs={12} md={6}>
      <Statistic title="走访企业覆盖率" value={formatRate(f.visitedShare)} />
      <span className="console-muted">{`${f.enterprisesVisited} / ${f.enterprisesTotal} 家`}</span>
    </Col>
    <Col xs={12} md={6}>
      <Statistic title="提出问题" value={f.problemsRaised} suffix="个" />
    </Col>
    <Col xs={12} md={6}>
      <Statistic title="已解决" value={f.problemsSolved} suffix="个" />
    </Col>
    <Col xs={12} md={6}>
      <Statistic title="评价满意率" value={formatRate(f.satisfiedShare)} />
    </Col>
  </Row>
);
const summaryLines = (f: VisitFigures) => [
  `走访企业 ${f.enterprisesVisited} / ${f.enterprisesTotal} 家（覆盖率 ${formatRate(f.visitedShare)}）`,
  `提出问题 ${f.problemsRaised} 个，已解决 ${f.problemsSolved} 个`,
  `评价满意率 ${formatRate(f.satisfiedShare)}`,
];

export default function VisitFiguresPage() {
  return (
    <FiguresPage
      title="走访统计"
      groupings={BY}
      minYear={2020}
      query={({ year }) => visitConsoleQueries.figures(year)}
      measures={measuresOf}
      rows={rowsOf}
      totals={(f, by) => ({ visits: rowsOf(f, by).reduce((n, r) => n + r.visits, 0) })}
      overview={overview}
      notes="走访次数只计已走访、已评价的走访（按走访开始时间）；一次走访计入每位参加人员；覆盖率为本年走访过的企业占全部企业；已解决为问题转成的诉求已办结；满意率为非常满意、满意、基本满意占已评价数。"
      exportHeading={summaryLines}
      report={reportExport}
    />
  );
}
