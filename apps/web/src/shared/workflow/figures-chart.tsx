// A figures page's chart (figures-page.tsx), drawn by ECharts in a chunk of its own, loaded with the
// page: each group's charted counts as bars, and its charted rates as lines on a percentage axis (a
// group without a rate leaves a gap, not a 0 %).
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useChart } from '@/shared/charts/use-chart';
import type { FiguresMeasure, FiguresRow } from './figures-page';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

export default function FiguresChart<M extends string>({ rows, measures, title }: { rows: FiguresRow<M>[]; measures: readonly FiguresMeasure<M>[]; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useChart(host);
  useEffect(() => {
    if (!chart) return;
    const charted = measures.filter((m) => m.charted);
    const bars = charted.filter((m) => !m.rate);
    const lines = charted.filter((m) => m.rate);
    const values = (m: FiguresMeasure<M>) => rows.map((r) => r[m.key]);
    // With rates (诉求统计) a legend on top and a % axis; counts alone (走访统计) need no legend and
    // keep their axis labels inside the grid's margins.
    const rates = lines.length > 0;
    chart.setOption(
      {
        tooltip: { trigger: 'axis' },
        legend: { show: rates, top: 0 },
        grid: { left: 8, right: 8, top: rates ? 40 : 32, bottom: 8, containLabel: !rates },
        xAxis: { type: 'category', data: rows.map((r) => r.label), axisLabel: { interval: 0, rotate: rows.length > 8 ? 30 : 0 } },
        yAxis: [{ type: 'value', name: bars[0]?.unit ?? bars[0]?.title, minInterval: 1 }, ...(rates ? [{ type: 'value', name: '%', min: 0, max: 100 }] : [])],
        series: [
          ...bars.map((m) => ({ name: m.title, type: 'bar', data: values(m), barMaxWidth: 28 })),
          ...lines.map((m) => ({ name: m.title, type: 'line', yAxisIndex: 1, connectNulls: false, data: values(m).map(percent) })),
        ],
      },
      true,
    );
  }, [rows, measures, chart]);
  return <div ref={host} role="img" aria-label={title} style={{ width: '100%', height: 320 }} />;
}
