// Themes 0–4 (spec §4) as antd tokens; 2 is the dark algorithm. Each colorLink reads at 4.5:1 or
// more on the page's panels (e2e/tests/shell.spec.ts checks the footer's links in every theme). The number lives in localStorage
// under `theme` and is read before the first paint (index.html) and by the providers.
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { THEME_STORAGE_KEY, type ThemeId } from '@hqt/contract/constants';

const THEMES: Record<ThemeId, ThemeConfig> = {
  0: { token: { colorPrimary: '#1658d8', colorLink: '#1658d8' } },
  1: { token: { colorPrimary: '#c41d1d', colorLink: '#c41d1d' } },
  2: { algorithm: antdTheme.darkAlgorithm, token: { colorPrimary: '#4a8df0', colorLink: '#6aa4f5' } },
  3: { token: { colorPrimary: '#0e8f7e', colorLink: '#0b7a6b' } },
  4: { token: { colorPrimary: '#6b3fc2', colorLink: '#6b3fc2' } },
};

export const LARGE_TEXT_KEY = 'largeText';

export function storedTheme(): ThemeId {
  const n = Number(localStorage.getItem(THEME_STORAGE_KEY));
  return (Number.isInteger(n) && n >= 0 && n <= 4 ? n : 0) as ThemeId;
}

export const storedLargeText = () => localStorage.getItem(LARGE_TEXT_KEY) === '1';

/** The antd theme for a number, with the 大字 option scaling text and controls. */
export function themeConfig(id: ThemeId, largeText: boolean): ThemeConfig {
  const base = THEMES[id];
  return {
    ...base,
    token: {
      ...base.token,
      borderRadius: 6,
      fontFamily: '"PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", "Noto Sans CJK SC", sans-serif',
      ...(largeText ? { fontSize: 18, controlHeight: 40 } : {}),
    },
  };
}
