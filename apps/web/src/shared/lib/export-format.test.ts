import { formatDateTime, formatValue, neutraliseFormula, sheetRows } from './export-format';

test('the spec\'s formatting: 暂无, 是/否, sex, blood, knowledge level, timestamps', () => {
  expect(formatValue(null, {})).toBe('暂无');
  expect(formatValue('', {})).toBe('暂无');
  expect(formatValue(true, {})).toBe('是');
  expect(formatValue(false, {})).toBe('否');
  expect(formatValue(true, { kind: 'sex' })).toBe('男');
  expect(formatValue(false, { kind: 'sex' })).toBe('女');
  expect([1, 2, 3, 4].map((b) => formatValue(b, { kind: 'blood' }))).toEqual(['A', 'B', 'AB', 'O']);
  expect([1, 2, 3, 4].map((k) => formatValue(k, { kind: 'knowledge' }))).toEqual(['本科及以上', '大专', '高中', '初中及以下']);
  expect(formatValue(42, {})).toBe(42);
  expect(formatValue('=1+1', {})).toBe('=1+1'); // stays text: the writer stores strings as strings
});

test('10-digit timestamps are seconds, 13-digit milliseconds, shown as year-month-day hour:minute:second', () => {
  const seconds = 1_795_000_000; // 2026-11-18 19:06:40 in Beijing
  expect(formatDateTime(seconds)).toBe('2026-11-18 19:06:40');
  expect(formatDateTime(seconds * 1000)).toBe('2026-11-18 19:06:40');
  expect(formatDateTime(String(seconds))).toBe('2026-11-18 19:06:40');
  expect(formatDateTime(seconds * 1000 + 59_000)).toBe('2026-11-18 19:07:39');
  expect(formatDateTime('2026-11-22T00:00:00+08:00')).toBe('2026-11-22 00:00:00');
});

test('a text that starts like a formula gets a leading apostrophe; any other text, and the apostrophe itself, are left as they are', () => {
  const formulas = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(1)', "=cmd|' /C calc'!A0", '\t=1+1', '\r=1+1', '＝1+1', '＋1', '－1', '＠SUM(1)'];
  for (const f of formulas) expect(neutraliseFormula(f)).toBe(`'${f}`);
  for (const text of ['云溪智造科技有限公司', '暂无', '2026-11-18 19:06:40', ' =1+1', 'a=b', '13800138000', "'=1+1", '']) expect(neutraliseFormula(text)).toBe(text);
});

test('the sheet\'s rows: every text a string cell, neutralised in the body, the heading and the footnote; numbers stay numbers', () => {
  const rows = sheetRows([{ displayName: '企业名称' }, { displayName: '金额' }], [['=HYPERLINK("http://x","y")', -2], ['云溪智造', 3]], { heading: ['@导出人'], footnote: '+说明' });
  expect(rows).toEqual([
    [{ value: "'@导出人", type: String }, null],
    [{ value: '企业名称', fontWeight: 'bold' }, { value: '金额', fontWeight: 'bold' }],
    [{ value: '\'=HYPERLINK("http://x","y")', type: String }, { value: -2, type: Number }],
    [{ value: '云溪智造', type: String }, { value: 3, type: Number }],
    [{ value: "'+说明", type: String }, null],
  ]);
});
