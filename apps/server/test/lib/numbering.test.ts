// Readable numbers (lib/numbering.ts): consecutive per series and day, a rolled-back filing's
// number given to the next, and no gap or repeat when two server nodes number at once.
import { eq, sql } from 'drizzle-orm';
import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber } from '@hqt/contract/numbering';
import type { App } from '../../src/app';
import { auditLog } from '../../src/db/schema/index';
import { auditRecord } from '../../src/lib/audit';
import { anonymousCtx } from '../../src/lib/ctx';
import { insertNumbered, stampNumber, type NumberedAudit } from '../../src/lib/numbering';
import { createTestApp, databaseUrlOf } from '../helpers/app';

/** A numbered table of the test's own, as appeals and visits are numbered. */
const numbered = pgTable('numbering_test_filings', {
  id: serial('id').primaryKey(),
  number: text('number').unique(),
  note: text('note'),
  filedAt: timestamp('filed_at', { withTimezone: true }).notNull().defaultNow(),
});

let a: App;
let b: App;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { databaseUrl: databaseUrlOf(a) });
  await a.db.execute(sql`create table ${numbered} (id serial primary key, number text unique, note text check (note is distinct from 'refused'), filed_at timestamptz not null default now())`);
});
afterAll(async () => {
  await a.close();
  await b.close();
});

/** A filing on one node: its row numbered in its transaction, which commits or rolls back. */
const file = (app: App, prefix: string, at: Date, rollBack = false, audited?: NumberedAudit) =>
  app.db
    .transaction(async (tx) => {
      const [row] = await tx.insert(numbered).values({}).returning();
      const number = await stampNumber(tx, numbered, row!.id, prefix, at, audited);
      if (rollBack) tx.rollback();
      return number;
    })
    .catch((err: Error) => (rollBack && err.message === 'Rollback' ? null : Promise.reject(err)));

describe('the format (contract numbering.ts)', () => {
  it('prefix, the day in China, four digits', () => {
    expect(formatNumber('SQ', new Date('2026-11-25T03:00:00Z'), 7)).toBe('SQ20261125-0007');
    // 00:30 on the 26th in China is still the 25th in UTC.
    expect(formatNumber('SQ', new Date('2026-11-25T16:30:00Z'), 7)).toBe('SQ20261126-0007');
    expect(formatNumber('SQ', new Date('2026-11-25T03:00:00Z'), 12345)).toBe('SQ20261125-12345');
    expect(() => formatNumber('sq', new Date(), 1)).toThrow(RangeError);
    expect(() => formatNumber('SQ', new Date(), 0)).toThrow(RangeError);
  });
});

describe('stampNumber', () => {
  it('counts per series and per day in China', async () => {
    const day = new Date('2026-03-02T02:00:00Z');
    expect(await file(a, 'TA', day)).toBe('TA20260302-0001');
    expect(await file(b, 'TA', day)).toBe('TA20260302-0002');
    expect(await file(a, 'TB', day)).toBe('TB20260302-0001');
    // 23:59 in China is still the 2nd; 00:00 is the 3rd, which starts again.
    expect(await file(a, 'TA', new Date('2026-03-02T15:59:00Z'))).toBe('TA20260302-0003');
    expect(await file(a, 'TA', new Date('2026-03-02T16:00:00Z'))).toBe('TA20260303-0001');
  });

  it('a rolled-back filing gives its number to the next one', async () => {
    const day = new Date('2026-03-04T02:00:00Z');
    expect(await file(a, 'RB', day)).toBe('RB20260304-0001');
    expect(await file(a, 'RB', day, true)).toBeNull(); // it held 0002, then rolled back
    expect(await file(b, 'RB', day)).toBe('RB20260304-0002');
  });

  it('20 filings at once on two nodes are numbered 1 to 20, none missing, none twice, with 5 rollbacks among them', async () => {
    const day = new Date('2026-11-25T03:00:00Z');
    const filings = Array.from({ length: 25 }, (_, i) => file(i % 2 ? a : b, 'SQ', day, i % 5 === 4));
    const numbers = (await Promise.all(filings)).filter((n) => n !== null);
    expect(numbers).toHaveLength(20);
    expect(numbers.sort()).toEqual(Array.from({ length: 20 }, (_, i) => formatNumber('SQ', day, i + 1)));
    // What each filing was answered is what its row holds.
    const stored = await a.db.execute<{ number: string }>(sql`select number from ${numbered} where number like 'SQ%'`);
    expect(stored.rows.map((r) => r.number).sort()).toEqual(numbers);
  });

  it('a day past 9,999 filings grows the number as the format does', async () => {
    const day = new Date('2026-05-06T02:00:00Z');
    await a.db.execute(sql`insert into number_counters (series, period, last) values ('BIG', '20260506', 9998)`);
    expect(await file(a, 'BIG', day)).toBe(formatNumber('BIG', day, 9999));
    expect(await file(b, 'BIG', day)).toBe(formatNumber('BIG', day, 10000));
  });

  it("writes the filing's audit record in the same statement, naming the number; a rollback takes both back", async () => {
    const day = new Date('2026-07-08T02:00:00Z');
    const audited = (note: string): NumberedAudit => ({ record: auditRecord(anonymousCtx('203.0.113.9'), 'numbering.test', { note }), numberKey: 'testNumber' });
    expect(await file(a, 'AU', day, false, audited('kept'))).toBe('AU20260708-0001');
    expect(await file(a, 'AU', day, true, audited('rolled back'))).toBeNull();
    const records = await a.db.select({ ip: auditLog.ip, detail: auditLog.detail }).from(auditLog).where(eq(auditLog.action, 'numbering.test'));
    const [kept] = await a.db.select({ id: numbered.id }).from(numbered).where(eq(numbered.number, 'AU20260708-0001'));
    expect(records).toEqual([{ ip: '203.0.113.9', detail: { note: 'kept', id: kept!.id, testNumber: 'AU20260708-0001' } }]);
  });
});

