// The global export/print dialog (spec §5): choose columns, export .xlsx or print, with the
// spec's messages and limits. Loaded lazily, with its Excel writer loaded only on export.
import { Button, Checkbox, Input, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { EXPORT_DEFAULT_FILE_NAME, EXPORT_MAX_ROWS } from '@hqt/contract/constants';
import { MSG } from '@hqt/contract/messages';
import { formatValue, sheetRows, type ExportColumn } from '@/shared/lib/export-format';
import { toast } from './feedback';

interface Props<Row> {
  open: boolean;
  onClose: () => void;
  title: string;
  columns: ExportColumn[];
  /** Every row the current filters match, and how many there are. */
  fetchRows: () => Promise<{ rows: Row[]; total: number }>;
  /** Told what left the page (the console records every export and print in the audit log). */
  onDone?: (action: 'export' | 'print', rows: number) => void;
  /** Lines above the table and one below it, on paper and in the file (a report's who, when and caveat). */
  heading?: string[];
  footnote?: string;
  /** The file's name without `.xlsx` (a report names its subject and date); the spec's default otherwise. */
  fileName?: string;
}

const MESSAGES = {
  export: { noColumns: MSG.exportNoColumns, noRows: MSG.exportNoRows, tooMany: MSG.exportTooMany, done: MSG.exportDone },
  print: { noColumns: MSG.printNoColumns, noRows: MSG.printNoRows, tooMany: MSG.printTooMany, done: MSG.printDone },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Extras {
  heading: string[];
  footnote?: string;
}

async function writeXlsx(columns: ExportColumn[], cells: (string | number)[][], fileName: string, extras: Extras) {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  await writeXlsxFile(sheetRows(columns, cells, extras), { columns: columns.map(() => ({ width: 24 })), stickyRowsCount: extras.heading.length + 1 }).toFile(`${fileName}.xlsx`);
}

function printTable(title: string, columns: ExportColumn[], cells: (string | number)[][], { heading, footnote }: Extras) {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.className = 'print-frame';
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0';
  document.body.appendChild(frame);
  const head = columns.map((c) => `<th>${escapeHtml(c.displayName)}</th>`).join('');
  const body = cells.map((r) => `<tr>${r.map((v) => `<td>${escapeHtml(String(v))}</td>`).join('')}</tr>`).join('');
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>@page{margin:18mm 15mm}body{font-family:"Microsoft YaHei","WenQuanYi Micro Hei",sans-serif}h3{text-align:center;font-size:20px;margin:0 0 12px}p{margin:4px 0}table{border-collapse:collapse;width:100%;font-size:12px;margin:10px 0}thead{display:table-header-group}tr{break-inside:avoid}th,td{border:1px solid #999;padding:4px 6px;text-align:left}th{background:#f2f2f2}.footnote{margin-top:12px;font-size:12px;color:#555}</style></head><body><h3>${escapeHtml(title)}</h3>${heading.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>${footnote ? `<p class="footnote">${escapeHtml(footnote)}</p>` : ''}</body></html>`,
  );
  doc.close();
  frame.contentWindow!.focus();
  frame.contentWindow!.print();
  // Kept until the next print, so what was printed can still be looked at (and tested).
  document.querySelectorAll('iframe.print-frame').forEach((f) => f !== frame && f.remove());
}

export default function ExportPrintDialog<Row extends Record<string, unknown>>({ open, onClose, title, columns, fetchRows, onDone, heading = [], footnote, fileName: named }: Props<Row>) {
  const [chosen, setChosen] = useState<string[]>(columns.map((c) => c.key));
  const [fileName, setFileName] = useState<string>(named ?? EXPORT_DEFAULT_FILE_NAME);
  const [busy, setBusy] = useState<'export' | 'print' | null>(null);
  // The keyboard goes back to the button that opened the dialog when it closes. The pages unmount
  // the dialog as they close it, before antd's own return of the focus (after its closing animation)
  // can run, which would leave the focus on the page's body.
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
      });
    },
    [opener],
  );

  async function run(action: 'export' | 'print') {
    const messages = MESSAGES[action];
    const selected = columns.filter((c) => chosen.includes(c.key));
    if (!selected.length) return void toast.error(messages.noColumns);
    setBusy(action);
    try {
      const { rows, total } = await fetchRows();
      if (total === 0) return void toast.error(messages.noRows);
      if (total > EXPORT_MAX_ROWS) return void toast.error(messages.tooMany);
      const cells = rows.map((row) => selected.map((c) => formatValue(row[c.field], c)));
      if (action === 'export') await writeXlsx(selected, cells, fileName.trim() || EXPORT_DEFAULT_FILE_NAME, { heading, footnote });
      else printTable(title, selected, cells, { heading, footnote });
      void toast.success(messages.done);
      onDone?.(action, rows.length);
      onClose();
    } catch {
      // the HTTP client has shown why
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal
      title="导出 / 打印"
      open={open}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button loading={busy === 'print'} onClick={() => void run('print')}>
            打印
          </Button>
          <Button type="primary" loading={busy === 'export'} onClick={() => void run('export')}>
            导出
          </Button>
        </Space>
      }
    >
      <p>选择列：</p>
      <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as string[])} options={columns.map((c) => ({ value: c.key, label: c.title }))} />
      <p style={{ marginTop: 16 }}>文件名：</p>
      <Input value={fileName} onChange={(e) => setFileName(e.target.value)} maxLength={60} addonAfter=".xlsx" aria-label="文件名" />
    </Modal>
  );
}
