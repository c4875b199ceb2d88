// 诉求统计's chart, drawn by ECharts and loaded only with the page (its own chunk, as the
// calculator's amount chart): each group's received appeals as bars, and its 响应率, 按时办结率,
// 满意率 and 首次满意率 as lines on a percentage axis (a group without a rate leaves a gap, not a 0 %).
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { AppealFiguresRow } from '@hqt/contract/appeal-stats';
import { useChart } from '@/shared/charts/use-chart';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

export default function FiguresChart({ rows, title }: { rows: AppealFiguresRow[]; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useChart(host);
  useEffect(() => {
    if (!chart) return;
    const line = (name: string, pick: (r: AppealFiguresRow) => number | null) => ({ name, type: 'line', yAxisIndex: 1, connectNulls: false, data: rows.map((r) => percent(pick(r))) });
    chart.setOption(
      {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 8, right: 8, top: 40, bottom: 8 },
        xAxis: { type: 'category', data: rows.map((r) => r.label), axisLabel: { interval: 0, rotate: rows.length > 8 ? 30 : 0 } },
        yAxis: [
          { type: 'value', name: '件', minInterval: 1 },
          { type: 'value', name: '%', min: 0, max: 100 },
        ],
        series: [
          { name: '收件数', type: 'bar', data: rows.map((r) => r.received), barMaxWidth: 28 },
          line('响应率', (r) => r.responseRate),
          line('按时办结率', (r) => r.onTimeRate),
          line('满意率', (r) => r.satisfactionRate),
          line('首次满意率', (r) => r.firstSatisfactionRate),
        ],
      },
      true,
    );
  }, [rows, chart]);
  return <div ref={host} role="img" aria-label={title} style={{ width: '100%', height: 320 }} />;
}
