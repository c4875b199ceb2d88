// What one 假设测算 figure's text says: a number within the contract's bounds (INDICATOR_BOUNDS,
// PATENTS_MAX), empty (缺少数据), or why it is neither. Never a silent 0: '−5' and 'abc' are refused.

export interface FigureBounds {
  label: string;
  unit: string;
  max: number;
  integer: boolean;
}

export type FigureReading = { value: number | null; problem?: undefined } | { problem: string };

/** Minus signs as typed or pasted: U+2212 −, small ﹣, full-width －, the hyphens and dashes ‐ ‑ ‒ – — ―. */
const MINUS = /[\u2212\uFE63\uFF0D\u2010-\u2015]/g;
const FULL_WIDTH_DIGIT = /[\uFF10-\uFF19]/g;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The bounds' message, worded as the server's (packages/contract/src/calculator.ts indicatorSchema). */
export const outOfBounds = (b: FigureBounds) => `${b.label}应在 0 到 ${b.max} ${b.unit}之间`;
export const notANumber = (b: FigureBounds) => `${b.label}须为数字`;
export const notWhole = (b: FigureBounds) => `${b.label}须为整数`;

export function readFigure(text: string, b: FigureBounds): FigureReading {
  const t = text
    .replace(FULL_WIDTH_DIGIT, (d) => String(d.charCodeAt(0) - 0xff10))
    .replace(/\uFF0E/g, '.')
    .replace(MINUS, '-')
    .replace(/[\s,，]/g, '');
  if (t === '') return { value: null };
  if (!NUMBER.test(t)) return { problem: notANumber(b) };
  const n = Number(t);
  if (n < 0 || n > b.max) return { problem: outOfBounds(b) };
  if (b.integer && !Number.isInteger(n)) return { problem: notWhole(b) };
  return { value: n === 0 ? 0 : n }; // '-0' is 0
}
