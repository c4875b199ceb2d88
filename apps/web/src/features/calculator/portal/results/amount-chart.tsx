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
  // The chart's figures as a table for a screen reader (the drawing itself is hidden from it).
  return (
    <>
      <div ref={host} aria-hidden style={{ width: '100%', height: Math.max(120, data.length * 40 + 24) }} />
      <table className="visually-hidden">
        <caption>按扶持方式的预计金额</caption>
        <thead>
          <tr>
            <th scope="col">扶持方式</th>
            <th scope="col">预计金额（万元）</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{d.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