describe('insertNumbered', () => {
  /** A filing in one statement on the pool: no transaction of its own. */
  const fileAtOnce = (app: App, prefix: string, at: Date, note: string | null = null, audited?: NumberedAudit) =>
    insertNumbered(app.db, numbered, { note }, prefix, at, audited).catch((err: Error & { cause?: { code?: string } }) =>
      note === 'refused' && err.cause?.code === '23514' ? null : Promise.reject(err),
    );

  it('20 rows filed at once on two nodes, 5 of them refused by the table, are numbered 1 to 20, each row holding what it was answered', async () => {
    const day = new Date('2026-09-10T02:00:00Z');
    const filings = Array.from({ length: 25 }, (_, i) => fileAtOnce(i % 2 ? a : b, 'IN', day, i % 5 === 4 ? 'refused' : `n${i}`));
    const rows = (await Promise.all(filings)).filter((r) => r !== null);
    expect(rows.map((r) => r.number).sort()).toEqual(Array.from({ length: 20 }, (_, i) => formatNumber('IN', day, i + 1)));
    const stored = await a.db.select().from(numbered).where(sql`${numbered.number} like 'IN%'`);
    expect(stored.sort((x, y) => x.id - y.id)).toEqual(rows.sort((x, y) => x.id - y.id));
  });

  it("answers the row as written, the table's defaults included, and what `also` reads in the same statement", async () => {
    const day = new Date('2026-09-12T02:00:00Z');
    const before = await a.db.$count(numbered);
    const row = await insertNumbered(a.db, numbered, { note: '第一' }, 'AL', day, undefined, {
      filedBefore: sql<string>`(select count(*) from ${numbered})::text`,
      shouted: sql<string>`upper(${'quiet'})`,
    });
    expect(row).toMatchObject({ number: 'AL20260912-0001', note: '第一', filedBefore: String(before), shouted: 'QUIET' });
    // The default now() as a Date, as a read of the row gives it.
    const [stored] = await a.db.select().from(numbered).where(eq(numbered.id, row.id));
    expect(row.filedAt).toBeInstanceOf(Date);
    expect({ id: row.id, number: row.number, note: row.note, filedAt: row.filedAt }).toEqual(stored);
  });

  it('shares the series with stampNumber, and writes the audit record with the new row\'s id and number', async () => {
    const day = new Date('2026-09-11T02:00:00Z');
    expect(await file(a, 'MX', day)).toBe('MX20260911-0001');
    const audited: NumberedAudit = { record: auditRecord(anonymousCtx('198.51.100.7'), 'numbering.insert', { note: 'at once' }), numberKey: 'number' };
    const row = await fileAtOnce(b, 'MX', day, 'at once', audited);
    expect(row!.number).toBe('MX20260911-0002');
    const records = await a.db.select({ ip: auditLog.ip, detail: auditLog.detail }).from(auditLog).where(eq(auditLog.action, 'numbering.insert'));
    expect(records).toEqual([{ ip: '198.51.100.7', detail: { note: 'at once', id: row!.id, number: 'MX20260911-0002' } }]);
  });
});
