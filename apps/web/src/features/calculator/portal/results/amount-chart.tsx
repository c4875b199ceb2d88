// Estimated support by support type, drawn by ECharts: loaded only when a result is shown (its own
// chunk), with only the pieces this one bar chart needs. No tooltip: each bar is labelled with its
// amount already, and ECharts' tooltip (with its axis pointer) was 25 kB of the chunk.
import { BarChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useChart } from '@/shared/charts/use-chart';

echarts.use([BarChart, GridComponent, SVGRenderer]);

export default function AmountChart({ data }: { data: { label: string; amount: number }[] }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useChart(host);
  useEffect(() => {
    chart?.setOption({
      grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', name: '万元' },
      yAxis: { type: 'category', data: data.map((d) => d.label), inverse: true },
      series: [{ type: 'bar', data: data.map((d) => d.amount), label: { show: true, position: 'right', formatter: '{c} 万元' }, barMaxWidth: 22 }],
    });
  }, [data, chart]);
  return <div ref={host} role="img" aria-label="按扶持方式的预计金额" style={{ width: '100%', height: Math.max(120, data.length * 40 + 24) }} />;
}
