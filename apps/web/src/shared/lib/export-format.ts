// The value formatting of spec §5 for export and print, shared by both.
import dayjs from 'dayjs';
import { DATE_TIME_FORMAT } from '@hqt/contract/constants';
import { MSG } from '@hqt/contract/messages';

/** The column option of spec §3: field, displayName, key, title; `kind` picks a formatting rule. */
export interface ExportColumn {
  field: string;
  displayName: string;
  key: string;
  title: string;
  kind?: 'datetime' | 'sex' | 'blood' | 'knowledge';
}

const BLOOD: Record<number, string> = { 1: 'A', 2: 'B', 3: 'AB', 4: 'O' };
const KNOWLEDGE: Record<number, string> = { 1: '本科及以上', 2: '大专', 3: '高中', 4: '初中及以下' };

/** A timestamp of 10 digits is in seconds, of 13 in milliseconds; strings are parsed. */
export function formatDateTime(value: unknown): string {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{10}(\d{3})?$/.test(value))) {
    const n = Number(value);
    return dayjs(String(Math.trunc(n)).length === 10 ? n * 1000 : n).format(DATE_TIME_FORMAT);
  }
  const d = dayjs(value as string);
  return d.isValid() ? d.format(DATE_TIME_FORMAT) : String(value);
}

export function formatValue(value: unknown, column: Pick<ExportColumn, 'kind'>): string | number {
  if (value === null || value === undefined || value === '') return MSG.missingValue;
  switch (column.kind) {
    case 'sex':
      return value === true || value === 0 || value === '0' ? '男' : '女';
    case 'blood':
      return BLOOD[Number(value)] ?? MSG.missingValue;
    case 'knowledge':
      return KNOWLEDGE[Number(value)] ?? MSG.missingValue;
    case 'datetime':
      return formatDateTime(value);
  }
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number') return value;
  return String(value);
}

/**
 * CSV/Excel injection: text a spreadsheet would take for a formula — starting with = + - @ (or
 * their full-width forms, which Excel with a Chinese or Japanese input method also turns into a
 * formula), a tab or a CR — gets a leading apostrophe. The writer stores every text as a string
 * cell as well, so nothing is evaluated when the file is opened; the apostrophe is for what comes
 * after: a cell edited and confirmed (F2, Enter), or the sheet saved as CSV and opened or imported
 * again, is read as typed, and a typed leading apostrophe keeps it text (docs/resilience.md).
 */
const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;
export const neutraliseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * The rows of the .xlsx as the writer takes them: the heading lines, the bold header, the cells
 * (numbers as numbers, every text a string cell through neutraliseFormula) and the footnote.
 */
export function sheetRows(columns: readonly Pick<ExportColumn, 'displayName'>[], cells: readonly (string | number)[][], { heading = [], footnote }: { heading?: readonly string[]; footnote?: string }) {
  const text = (value: string) => ({ value: neutraliseFormula(value), type: String });
  const line = (value: string) => [text(value), ...columns.slice(1).map(() => null)];
  const header = columns.map((c) => ({ value: c.displayName, fontWeight: 'bold' as const }));
  const body = cells.map((row) => row.map((v) => (typeof v === 'number' ? { value: v, type: Number } : text(v))));
  return [...heading.map(line), header, ...body, ...(footnote ? [line(footnote)] : [])];
}
