// The files exchanged with the treasury (docs/payout.md): a batch's instructions out, as JSON or
// .xlsx, and its return file back in either. Pure: the rows in, the bytes out, and the return
// file's rows checked one by one, every problem named by its row, before anything is changed.
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { Compile } from 'typebox/compile';
import { BATCH_COLUMNS, PAYOUT_MSG, RETURN_COLUMNS, RETURN_RESULTS, ReturnFile, TREASURY_FORMAT, yuanText, type BatchFile } from '@hqt/contract/payout';
import type { BankAccount } from '@hqt/contract/apply';
import type { FileType } from '@hqt/contract/files';
import { badRequest } from '../../lib/errors';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' satisfies FileType;

export interface Instruction {
  key: string;
  bankAccount: BankAccount;
  amount: number;
  purpose: string;
  reference: string;
  docNumber: string;
}

export function batchJson(batch: string, createdAt: Date, rows: readonly Instruction[]): BatchFile {
  const total = rows.reduce((sum, r) => sum + Math.round(r.amount * 1_000_000), 0);
  return {
    format: TREASURY_FORMAT.batch,
    version: TREASURY_FORMAT.version,
    batch,
    createdAt: createdAt.toISOString(),
    count: rows.length,
    total: (total / 100).toFixed(2),
    instructions: rows.map((r) => ({ key: r.key, payee: { name: r.bankAccount.name, bank: r.bankAccount.bank, account: r.bankAccount.number }, amount: yuanText(r.amount), purpose: r.purpose, reference: r.reference, docNumber: r.docNumber })),
  };
}

/** Every cell text (an account number is never a number: its leading zeros and its length stay). */
export async function batchXlsx(rows: readonly Instruction[]): Promise<Buffer> {
  const text = (value: string) => ({ value, type: String });
  const sheet = [
    BATCH_COLUMNS.map((c) => ({ value: c, fontWeight: 'bold' as const })),
    ...rows.map((r) => [r.key, r.bankAccount.name, r.bankAccount.bank, r.bankAccount.number, yuanText(r.amount), r.purpose, r.reference, r.docNumber].map(text)),
  ];
  return writeXlsxFile(sheet, { columns: BATCH_COLUMNS.map((_, i) => ({ width: [22, 30, 24, 24, 14, 40, 20, 24][i] })), stickyRowsCount: 1 }).toBuffer();
}

export interface ReturnRow {
  /** The row in the file (1-based, the header excluded), for the messages. */
  row: number;
  key: string;
  result: keyof typeof RETURN_RESULTS;
  reason: string | null;
  paidOn: string | null;
}

const checkReturnFile = Compile(ReturnFile);
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const RESULT_OF: Record<string, keyof typeof RETURN_RESULTS> = { paid: 'paid', returned: 'returned', [RETURN_RESULTS.paid]: 'paid', [RETURN_RESULTS.returned]: 'returned' };

/** A return file's rows (JSON, which the files piece proves plain text, or .xlsx), each checked (result, reason, date, no key twice); the first problem refuses the file. */
export async function parseReturn(type: FileType, content: Buffer): Promise<{ batch: string | null; rows: ReturnRow[] }> {
  const raw = type === 'text/plain' ? fromJson(content) : type === XLSX ? await fromXlsx(content) : null;
  if (!raw) throw badRequest(PAYOUT_MSG.returnFile);
  if (!raw.rows.length) throw badRequest(PAYOUT_MSG.returnEmpty);
  const seen = new Set<string>();
  const rows = raw.rows.map((r, i): ReturnRow => {
    const row = i + 1;
    const fail = (why: string) => badRequest(PAYOUT_MSG.returnRow(row, why));
    const key = r.key.trim();
    if (seen.has(key)) throw fail(PAYOUT_MSG.returnTwice(key));
    seen.add(key);
    const result = RESULT_OF[r.result.trim()];
    if (!result) throw fail(PAYOUT_MSG.returnResult);
    const reason = r.reason?.trim() || null;
    if (result === 'returned' && !reason) throw fail(PAYOUT_MSG.returnReason);
    const paidOn = r.paidOn?.trim() || null;
    if (paidOn !== null && !isDay(paidOn)) throw fail(PAYOUT_MSG.returnDate);
    return { row, key, result, reason, paidOn: result === 'paid' ? paidOn : null };
  });
  return { batch: raw.batch, rows };
}

type RawRow = { key: string; result: string; reason?: string; paidOn?: string };

function fromJson(content: Buffer): { batch: string; rows: RawRow[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.toString('utf8'));
  } catch {
    throw badRequest(PAYOUT_MSG.returnFormat);
  }
  if (!checkReturnFile.Check(parsed)) throw badRequest(PAYOUT_MSG.returnFormat);
  return { batch: parsed.batch, rows: parsed.results };
}

async function fromXlsx(content: Buffer): Promise<{ batch: null; rows: RawRow[] }> {
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(content)) as unknown[][];
  } catch {
    throw badRequest(PAYOUT_MSG.returnFormat);
  }
  const [header, ...body] = sheet;
  const cell = (v: unknown) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v));
  if (!header || RETURN_COLUMNS.some((c, i) => cell(header[i]).trim() !== c)) throw badRequest(PAYOUT_MSG.returnFormat);
  return { batch: null, rows: body.filter((r) => r.some((v) => cell(v).trim() !== '')).map((r) => ({ key: cell(r[0]), result: cell(r[1]), reason: cell(r[2]), paidOn: cell(r[3]) })) };
}

/** A return file in .xlsx, as the treasury's would be (the tests write theirs with it). */
export async function returnXlsx(rows: readonly { key: string; result: keyof typeof RETURN_RESULTS; reason?: string; paidOn?: string }[]): Promise<Buffer> {
  const text = (value: string) => ({ value, type: String });
  return writeXlsxFile([RETURN_COLUMNS.map((c) => text(c)), ...rows.map((r) => [r.key, RETURN_RESULTS[r.result], r.reason ?? '', r.paidOn ?? ''].map(text))]).toBuffer();
}
