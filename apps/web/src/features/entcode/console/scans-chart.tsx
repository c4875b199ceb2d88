// The scans per day as stacked bars by who scanned (访客, 企业本身, 工作人员), drawn by ECharts and
// loaded only with the code's detail (its own chunk, as 诉求统计's chart).
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef, useState } from 'react';
import { ENTCODE_VIEWER_LIST, ENTCODE_VIEWERS } from '@hqt/contract/entcode';
import type { EntcodeScans } from '@hqt/contract/entcode-console';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export default function ScansChart({ days, title }: { days: EntcodeScans; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  // Drawn once its box has a size, and resized with it (the side menu folding too, not only the window).
  useEffect(() => {
    const el = host.current!;
    let chart: echarts.ECharts | undefined;
    const observer = new ResizeObserver(() => {
      if (!el.clientWidth) return;
      if (chart) chart.resize();
      else {
        chart = echarts.init(el, undefined, { renderer: 'svg' });
        setReady(true);
      }
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart?.dispose();
    };
  }, []);
  useEffect(() => {
    if (!ready) return;
    echarts.getInstanceByDom(host.current!)?.setOption(
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
  }, [days, ready]);
  return <div ref={host} role="img" aria-label={title} style={{ width: '100%', height: 280 }} />;
}
