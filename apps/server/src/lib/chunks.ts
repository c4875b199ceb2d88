// PostgreSQL takes at most 65,535 parameters in one statement: a multi-row insert of 10,000 rows of
// a dozen columns (a batch's payment instructions, their timeline and audit rows) is sent in parts.

/** Rows per insert statement: a dozen columns each stays far below the limit. */
export const INSERT_CHUNK = 1000;

/** `rows` in parts of at most `size`, in order. */
export function chunks<T>(rows: readonly T[], size = INSERT_CHUNK): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < rows.length; i += size) parts.push(rows.slice(i, i + size));
  return parts;
}
