// Themes 0–4 (spec §4) as antd tokens; 2 is the dark algorithm. Every theme's text, links and
// controls read at 4.5:1 or more on its panels (e2e/tests/a11y.spec.ts scans every page in each).
// 关怀版 (the care edition of 《互联网网站适老化通用设计规范》) goes over any of them: larger text in
// steps, more line height, 44 px controls, high-contrast colours, no motion. The choices live in
// localStorage (`theme`, `largeText`, `care`, `careScale`) and are applied before the first paint
// by index.html (its data attributes, for global.css) and here (antd's tokens). The system's
// 减弱动态效果 (prefers-reduced-motion) stops antd's motion too, whatever the look.
import { theme as antdTheme, type ThemeConfig } from 'antd';
import { THEME_STORAGE_KEY, type ThemeId } from '@hqt/contract/constants';

// Secondary and tertiary text at antd's defaults (45 % black) falls below 4.5:1: every light theme
// uses darker greys, and the dark theme lighter ones.
const LIGHT_TEXT = { colorTextSecondary: 'rgba(0, 0, 0, 0.7)', colorTextTertiary: 'rgba(0, 0, 0, 0.62)', colorTextDescription: 'rgba(0, 0, 0, 0.62)', colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)', colorTextDisabled: 'rgba(0, 0, 0, 0.58)' };
const DARK_TEXT = { colorTextSecondary: 'rgba(255, 255, 255, 0.75)', colorTextTertiary: 'rgba(255, 255, 255, 0.68)', colorTextDescription: 'rgba(255, 255, 255, 0.68)', colorTextPlaceholder: 'rgba(255, 255, 255, 0.6)', colorTextDisabled: 'rgba(255, 255, 255, 0.5)' };
// Status colours dark enough for white text on them, with light tints of their own (antd's tint
// of a dark colour is muddy: text on it falls under 4.5:1).
const LIGHT_STATUS = { colorSuccess: '#287a0c', colorWarning: '#ad5a00', colorError: '#cf1322', colorInfo: '#1658d8', colorSuccessBg: '#f3faef', colorWarningBg: '#fff8e6', colorErrorBg: '#fff1f0', colorInfoBg: '#e8f0fd' };

const THEMES: Record<ThemeId, ThemeConfig> = {
  // colorPrimaryBg (a selected menu entry's background) is given: antd's tint of these primaries is muddy.
  0: { token: { colorPrimary: '#1658d8', colorLink: '#1658d8', colorPrimaryBg: '#e8f0fd', ...LIGHT_TEXT, ...LIGHT_STATUS } },
  1: { token: { colorPrimary: '#c41d1d', colorLink: '#c41d1d', colorPrimaryBg: '#fdecec', ...LIGHT_TEXT, ...LIGHT_STATUS, colorInfo: '#c41d1d', colorInfoBg: '#fdecec' } },
  // Dark: a light primary that reads as text on the dark panels, with black text on its buttons (no
  // one colour is both light enough for the one and dark enough for white text on it).
  2: {
    algorithm: antdTheme.darkAlgorithm,
    token: { colorPrimary: '#7fb5ff', colorLink: '#8fbcf8', colorTextLightSolid: '#000000', colorPrimaryBg: '#1d2b40', ...DARK_TEXT, colorSuccess: '#73d13d', colorWarning: '#ffc53d', colorError: '#ff7875', colorInfo: '#7fb5ff' },
    components: { Tooltip: { colorTextLightSolid: '#ffffff' }, Menu: { itemSelectedBg: '#1d2b40', itemSelectedColor: '#a6c8ff' } },
  },
  3: { token: { colorPrimary: '#0b7a6b', colorLink: '#0b7a6b', colorPrimaryBg: '#e3f4f1', ...LIGHT_TEXT, ...LIGHT_STATUS, colorInfo: '#0b7a6b', colorInfoBg: '#e3f4f1' } },
  4: { token: { colorPrimary: '#6b3fc2', colorLink: '#6b3fc2', colorPrimaryBg: '#f1ecfa', ...LIGHT_TEXT, ...LIGHT_STATUS, colorInfo: '#6b3fc2', colorInfoBg: '#f1ecfa' } },
};

export const LARGE_TEXT_KEY = 'largeText';
export const CARE_KEY = 'care';
export const CARE_SCALE_KEY = 'careScale';
/** 关怀版's text sizes, as multiples of the usual 14 px: at least 1.3× (GB/T 37668, 适老化规范). */
export const CARE_SCALES = [1.3, 1.5, 1.7, 2] as const;

