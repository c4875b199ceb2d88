// Keyword search with LIKE/ILIKE: the words a person typed, matched anywhere, never as wildcards.

/** `%text%` with LIKE's own characters (\ % _) escaped, so "100%" finds "100%" and not "100…". */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
