// 诉求统计 (staff): the 接诉即办 and 好差评 measures of a year's appeals per category, department or
// month — received, 响应率, 按时办结率, 满意率 (the last rating; 未评价 never counted) beside 首次满意率
// (the first), 差评, 整改 and 整改率, and the average working days to the first reply — as a table
// with its totals, each rate defined under it (APPEAL_FIGURE_DEFINITIONS), a chart, and the
// console's export/print (shared/workflow/figures-page.tsx). The choices live in the address
// (?year=2026&by=month&category=…&department=…).
import {
  APPEAL_FIGURE_DEFINITIONS,
  APPEAL_STATS_DIMENSIONS,
  APPEAL_STATS_MAX_YEAR,
  APPEAL_STATS_MIN_YEAR,
  type AppealFigures,
} from '@hqt/contract/appeal-stats';
import { reportExport } from '@/shared/console/console-api';
import { FiguresPage, type FiguresFilter, type FiguresMeasure } from '@/shared/workflow/figures-page';
import { appealStatsQueries } from '../api/appeal-stats-api';

const MEASURES: FiguresMeasure<keyof AppealFigures>[] = [
  { key: 'received', title: '收件数', charted: true, unit: '件' },
  { key: 'responded', title: '及时响应' },
  { key: 'responseRate', title: '响应率', rate: true, charted: true },
  { key: 'replied', title: '已答复' },
  { key: 'repliedOnTime', title: '按时答复' },
  { key: 'onTimeRate', title: '按时办结率', rate: true, charted: true },
  { key: 'rated', title: '已评价' },
  { key: 'satisfied', title: '满意' },
  { key: 'satisfactionRate', title: '满意率', rate: true, charted: true },
  { key: 'firstSatisfactionRate', title: '首次满意率', rate: true, charted: true },
  { key: 'badRatings', title: '差评' },
  { key: 'reworks', title: '整改' },
  { key: 'reworkRate', title: '整改率', rate: true },
  { key: 'avgReplyDays', title: '平均答复用时（工作日）' },
];
const FILTERS: FiguresFilter<'category' | 'department'>[] = [
  { param: 'category', dict: 'appealCategory', label: '诉求类别', placeholder: '全部类别', width: 140 },
  { param: 'department', dict: 'department', label: '承办部门', placeholder: '全部部门', width: 220 },
];
const NOTES = Object.values(APPEAL_FIGURE_DEFINITIONS);

export default function AppealFiguresPage() {
  return (
    <FiguresPage
      title="诉求统计"
      groupings={APPEAL_STATS_DIMENSIONS}
      minYear={APPEAL_STATS_MIN_YEAR}
      maxYear={APPEAL_STATS_MAX_YEAR}
      filters={FILTERS}
      query={appealStatsQueries.figures}
      measures={() => MEASURES}
      rows={(data) => data.rows}
      totals={(data) => data.totals}
      wide
      notes={NOTES}
      report={reportExport}
    />
  );
}