/** What a person has chosen for how pages look. */
export interface Look {
  theme: ThemeId;
  largeText: boolean;
  care: boolean;
  careScale: number;
}

export function storedTheme(): ThemeId {
  const n = Number(localStorage.getItem(THEME_STORAGE_KEY));
  return (Number.isInteger(n) && n >= 0 && n <= 4 ? n : 0) as ThemeId;
}

export function storedLook(): Look {
  const scale = Number(localStorage.getItem(CARE_SCALE_KEY));
  return {
    theme: storedTheme(),
    largeText: localStorage.getItem(LARGE_TEXT_KEY) === '1',
    care: localStorage.getItem(CARE_KEY) === '1',
    careScale: (CARE_SCALES as readonly number[]).includes(scale) ? scale : CARE_SCALES[0],
  };
}

/** Stores a look; the caller reloads, as the spec's theme switch does, so every part wears it. */
export function storeLook(look: Look) {
  localStorage.setItem(THEME_STORAGE_KEY, String(look.theme));
  localStorage.setItem(LARGE_TEXT_KEY, look.largeText ? '1' : '0');
  localStorage.setItem(CARE_KEY, look.care ? '1' : '0');
  localStorage.setItem(CARE_SCALE_KEY, String(look.careScale));
}

/** The look's data attributes on <html>, for global.css: what index.html sets before the first paint. */
export function lookAttributes(look: Look) {
  const root = document.documentElement;
  root.dataset.theme = String(look.theme);
  if (look.largeText) root.dataset.largeText = '1';
  else delete root.dataset.largeText;
  if (look.care) root.dataset.care = '1';
  else delete root.dataset.care;
  // The pages' own text sizes (their CSS multiplies by --text-scale) grow with 关怀版's.
  if (look.care) root.style.setProperty('--text-scale', String(look.careScale));
  else root.style.removeProperty('--text-scale');
  root.style.background = look.theme === 2 ? '#141414' : '#f5f7fa';
}

/** 关怀版's colours over a light theme: near-black text, dark controls, no faint greys. */
const CARE_LIGHT = {
  colorText: '#000000',
  colorTextSecondary: '#1f1f1f',
  colorTextTertiary: '#262626',
  colorTextDescription: '#262626',
  colorTextPlaceholder: '#434343',
  colorTextDisabled: '#595959',
  colorBorder: '#595959',
  colorBorderSecondary: '#8c8c8c',
};
const CARE_DARK = {
  colorText: '#ffffff',
  colorTextSecondary: '#f0f0f0',
  colorTextTertiary: '#e0e0e0',
  colorTextDescription: '#e0e0e0',
  colorTextPlaceholder: '#c8c8c8',
  colorTextDisabled: '#a6a6a6',
  colorBorder: '#bfbfbf',
};

/** The antd theme for a look: the theme's colours, 大字's larger text, 关怀版 over either. */
export function themeConfig(look: Look): ThemeConfig {
  const base = THEMES[look.theme];
  const dark = look.theme === 2;
  const care: ThemeConfig['token'] = look.care
    ? {
        ...(dark ? CARE_DARK : { ...CARE_LIGHT, colorPrimary: look.theme === 0 ? '#0a3d91' : base.token?.colorPrimary, colorLink: look.theme === 0 ? '#0a3d91' : base.token?.colorLink }),
        fontSize: Math.round(14 * look.careScale),
        lineHeight: 1.6,
        controlHeight: 44,
        controlHeightSM: 44,
        controlHeightLG: 52,
      }
    : {};
  return {
    ...base,
    // 关怀版's switch: larger, still a switch (global.css gives it a 44 px tall target).
    components: look.care ? { ...base.components, Switch: { trackHeight: 32, handleSize: 28, trackMinWidth: 64, trackHeightSM: 32, handleSizeSM: 28, trackMinWidthSM: 64 } } : base.components,
    token: {
      ...base.token,
      borderRadius: 6,
      fontFamily: '"PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", "Noto Sans CJK SC", sans-serif',
      ...(look.largeText && !look.care ? { fontSize: 18, controlHeight: 40 } : {}),
      ...care,
      ...(look.care || reducedMotion() ? { motion: false } : {}),
    },
  };
}

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
