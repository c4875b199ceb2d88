// A table wider than its box scrolls sideways; with nothing focusable inside (a table of figures),
// a keyboard could never scroll it (WCAG 2.1.1). Such a region gets a Tab stop and a name.
const REGIONS = '.ant-table-content, .ant-table-body';

function mark(region: HTMLElement) {
  const overflows = region.scrollWidth > region.clientWidth || region.scrollHeight > region.clientHeight;
  const reachable = region.querySelector('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');
  if (overflows && !reachable) {
    region.tabIndex = 0;
    region.setAttribute('role', 'region');
    if (!region.hasAttribute('aria-label')) region.setAttribute('aria-label', region.closest('[aria-label]')?.getAttribute('aria-label') ?? '可滚动的表格');
  } else if (region.getAttribute('role') === 'region') {
    region.removeAttribute('tabindex');
    region.removeAttribute('role');
  }
}

/** Watches the page for scrolling tables, at most once a frame. */
export function keepScrollRegionsReachable() {
  let queued = false;
  const check = () => {
    queued = false;
    document.querySelectorAll<HTMLElement>(REGIONS).forEach(mark);
  };
  const later = () => {
    if (!queued) requestAnimationFrame(check);
    queued = true;
  };
  new MutationObserver(later).observe(document.body, { childList: true, subtree: true });
  // A size change without a change of the page (the window, 关怀版's text) can make a table overflow.
  new ResizeObserver(later).observe(document.body);
}
