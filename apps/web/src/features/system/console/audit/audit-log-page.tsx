// 审计日志 (管理员): who did what, when and from where. The log is append-only: this page reads
// and exports it, and offers no way to change it.
import { DatePicker, Select, Tooltip, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { AUDIT_ACTION_LABELS, auditDetailLabel, auditDetailValue, type AuditPageQuery, type AuditRow } from '@hqt/contract/audit';
import type { ExportColumn } from '@/shared/lib/export-format';
import type { ListParams, ListSpec } from '@/shared/lists/use-list-params';
import { consoleKeys } from '@/shared/console/console-api';
import { systemApi } from '../../api/system-api';
import { ConsoleList, SearchFilter } from '@/shared/console/console-list';

const FILTERS = { person: 'string', action: 'string', from: 'string', to: 'string' } as const;
type Filters = typeof FILTERS;
const SPEC: ListSpec<Filters, never> = { filters: FILTERS };

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));
const TIME = 'YYYY-MM-DD HH:mm:ss';
const MAX_SHOWN = 80;

const validInstant = (v: string | undefined) => (v && dayjs(v).isValid() ? dayjs(v).toISOString() : undefined);

const fetchPage = (p: ListParams<Filters, never>) => {
  const from = validInstant(p.from);
  const to = validInstant(p.to);
  const query: AuditPageQuery = {
    currentPage: p.currentPage,
    pageSize: p.pageSize,
    ...(p.person ? { person: p.person } : {}),
    ...(p.action ? { action: p.action } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  return systemApi.auditPage(query);
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as one line of text: an object's keys and a list of field names by their Chinese names. */
const show = (v: unknown, key?: string): string => {
  if (v === null || v === undefined) return '空';
  if (typeof v === 'string') return v === '' ? '空' : auditDetailValue(key, v);
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (Array.isArray(v)) {
    if (v.length === 0) return '空';
    // `fields`: the names of the fields changed.
    const items = key === 'fields' ? v.map((f) => (typeof f === 'string' ? auditDetailLabel(f) : show(f))) : v.map((item) => (isRecord(item) ? `{${show(item)}}` : show(item)));
    return items.join('、');
  }
  if (isRecord(v)) {
    const entries = Object.entries(v);
    return entries.length === 0 ? '空' : entries.map(([k, value]) => `${auditDetailLabel(k)} ${show(value, k)}`).join('，');
  }
  return JSON.stringify(v);
};

/** The detail as lines: before/after as "字段: 旧 → 新" for each field that changed, the rest as "名称: 值" (keys by their Chinese names). */
function detailLines(detail: AuditRow['detail']): string[] {
  if (!detail) return [];
  const { before, after, ...rest } = detail;
  const lines: string[] = [];
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      if (JSON.stringify(b[key]) !== JSON.stringify(a[key])) lines.push(`${auditDetailLabel(key)}: ${show(b[key], key)} → ${show(a[key], key)}`);
    }
  } else {
    if (before !== undefined) rest.before = before;
    if (after !== undefined) rest.after = after;
  }
  for (const [key, value] of Object.entries(rest)) lines.push(`${auditDetailLabel(key)}: ${show(value, key)}`);
  return lines;
}

function Detail({ detail }: { detail: AuditRow['detail'] }) {
  const lines = detailLines(detail);
  if (lines.length === 0) return <span className="console-muted">—</span>;
  return (
    <div style={{ maxWidth: 480 }}>
      {lines.map((line, i) =>
        line.length > MAX_SHOWN ? (
          <Tooltip key={i} title={<span style={{ wordBreak: 'break-all' }}>{line}</span>}>
            <div>{`${line.slice(0, MAX_SHOWN)}…`}</div>
          </Tooltip>
        ) : (
          <div key={i}>{line}</div>
        ),
      )}
    </div>
  );
}

const COLUMNS: TableColumnsType<AuditRow> = [
  { title: '时间', dataIndex: 'at', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{dayjs(v).format(TIME)}</span> },
  { title: '人员', dataIndex: 'username', render: (v: string | null) => v ?? <span className="console-muted">匿名</span> },
  { title: '操作', dataIndex: 'actionLabel' },
  { title: 'IP', dataIndex: 'ip', render: (v: string | null) => v ?? '—' },
  { title: '详情', dataIndex: 'detail', render: (v: AuditRow['detail']) => <Detail detail={v} /> },
];

const col = (field: string, title: string, kind?: ExportColumn['kind']): ExportColumn => ({ field, key: field, title, displayName: title, ...(kind ? { kind } : {}) });
const EXPORT_COLUMNS: ExportColumn[] = [col('at', '时间', 'datetime'), col('username', '人员'), col('actionLabel', '操作'), col('ip', 'IP'), col('detail', '详情')];
const exportRow = (row: AuditRow) => ({
  at: row.at,
  username: row.username,
  actionLabel: row.actionLabel,
  ip: row.ip,
  // As the page shows it: Chinese names, one line per item.
  detail: row.detail ? detailLines(row.detail).join('；') : null,
});

const asDay = (v: string | undefined): Dayjs | null => (v && dayjs(v).isValid() ? dayjs(v) : null);

export default function AuditLogPage() {
  return (
    <ConsoleList<AuditRow, Filters>
      title="审计日志"
      spec={SPEC}
      queryKey={consoleKeys.area('audit')}
      fetchPage={fetchPage}
      columns={COLUMNS}
      exportColumns={EXPORT_COLUMNS}
      exportRow={exportRow}
      filters={(params, update) => (
        <>
          <SearchFilter value={params.person} placeholder="用户名或姓名" width={200} onSearch={(v) => update({ person: v })} />
          <Select
            aria-label="操作"
            placeholder="操作"
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            style={{ width: 180, maxWidth: '100%' }}
            options={ACTION_OPTIONS}
            value={params.action}
            onChange={(v?: string) => update({ action: v })}
          />
          <DatePicker.RangePicker
            showTime
            placeholder={['开始时间', '结束时间']}
            style={{ maxWidth: '100%' }}
            value={[asDay(params.from), asDay(params.to)]}
            onChange={(range) => update({ from: range?.[0]?.toISOString(), to: range?.[1]?.toISOString() })}
          />
        </>
      )}
    />
  );
}
