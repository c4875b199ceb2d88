// 申报受理: every application, newest first, with a tab per state counting under the other filters
// (the guide — `?guideId=N`, from its form designer — overdue, a 联审 department, a keyword over
// number / guide / enterprise), the global paginator and the export/print dialog. `?id=N` (applyConsoleLink: the
// staff's notices lead here) opens that one.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Select, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link, Navigate, useSearchParams } from 'react-router';
import { APPLY_FLOW, APPLY_MSG, APPLY_STATUS_LIST, type ApplyItem, type ApplyStatus } from '@hqt/contract/apply';
import type { ApplyCountsQuery, ApplyQueueQuery } from '@hqt/contract/apply-console';
import { useDictionaries } from '@/shared/api/dictionaries';
import { ConsoleList, SearchFilter } from '@/shared/console/console-list';
import { StatusTabs } from '@/shared/workflow/status-tabs';
import type { ExportColumn } from '@/shared/lib/export-format';
import { idInAddress } from '@/shared/lib/address-id';
import type { ListParams, ListSpec } from '@/shared/lists/use-list-params';
import { applyConsoleQueries } from '../api/apply-api';
import { ApplyDue, ApplyStatusTag, PromiseDue } from '../ui/apply-status';
import { applyDetailPath } from './paths';

const FILTERS = { status: 'string', keyword: 'string', guideId: 'string', overdue: 'boolean', department: 'string' } as const;
type Filters = typeof FILTERS;
type Params = ListParams<Filters, never>;
const SPEC: ListSpec<Filters, never> = { filters: FILTERS };
const TIME = 'YYYY-MM-DD HH:mm';

const isStatus = (v: string | undefined): v is ApplyStatus => v !== undefined && (APPLY_STATUS_LIST as string[]).includes(v);

function countsQuery(p: Params): ApplyCountsQuery {
  const guideId = idInAddress(p.guideId);
  return { ...(p.keyword ? { keyword: p.keyword } : {}), ...(guideId ? { guideId } : {}), ...(p.overdue ? { overdue: true } : {}), ...(p.department ? { department: p.department } : {}) };
}
const queueQuery = (p: Params): ApplyQueueQuery => ({ currentPage: p.currentPage, pageSize: p.pageSize, ...(isStatus(p.status) ? { status: p.status } : {}), ...countsQuery(p) });

const col = (field: string, title: string, kind?: ExportColumn['kind']): ExportColumn => ({ field, key: field, title, displayName: title, ...(kind ? { kind } : {}) });
const EXPORT_COLUMNS: ExportColumn[] = [
  col('number', '申报编号'),
  col('guideTitle', '申报指南'),
  col('enterpriseName', '企业名称'),
  col('statusLabel', '状态'),
  col('submittedAt', '提交时间', 'datetime'),
  col('due', '当前环节期限'),
  col('approvedAmount', '核定金额（万元）'),
];
const exportRow = (r: ApplyItem) => ({
  number: r.number,
  guideTitle: r.guideTitle,
  enterpriseName: r.enterpriseName,
  statusLabel: r.statusLabel,
  submittedAt: r.submittedAt,
  due: r.dueText ?? '',
  approvedAmount: r.approvedAmount ?? '',
});

const COLUMNS: TableColumnsType<ApplyItem> = [
  { title: '申报编号', dataIndex: 'number', render: (v: string, r) => <Link to={applyDetailPath(r.id)}>{v}</Link> },
  { title: '申报指南', dataIndex: 'guideTitle', render: (v: string, r) => <Link to={applyDetailPath(r.id)}>{v}</Link> },
  { title: '企业名称', dataIndex: 'enterpriseName' },
  { title: '状态', dataIndex: 'status', render: (v: string) => <ApplyStatusTag status={v} /> },
  { title: '提交时间', dataIndex: 'submittedAt', render: (v: string) => dayjs(v).format(TIME) },
  { title: '当前环节期限', key: 'due', render: (_, r) => <ApplyDue item={r} /> },
  { title: '快申快享', key: 'promise', render: (_, r) => <PromiseDue item={r} /> },
  { title: '核定金额', dataIndex: 'approvedAmount', render: (v: number | null) => (v === null ? '—' : `${v} 万元`) },
];

/** A tab per status, each with its count under the other filters. */
function QueueTabs({ params, update }: { params: Params; update: (patch: Partial<Params>) => void }) {
  const { data } = useQuery(applyConsoleQueries.counts(countsQuery(params)));
  return <StatusTabs states={APPLY_FLOW.states} counts={data} status={isStatus(params.status) ? params.status : undefined} onChange={(status) => update({ status })} />;
}

export default function ApplyQueuePage() {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const dicts = useDictionaries(['department']);
  const opened = idInAddress(search.get('id'));
  if (opened) return <Navigate to={applyDetailPath(opened)} replace />;
  return (
    <ConsoleList<ApplyItem, Filters>
      title="申报受理"
      spec={SPEC}
      queryKey={[...applyConsoleQueries.all(), 'queue']}
      fetchPage={(p) => queryClient.fetchQuery(applyConsoleQueries.page(queueQuery(p)))}
      columns={COLUMNS}
      exportColumns={EXPORT_COLUMNS}
      exportRow={exportRow}
      filters={(params, update) => (
        <>
          <QueueTabs params={params} update={update} />
          <SearchFilter value={params.keyword} placeholder="申报编号/指南/企业名称" width={240} onSearch={(keyword) => update({ keyword })} />
          <Checkbox checked={params.overdue === true} onChange={(e) => update({ overdue: e.target.checked || undefined })}>
            {APPLY_MSG.overdue}
          </Checkbox>
          <Select
            aria-label="联审部门"
            placeholder="联审部门"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            value={params.department}
            options={dicts.options('department')}
            onChange={(department?: string) => update({ department })}
          />
          {idInAddress(params.guideId) !== null && (
            <Tag closable onClose={() => update({ guideId: undefined })}>
              仅看一项指南的申报
            </Tag>
          )}
        </>
      )}
    />
  );
}
