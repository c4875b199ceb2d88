// Where each dictionary's codes are used: the console shows how many items of content use a code,
// and an item in use cannot be deleted (only disabled, so what uses it keeps its label). The
// dictionary service knows no other service's tables: each service contributes the places its rows
// hold codes while the app starts (`app.dicts.usedBy(type, source)`, the shape of
// `app.files.register`), and the sources are fixed once the app is ready.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DictType } from '@hqt/contract/policy';
import type { DbOrTx } from '../../db/client';

/**
 * One source of codes: `select kind, id, code from table [where …]`, one row per item and code it
 * uses. `code` may be an expression (an array's `unnest`, a JSON path).
 */
export const codesIn = (kind: string, table: PgTable, id: AnyPgColumn, code: AnyPgColumn | SQL, where?: SQL): SQL =>
  sql`select ${kind}::text, ${id}, ${code} from ${table}${where ? sql` where ${where}` : sql``}`;

export class DictUsage {
  readonly #sources = new Map<DictType, SQL[]>();
  #frozen = false;

  /** Adds places where `type`'s codes are used (while the app starts). */
  usedBy(type: DictType, ...sources: SQL[]): void {
    if (this.#frozen) throw new Error(`dict usage: ${type}'s sources are registered while the app starts`);
    this.#sources.set(type, [...(this.#sources.get(type) ?? []), ...sources]);
  }

  freeze(): void {
    this.#frozen = true;
  }

  /** How many items of content use each code of a dictionary (or only the one code asked about). */
  async count(db: DbOrTx, type: DictType, code?: string): Promise<Map<string, number>> {
    const sources = this.#sources.get(type) ?? [];
    if (!sources.length) return new Map();
    // `union` keeps one row per item and code: a guide naming an industry twice counts once.
    const rows = await db.execute<{ code: string; n: string }>(sql`
      select code, count(*) as n from (${sql.join(sources, sql` union `)}) u(kind, id, code)
      ${code === undefined ? sql`` : sql`where code = ${code}`}
      group by code`);
    return new Map(rows.rows.map((r) => [r.code, Number(r.n)]));
  }
}
