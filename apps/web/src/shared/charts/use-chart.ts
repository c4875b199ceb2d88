// One ECharts instance for a chart's box: made once the box has a size (a chart started in a hidden
// tab or a folded panel would be 0 px wide), resized with the box (the side menu folding too, not only
// the window), disposed with the component. Only the charts' own lazily loaded chunks import this:
// ECharts never weighs on a first page.
import * as echarts from 'echarts/core';
import { useEffect, useState, type RefObject } from 'react';

export function useChart(host: RefObject<HTMLDivElement | null>): echarts.ECharts | null {
  const [chart, setChart] = useState<echarts.ECharts | null>(null);
  useEffect(() => {
    const el = host.current!;
    let instance: echarts.ECharts | undefined;
    const observer = new ResizeObserver(() => {
      if (!el.clientWidth) return;
      if (instance) instance.resize();
      else {
        // The dark theme (html[data-theme="2"], set before the first paint; a change reloads the
        // page): ECharts' own dark colours for axes, grid and labels, on the page's own background.
        const dark = document.documentElement.dataset.theme === '2';
        instance = echarts.init(el, dark ? 'dark' : undefined, { renderer: 'svg' });
        if (dark) instance.setOption({ backgroundColor: 'transparent' });
        setChart(instance);
      }
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance?.dispose();
    };
  }, [host]);
  return chart;
}
