import { afterEach, expect, it, vi } from 'vitest';
import { themeConfig, type Look } from './themes';

const look: Look = { theme: 0, largeText: false, care: false, careScale: 1.3 };

/** The system's 减弱动态效果 setting, as matchMedia answers it. */
const systemReducesMotion = (reduce: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }));

afterEach(() => vi.unstubAllGlobals());

it("antd's motion stops in 关怀版 and when the system asks for reduced motion, and only then", () => {
  systemReducesMotion(false);
  expect(themeConfig(look).token?.motion).not.toBe(false);
  expect(themeConfig({ ...look, care: true }).token?.motion).toBe(false);
  systemReducesMotion(true);
  for (const theme of [0, 2] as const) expect(themeConfig({ ...look, theme }).token?.motion).toBe(false);
});
