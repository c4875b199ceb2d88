// 申请走访's (and 提议改期's) date-time picker on a 375 px phone: its popup must fit, Monday's column
// included. jsdom lays nothing out, so the popup's width is reckoned from the sizes antd draws it
// with (its CSS variables on the popup): 7 day cells and the panel's padding, two time columns.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TimeRange } from './time-range';

/** jsdom's body is 0 px wide unless a test says otherwise (shared/lib/use-is-mobile.ts reads it). */
function bodyWidth(px: number) {
  Object.defineProperty(document.body, 'clientWidth', { value: px, configurable: true });
}
afterEach(() => bodyWidth(0));

/** The day panel's padding each side (antd's paddingSM + paddingXXS / 2 at the default sizes) and the border. */
const DAY_PANEL_PADDING = 18;
const BORDER = 1;
/** The drawer's body padding each side: the picker's input, and so its popup, starts 24 px in. */
const DRAWER_PADDING = 24;

/** Opens the picker and reckons its popup's width from the CSS variables antd set for it. */
async function openedPopupWidth() {
  render(<TimeRange label="期望时间 1" />);
  await userEvent.setup({ delay: null }).click(screen.getByPlaceholderText('开始时间'));
  const popup = document.querySelector<HTMLElement>('.ant-picker-dropdown')!;
  const varClass = [...popup.classList].find((c) => c.startsWith('css-var-'))!;
  const css = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
  const px = (name: string) => {
    const rules = [...css.matchAll(/([^{}]*)\{([^{}]*)\}/g)].filter(([, selector]) => selector!.includes(`.${varClass}`));
    const found = rules.map(([, , body]) => new RegExp(`--ant-date-picker-${name}:\\s*([\\d.]+)px`).exec(body!)?.[1]).find(Boolean);
    expect(found, name).toBeDefined();
    return Number(found);
  };
  return { popup, width: 7 * px('cell-width') + 2 * DAY_PANEL_PADDING + 2 * px('time-column-width') + BORDER };
}

test('at 375 px the popup, days and hours side by side, fits from the input to the screen edge', async () => {
  bodyWidth(375);
  const { popup, width } = await openedPopupWidth();
  expect(width).toBeLessThanOrEqual(375 - DRAWER_PADDING);
  expect(popup).toHaveClass('ant-picker-dropdown-placement-bottomLeft');
  expect(popup.querySelectorAll('.ant-picker-date-panel thead th')).toHaveLength(7);
});

test('on a wide screen the popup keeps antd’s own sizes', async () => {
  bodyWidth(1280);
  const { width } = await openedPopupWidth();
  expect(width).toBe(7 * 36 + 2 * DAY_PANEL_PADDING + 2 * 56 + BORDER);
});
