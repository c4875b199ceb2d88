// 诉求办理: every appeal, newest first, with a tab per status counting the appeals under the other
// filters (category, department, handler, overdue, 待受理超时, due within 2 working days, filed
// between, a keyword over number/title/enterprise), the global paginator and the export/print dialog.
// `?id=N` (appealConsoleLink: the handlers' notices lead here) opens that appeal.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, DatePicker, Select, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link, Navigate, useSearchParams } from 'react-router';
import { APPEAL_DUE_SOON_DAYS, APPEAL_FLOW, APPEAL_MSG, APPEAL_RATINGS, APPEAL_STATUS_LIST, type AppealRating, type AppealStatus } from '@hqt/contract/appeal';
import type { AppealCountsQuery, AppealQueueQuery, AppealQueueRow } from '@hqt/contract/appeal-console';
import { useDictionaries } from '@/shared/api/dictionaries';
import { ConsoleList, SearchFilter } from '@/shared/console/console-list';
import { StatusTabs } from '@/shared/workflow/status-tabs';
import type { ExportColumn } from '@/shared/lib/export-format';
import type { ListParams, ListSpec } from '@/shared/lists/use-list-params';
import { idInAddress } from '@/shared/lib/address-id';
import { appealConsoleQueries, appealQueries } from '../api/appeal-api';
import { AppealStatusTag, dueDay } from '../ui/appeal-status';
import { useHandlerOptions } from './handlers';
import { appealDetailPath } from './paths';

const FILTERS = {
  status: 'string',
  keyword: 'string',
  category: 'string',
  department: 'string',
  handlerId: 'string',
  overdue: 'boolean',
  acceptOverdue: 'boolean',
  dueSoon: 'boolean',
  from: 'string',
  to: 'string',
} as const;
type Filters = typeof FILTERS;
type Params = ListParams<Filters, never>;
const SPEC: ListSpec<Filters, never> = { filters: FILTERS };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = 'YYYY-MM-DD HH:mm';

const isStatus = (v: string | undefined): v is AppealStatus => v !== undefined && (APPEAL_STATUS_LIST as string[]).includes(v);

/** The filters besides the status and the page, as the server takes them (the tabs count under these). */
function countsQuery(p: Params): AppealCountsQuery {
  const handlerId = idInAddress(p.handlerId);
  return {
    ...(p.keyword ? { keyword: p.keyword } : {}),
    ...(p.category ? { category: p.category } : {}),
    ...(p.department ? { department: p.department } : {}),
    ...(handlerId ? { handlerId } : {}),
    ...(p.overdue ? { overdue: true } : {}),
    ...(p.acceptOverdue ? { acceptOverdue: true } : {}),
    ...(p.dueSoon ? { dueSoon: true } : {}),
    ...(p.from && DAY.test(p.from) ? { from: p.from } : {}),
    ...(p.to && DAY.test(p.to) ? { to: p.to } : {}),
  };
}

const queueQuery = (p: Params): AppealQueueQuery => ({
  currentPage: p.currentPage,
  pageSize: p.pageSize,
  ...(isStatus(p.status) ? { status: p.status } : {}),
  ...countsQuery(p),
});

/** 办理期限: the due day, 已超期 in red while its clock runs past it; while 已提交 the 受理 deadline, 待受理超时 in red past it. */
export function QueueDue({ row }: { row: Pick<AppealQueueRow, 'status' | 'dueAt' | 'acceptDueAt' | 'overdue' | 'acceptOverdue'> }) {
  if (row.status === 'submitted' && row.acceptDueAt) {
    const text = `受理期限 ${dueDay(row.acceptDueAt)}`;
    return row.acceptOverdue ? <Typography.Text type="danger">{`${text}（${APPEAL_MSG.acceptOverdue}）`}</Typography.Text> : <span>{text}</span>;
  }
  if (!row.dueAt) return <Typography.Text type="secondary">—</Typography.Text>;
  return row.overdue ? <Typography.Text type="danger">{`${dueDay(row.dueAt)}（已超期）`}</Typography.Text> : <span>{dueDay(row.dueAt)}</span>;
}

const col = (field: string, title: string, kind?: ExportColumn['kind']): ExportColumn => ({ field, key: field, title, displayName: title, ...(kind ? { kind } : {}) });
const EXPORT_COLUMNS: ExportColumn[] = [
  col('number', '诉求编号'),
  col('title', '诉求标题'),
  col('enterpriseName', '企业名称'),
  col('categoryName', '诉求类别'),
  col('statusLabel', '状态'),
  col('createdAt', '提交时间', 'datetime'),
  col('due', '办理期限'),
  col('overdue', '是否超期'),
  col('departmentName', '承办部门'),
  col('handlerName', '承办人'),
  col('rating', '评价'),
];
const exportRow = (r: AppealQueueRow) => ({
  number: r.number,
  title: r.title,
  enterpriseName: r.enterpriseName,
  categoryName: r.categoryName,
  statusLabel: r.statusLabel,
  createdAt: r.createdAt,
  due: r.status === 'submitted' && r.acceptDueAt ? `受理期限 ${dueDay(r.acceptDueAt)}` : r.dueAt ? dueDay(r.dueAt) : '',
  overdue: r.overdue ? APPEAL_MSG.overdue : r.acceptOverdue ? APPEAL_MSG.acceptOverdue : '',
  departmentName: r.departmentName ?? '',
  handlerName: r.handlerName ?? '',
  rating: r.rating ? (APPEAL_RATINGS[r.rating as AppealRating] ?? r.rating) : '',
});

