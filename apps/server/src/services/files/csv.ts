// An enterprise's .csv reaches staff, who open it in a spreadsheet: a cell that starts with = + - @
// (or a tab or a line break) would run as a formula there (=HYPERLINK, =cmd|…, DDE). Such a file
// is served with every such cell made text by a leading apostrophe (OWASP "CSV injection"); the
// stored bytes stay as uploaded (docs/files.md).

/** What a spreadsheet may take for the start of a formula; the full-width forms too (CJK input). */
const FORMULA_START = /^ *[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n]/;
/** A plain number (a negative amount) is no formula and stays a number. */
const PLAIN_NUMBER = /^ *[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)? *$/;
/**
 * Where a cell ends: the comma, and the semicolon and the tab some locales' spreadsheets split on,
 * so a cell is caught whichever of them the spreadsheet takes for the separator.
 */
const CELL_END = new Set([',', ';', '\t', '\r', '\n']);

const dangerous = (value: string) => FORMULA_START.test(value) && !PLAIN_NUMBER.test(value);

/** The text with an apostrophe before every cell a spreadsheet would run; quoting and everything else kept. */
export function neutraliseCsv(text: string): string {
  let out = '';
  let i = 0;
  if (text.startsWith('\uFEFF')) {
    out = '\uFEFF';
    i = 1;
  }
  const n = text.length;
  for (;;) {
    // A cell starts here: spaces, then a quoted value or a bare one.
    let j = i;
    while (text[j] === ' ') j++;
    if (text[j] === '"') {
      let k = j + 1;
      let value = '';
      while (k < n) {
        if (text[k] === '"') {
          if (text[k + 1] !== '"') break;
          value += '"';
          k += 2;
          continue;
        }
        value += text[k];
        k++;
      }
      out += text.slice(i, j + 1) + (dangerous(value) ? "'" : '') + text.slice(j + 1, Math.min(k + 1, n));
      i = Math.min(k + 1, n);
    } else {
      let k = j;
      while (k < n && !CELL_END.has(text[k]!)) k++;
      const value = text.slice(j, k);
      out += text.slice(i, j) + (dangerous(value) ? "'" : '') + value;
      i = k;
    }
    // What follows a closing quote up to the cell's end is kept as it is.
    let k = i;
    while (k < n && !CELL_END.has(text[k]!)) k++;
    out += text.slice(i, k);
    i = k;
    if (i >= n) return out;
    const end = text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
    out += text.slice(i, i + end);
    i += end;
    if (i >= n) return out;
  }
}

/** Whether an attachment is served through neutraliseCsv: a text file whose name says .csv. */
export const isCsv = (file: { type: string; name: string }) => file.type === 'text/plain' && /\.csv$/i.test(file.name);
