// Keyword search with LIKE/ILIKE: the words a person typed, matched anywhere, never as wildcards.
import { ilike, or, type SQL } from 'drizzle-orm';

/** `%text%` with LIKE's own characters (\ % _) escaped, so "100%" finds "100%" and not "100…". */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The typed keyword (trimmed) found in any of the columns, case-insensitively; none typed: no filter. */
export const keywordMatch = (keyword: string | undefined, ...columns: Parameters<typeof ilike>[0][]): SQL | undefined => {
  const k = keyword?.trim();
  if (!k) return undefined;
  const pattern = likePattern(k);
  return or(...columns.map((c) => ilike(c, pattern)));
};