const COLUMNS: TableColumnsType<AppealQueueRow> = [
  { title: '诉求编号', dataIndex: 'number', render: (v: string, r) => <Link to={appealDetailPath(r.id)}>{v}</Link> },
  { title: '诉求标题', dataIndex: 'title', render: (v: string, r) => <Link to={appealDetailPath(r.id)}>{v}</Link> },
  { title: '企业名称', dataIndex: 'enterpriseName' },
  { title: '诉求类别', dataIndex: 'categoryName' },
  { title: '状态', dataIndex: 'status', render: (v: string) => <AppealStatusTag status={v} /> },
  { title: '提交时间', dataIndex: 'createdAt', render: (v: string) => dayjs(v).format(TIME) },
  { title: '办理期限', key: 'due', render: (_, r) => <QueueDue row={r} /> },
  { title: '承办部门', dataIndex: 'departmentName', render: (v: string | null) => v ?? '—' },
  { title: '承办人', dataIndex: 'handlerName', render: (v: string | null) => v ?? '—' },
];

/** A tab per status, each with its count under the other filters. */
function QueueTabs({ params, update }: { params: Params; update: (patch: Partial<Params>) => void }) {
  const { data } = useQuery(appealConsoleQueries.counts(countsQuery(params)));
  return <StatusTabs states={APPEAL_FLOW.states} counts={data} status={isStatus(params.status) ? params.status : undefined} onChange={(status) => update({ status })} />;
}

function QueueFilters({ params, update }: { params: Params; update: (patch: Partial<Params>) => void }) {
  const { data: categories } = useQuery(appealQueries.categories());
  const dicts = useDictionaries(['department']);
  const handlers = useHandlerOptions();
  const handlerId = idInAddress(params.handlerId);
  return (
    <>
      <QueueTabs params={params} update={update} />
      <SearchFilter value={params.keyword} placeholder="诉求编号/标题/企业名称" width={240} onSearch={(keyword) => update({ keyword })} />
      <Select
        aria-label="诉求类别"
        placeholder="诉求类别"
        allowClear
        style={{ width: 140 }}
        value={params.category}
        options={(categories ?? []).map((c) => ({ value: c.code, label: c.label }))}
        onChange={(category?: string) => update({ category })}
      />
      <Select
        aria-label="承办部门"
        placeholder="承办部门"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 180 }}
        value={params.department}
        options={dicts.options('department')}
        onChange={(department?: string) => update({ department })}
      />
      <Select<number>
        aria-label="承办人"
        placeholder="承办人"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 160 }}
        value={handlerId ?? undefined}
        options={handlers.options}
        onChange={(v?: number) => update({ handlerId: v === undefined ? undefined : String(v) })}
      />
      <DatePicker.RangePicker
        aria-label="提交时间"
        placeholder={['提交时间起', '提交时间止']}
        style={{ maxWidth: '100%' }}
        value={[params.from && DAY.test(params.from) ? dayjs(params.from) : null, params.to && DAY.test(params.to) ? dayjs(params.to) : null]}
        onChange={(range) => update({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
      />
      <Checkbox checked={params.overdue === true} onChange={(e) => update({ overdue: e.target.checked || undefined })}>
        已超期
      </Checkbox>
      <Checkbox checked={params.acceptOverdue === true} onChange={(e) => update({ acceptOverdue: e.target.checked || undefined })}>
        {APPEAL_MSG.acceptOverdue}
      </Checkbox>
      <Checkbox checked={params.dueSoon === true} onChange={(e) => update({ dueSoon: e.target.checked || undefined })}>
        {`${APPEAL_DUE_SOON_DAYS} 个工作日内到期`}
      </Checkbox>
    </>
  );
}

export default function AppealQueuePage() {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const opened = idInAddress(search.get('id'));
  if (opened) return <Navigate to={appealDetailPath(opened)} replace />;
  return (
    <ConsoleList<AppealQueueRow, Filters>
      title="诉求办理"
      spec={SPEC}
      queryKey={[...appealConsoleQueries.all(), 'queue']}
      fetchPage={(p) => queryClient.fetchQuery(appealConsoleQueries.page(queueQuery(p)))}
      columns={COLUMNS}
      exportColumns={EXPORT_COLUMNS}
      exportRow={exportRow}
      filters={(params, update) => <QueueFilters params={params} update={update} />}
    />
  );
}
