// 企业赋码: every enterprise's code, newest first — its enterprise (deleted ones marked), the code as
// printed, its state, its scans in 7 and 30 days and the last scan — filtered by a keyword (the
// enterprise's name or credit code, or the code as typed) and a state, with the global paginator and
// the export/print dialog.
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Select, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { ENTCODE_FLOW, ENTCODE_STATUS_LIST, formatCode, type EntcodeStatus } from '@hqt/contract/entcode';
import type { EntcodePageQuery, EntcodeRow } from '@hqt/contract/entcode-console';
import { ConsoleList, SearchFilter } from '@/shared/console/console-list';
import type { ExportColumn } from '@/shared/lib/export-format';
import type { ListParams, ListSpec } from '@/shared/lists/use-list-params';
import { entcodeConsoleQueries } from '../api/entcode-console-api';
import { entcodeDetailPath, enterprisePath } from './paths';
import { EntcodeStatusTag } from './status-tag';

const FILTERS = { status: 'string', keyword: 'string' } as const;
type Filters = typeof FILTERS;
type Params = ListParams<Filters, never>;
const SPEC: ListSpec<Filters, never> = { filters: FILTERS };

const TIME = 'YYYY-MM-DD HH:mm';
const isStatus = (v: string | undefined): v is EntcodeStatus => v !== undefined && (ENTCODE_STATUS_LIST as string[]).includes(v);

const pageQuery = (p: Params): EntcodePageQuery => ({
  currentPage: p.currentPage,
  pageSize: p.pageSize,
  ...(isStatus(p.status) ? { status: p.status } : {}),
  ...(p.keyword ? { keyword: p.keyword } : {}),
});

const col = (field: string, title: string, kind?: ExportColumn['kind']): ExportColumn => ({ field, key: field, title, displayName: title, ...(kind ? { kind } : {}) });
const EXPORT_COLUMNS: ExportColumn[] = [
  col('enterpriseName', '企业名称'),
  col('creditCode', '统一社会信用代码'),
  col('code', '企业码'),
  col('statusLabel', '状态'),
  col('scans7', '近7天扫码'),
  col('scans30', '近30天扫码'),
  col('lastScanAt', '最近扫码', 'datetime'),
  col('createdAt', '发码时间', 'datetime'),
];
const exportRow = (r: EntcodeRow) => ({
  enterpriseName: r.enterpriseDeleted ? `${r.enterpriseName}（已删除）` : r.enterpriseName,
  creditCode: r.creditCode,
  code: formatCode(r.code),
  statusLabel: r.statusLabel,
  scans7: r.scans7,
  scans30: r.scans30,
  lastScanAt: r.lastScanAt ?? '',
  createdAt: r.createdAt,
});

const COLUMNS: TableColumnsType<EntcodeRow> = [
  {
    title: '企业名称',
    dataIndex: 'enterpriseName',
    render: (v: string, r) => (
      <Flex vertical>
        <Flex gap={6} align="center" wrap>
          <Link to={enterprisePath(r.enterpriseId)}>{v}</Link>
          {r.enterpriseDeleted && <Tag>已删除</Tag>}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.creditCode}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: '企业码',
    dataIndex: 'code',
    render: (v: string, r) => (
      <Link to={entcodeDetailPath(r.id)} style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {formatCode(v)}
      </Link>
    ),
  },
  { title: '状态', dataIndex: 'status', render: (v: string) => <EntcodeStatusTag status={v} /> },
  { title: '近7天扫码', dataIndex: 'scans7', align: 'right' },
  { title: '近30天扫码', dataIndex: 'scans30', align: 'right' },
  { title: '最近扫码', dataIndex: 'lastScanAt', render: (v: string | null) => (v ? dayjs(v).format(TIME) : '—') },
];

function CodeFilters({ params, update }: { params: Params; update: (patch: Partial<Params>) => void }) {
  return (
    <>
      <SearchFilter value={params.keyword} placeholder="企业名称/信用代码/企业码" width={240} onSearch={(keyword) => update({ keyword })} />
      <Select
        aria-label="状态"
        placeholder="全部状态"
        allowClear
        style={{ width: 140 }}
        value={isStatus(params.status) ? params.status : undefined}
        options={ENTCODE_STATUS_LIST.map((s) => ({ value: s, label: ENTCODE_FLOW.states[s] }))}
        onChange={(status?: string) => update({ status })}
      />
    </>
  );
}

export default function EntcodeListPage() {
  const queryClient = useQueryClient();
  return (
    <ConsoleList<EntcodeRow, Filters>
      title="企业赋码"
      spec={SPEC}
      queryKey={[...entcodeConsoleQueries.all(), 'list']}
      fetchPage={(p) => queryClient.fetchQuery(entcodeConsoleQueries.page(pageQuery(p)))}
      columns={COLUMNS}
      exportColumns={EXPORT_COLUMNS}
      exportRow={exportRow}
      filters={(params, update) => <CodeFilters params={params} update={update} />}
    />
  );
}
