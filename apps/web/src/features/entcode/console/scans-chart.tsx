// The scans per day as stacked bars by who scanned (访客, 企业本身, 工作人员), drawn by ECharts and
// loaded only with the code's detail (its own chunk, as 诉求统计's chart).
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { ENTCODE_VIEWER_LIST, ENTCODE_VIEWERS } from '@hqt/contract/entcode';
import type { EntcodeScans } from '@hqt/contract/entcode-console';
import { useChart } from '@/shared/charts/use-chart';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export default function ScansChart({ days, title }: { days: EntcodeScans; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useChart(host);
  useEffect(() => {
    if (!chart) return;
    chart.setOption(
      {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
        xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
        yAxis: { type: 'value', name: '次', minInterval: 1 },
        series: ENTCODE_VIEWER_LIST.map((v) => ({ name: ENTCODE_VIEWERS[v], type: 'bar', stack: 'scans', barMaxWidth: 18, data: days.map((d) => d[v]) })),
      },
      true,
    );
  }, [days, chart]);
  return <div ref={host} role="img" aria-label={title} style={{ width: '100%', height: 280 }} />;
}
