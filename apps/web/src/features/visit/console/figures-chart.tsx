// 走访统计's chart, drawn by ECharts and loaded only with the page (its own chunk, as 诉求统计's):
// the chosen grouping's counts as bars.
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useChart } from '@/shared/charts/use-chart';

echarts.use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

export default function FiguresChart({ rows, measure, title }: { rows: { label: string; visits: number }[]; measure: string; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useChart(host);
  useEffect(() => {
    if (!chart) return;
    chart.setOption(
      {
        tooltip: { trigger: 'axis' },
        grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
        xAxis: { type: 'category', data: rows.map((r) => r.label), axisLabel: { interval: 0, rotate: rows.length > 8 ? 30 : 0 } },
        yAxis: { type: 'value', name: measure, minInterval: 1 },
        series: [{ name: measure, type: 'bar', data: rows.map((r) => r.visits), barMaxWidth: 28 }],
      },
      true,
    );
  }, [rows, measure, chart]);
  return <div ref={host} role="img" aria-label={title} style={{ width: '100%', height: 320 }} />;
}
