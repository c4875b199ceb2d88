// 走访管理: the visits as a month or week calendar (filtered by staff and by town, the enterprise's
// 乡镇街道) or as the list (status, staff, town, month, keyword, with the console's export/print).
// The view lives in the address (?view=list); `?id=N` (visitConsoleLink) opens that visit.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Calendar, Card, DatePicker, Flex, Radio, Select, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { APPEAL_RATINGS, type AppealRating } from '@hqt/contract/appeal';
import { VISIT_FLOW, VISIT_STATUS_LIST, type VisitStatus } from '@hqt/contract/visit';
import type { VisitCalendarQuery, VisitConsoleRow, VisitPageQuery } from '@hqt/contract/visit-console';
import { useDictionaries } from '@/shared/api/dictionaries';
import { ConsoleList, SearchFilter } from '@/shared/console/console-list';
import type { ExportColumn } from '@/shared/lib/export-format';
import type { ListParams, ListSpec } from '@/shared/lists/use-list-params';
import { idInAddress } from '@/shared/lib/address-id';
import { visitConsoleQueries, visitPickQueries } from '../api/visit-console-api';
import { VISIT_NEW, visitDetailPath } from './paths';
import { originLabel, spanText, TIME, VisitStatusTag } from './visit-ui';

const FILTERS = { status: 'string', keyword: 'string', staffId: 'string', town: 'string', month: 'string', view: 'string' } as const;
type Filters = typeof FILTERS;
type Params = ListParams<Filters, never>;
const SPEC: ListSpec<Filters, never> = { filters: FILTERS };
const MONTH = /^\d{4}-\d{2}$/;
const DAY = 'YYYY-MM-DD';

const isStatus = (v: string | undefined): v is VisitStatus => v !== undefined && (VISIT_STATUS_LIST as string[]).includes(v);

const pageQuery = (p: Params): VisitPageQuery => {
  const staffId = idInAddress(p.staffId);
  return {
    currentPage: p.currentPage,
    pageSize: p.pageSize,
    ...(isStatus(p.status) ? { status: p.status } : {}),
    ...(staffId ? { staffId } : {}),
    ...(p.town ? { town: p.town } : {}),
    ...(p.month && MONTH.test(p.month) ? { month: p.month } : {}),
    ...(p.keyword ? { keyword: p.keyword } : {}),
  };
};

const col = (field: string, title: string): ExportColumn => ({ field, key: field, title, displayName: title });
const EXPORT_COLUMNS: ExportColumn[] = [
  col('number', '走访编号'),
  col('subject', '走访主题'),
  col('enterpriseName', '企业名称'),
  col('townName', '乡镇街道'),
  col('typeName', '走访类型'),
  col('methodName', '走访方式'),
  col('time', '走访时间'),
  col('place', '走访地点'),
  col('leadName', '带队人员'),
  col('origin', '发起方'),
  col('statusLabel', '状态'),
  col('rating', '评价'),
];
const exportRow = (r: VisitConsoleRow) => ({
  number: r.number,
  subject: r.subject,
  enterpriseName: r.enterpriseName,
  townName: r.townName ?? '',
  typeName: r.typeName ?? '',
  methodName: r.methodName ?? '',
  time: r.startsAt ? spanText(r.startsAt, r.endsAt) : '',
  place: r.place ?? '',
  leadName: r.leadName ?? '',
  origin: originLabel(r.origin),
  statusLabel: r.statusLabel,
  rating: r.rating ? (APPEAL_RATINGS[r.rating as AppealRating] ?? r.rating) : '',
});

const COLUMNS: TableColumnsType<VisitConsoleRow> = [
  { title: '走访编号', dataIndex: 'number', render: (v: string, r) => <Link to={visitDetailPath(r.id)}>{v}</Link> },
  { title: '走访主题', dataIndex: 'subject', render: (v: string, r) => <Link to={visitDetailPath(r.id)}>{v}</Link> },
  { title: '企业名称', dataIndex: 'enterpriseName' },
  { title: '乡镇街道', dataIndex: 'townName', render: (v: string | null) => v ?? '—' },
  { title: '走访类型', dataIndex: 'typeName', render: (v: string | null) => v ?? '—' },
  { title: '走访时间', key: 'time', render: (_, r) => spanText(r.startsAt, r.endsAt) },
  { title: '带队人员', dataIndex: 'leadName', render: (v: string | null) => v ?? '—' },
  { title: '状态', dataIndex: 'status', render: (v: string) => <VisitStatusTag status={v} /> },
  { title: '发起时间', dataIndex: 'createdAt', render: (v: string) => dayjs(v).format(TIME) },
];

/** The staff and the town, shared by the calendar and the list. */
function StaffTownFilters({ staffId, town, onChange }: { staffId: number | null; town: string | undefined; onChange: (patch: { staffId?: string; town?: string }) => void }) {
  const { data: staff } = useQuery(visitPickQueries.staff());
  const dicts = useDictionaries(['region']);
  return (
    <>
      <Select<number>
        aria-label="走访人员"
        placeholder="走访人员"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 160 }}
        value={staffId ?? undefined}
        options={staff ?? []}
        onChange={(v?: number) => onChange({ staffId: v === undefined ? undefined : String(v) })}
      />
      <Select
        aria-label="乡镇街道"
        placeholder="乡镇街道"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 160 }}
        value={town}
        options={dicts.options('region')}
        onChange={(v?: string) => onChange({ town: v })}
      />
    </>
  );
}

function ViewSwitch({ view, onChange }: { view: 'calendar' | 'list'; onChange: (v: 'calendar' | 'list') => void }) {
  const navigate = useNavigate();
  return (
    <Flex gap={8} wrap>
      <Radio.Group
        aria-label="视图"
        optionType="button"
        value={view}
        options={[
          { value: 'calendar', label: '日历' },
          { value: 'list', label: '列表' },
        ]}
        onChange={(e) => onChange(e.target.value as 'calendar' | 'list')}
      />
      <Button type="primary" onClick={() => void navigate(VISIT_NEW)}>
        发起走访
      </Button>
    </Flex>
  );
}

function ListFilters({ params, update }: { params: Params; update: (patch: Partial<Params>) => void }) {
  return (
    <>
      <SearchFilter value={params.keyword} placeholder="走访编号/主题/企业名称" width={240} onSearch={(keyword) => update({ keyword })} />
      <Select
        aria-label="状态"
        placeholder="状态"
        allowClear
        style={{ width: 120 }}
        value={isStatus(params.status) ? params.status : undefined}
        options={VISIT_STATUS_LIST.map((s) => ({ value: s, label: VISIT_FLOW.states[s] }))}
        onChange={(status?: string) => update({ status })}
      />
      <StaffTownFilters staffId={idInAddress(params.staffId)} town={params.town} onChange={update} />
      <DatePicker
        picker="month"
        aria-label="月份"
        placeholder="月份"
        value={params.month && MONTH.test(params.month) ? dayjs(`${params.month}-01`) : null}
        onChange={(m: Dayjs | null) => update({ month: m ? m.format('YYYY-MM') : undefined })}
      />
    </>
  );
}

export default function VisitListPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const opened = idInAddress(search.get('id'));
  if (opened) return <Navigate to={visitDetailPath(opened)} replace />;
  const view = search.get('view') === 'list' ? 'list' : 'calendar';
  const switchTo = (v: 'calendar' | 'list') => setSearch(v === 'list' ? { view: 'list' } : {});
  if (view === 'calendar') return <VisitCalendar switcher={<ViewSwitch view={view} onChange={switchTo} />} />;
  return (
    <ConsoleList<VisitConsoleRow, Filters>
      title="走访管理"
      spec={SPEC}
      queryKey={[...visitConsoleQueries.all(), 'list']}
      fetchPage={(p) => queryClient.fetchQuery(visitConsoleQueries.page(pageQuery(p)))}
      columns={COLUMNS}
      exportColumns={EXPORT_COLUMNS}
      exportRow={exportRow}
      actions={<ViewSwitch view={view} onChange={switchTo} />}
      filters={(params, update) => <ListFilters params={params} update={update} />}
    />
  );
}

// ---- the calendar ------------------------------------------------------------------------------------

/** The days shown: the month's, or the week's (Monday first). */
function range(anchor: Dayjs, mode: 'month' | 'week'): { from: Dayjs; to: Dayjs } {
  if (mode === 'month') return { from: anchor.startOf('month'), to: anchor.endOf('month').startOf('day') };
  const monday = anchor.subtract((anchor.day() + 6) % 7, 'day').startOf('day');
  return { from: monday, to: monday.add(6, 'day') };
}

const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

function VisitChip({ v }: { v: VisitConsoleRow }) {
  return (
    <Link to={visitDetailPath(v.id)} className="visit-chip" title={`${v.number} ${v.enterpriseName} ${v.subject}`} style={{ display: 'block', fontSize: 12, lineHeight: '18px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      <VisitStatusTag status={v.status} />
      {`${v.startsAt ? dayjs(v.startsAt).format('HH:mm') : ''} ${v.enterpriseName}`}
    </Link>
  );
}

function VisitCalendar({ switcher }: { switcher: ReactNode }) {
  const [anchor, setAnchor] = useState(() => dayjs().startOf('day'));
  const [mode, setMode] = useState<'month' | 'week'>('month');
  const [staffId, setStaffId] = useState<number | null>(null);
  const [town, setTown] = useState<string | undefined>();
  const { from, to } = range(anchor, mode);
  const query: VisitCalendarQuery = { from: from.format(DAY), to: to.format(DAY), ...(staffId ? { staffId } : {}), ...(town ? { town } : {}) };
  const { data } = useQuery(visitConsoleQueries.calendar(query));
  const byDay = new Map<string, VisitConsoleRow[]>();
  for (const v of data ?? []) {
    if (!v.startsAt) continue;
    const day = dayjs(v.startsAt).format(DAY);
    byDay.set(day, [...(byDay.get(day) ?? []), v]);
  }
  const step = (n: number) => setAnchor(anchor.add(n, mode));
  return (
    <Card title="走访管理" extra={switcher} styles={{ header: { flexWrap: 'wrap' } }}>
      <Flex gap={8} wrap className="console-filters" style={{ marginBottom: 12 }} align="center">
        <Radio.Group
          aria-label="日历范围"
          optionType="button"
          value={mode}
          options={[
            { value: 'month', label: '月' },
            { value: 'week', label: '周' },
          ]}
          onChange={(e) => setMode(e.target.value as 'month' | 'week')}
        />
        <Button onClick={() => step(-1)}>{mode === 'month' ? '上月' : '上周'}</Button>
        <Button onClick={() => setAnchor(dayjs().startOf('day'))}>今天</Button>
        <Button onClick={() => step(1)}>{mode === 'month' ? '下月' : '下周'}</Button>
        <Typography.Text strong>{mode === 'month' ? from.format('YYYY年M月') : `${from.format('YYYY年M月D日')}–${to.format('M月D日')}`}</Typography.Text>
        <StaffTownFilters
          staffId={staffId}
          town={town}
          onChange={(p) => {
            if ('staffId' in p) setStaffId(idInAddress(p.staffId));
            if ('town' in p) setTown(p.town);
          }}
        />
      </Flex>
      {mode === 'month' ? (
        <>
          <Calendar
            value={anchor}
            headerRender={() => null}
            onSelect={(d, info) => {
              if (info.source === 'date') setAnchor(d);
            }}
            fullscreen
            cellRender={(d, info) => {
              if (info.type !== 'date' || !d.isSame(anchor, 'month')) return null;
              return (byDay.get(d.format(DAY)) ?? []).map((v) => <VisitChip key={v.id} v={v} />);
            }}
          />
          {/* The chosen day's visits in full (a phone's cells have room for their state only). */}
          <section aria-label="当日走访" style={{ marginTop: 12 }}>
            <Typography.Text strong>{`${anchor.format('M月D日')}的走访`}</Typography.Text>
            {(byDay.get(anchor.format(DAY)) ?? []).length === 0 ? (
              <div className="console-muted">当日没有走访</div>
            ) : (
              (byDay.get(anchor.format(DAY)) ?? []).map((v) => (
                <div key={v.id} style={{ padding: '4px 0' }}>
                  <VisitStatusTag status={v.status} />
                  <Link to={visitDetailPath(v.id)}>{`${spanText(v.startsAt, v.endsAt)} ${v.enterpriseName}「${v.subject}」`}</Link>
                  {v.leadName && <Typography.Text type="secondary">{` · ${v.leadName}带队`}</Typography.Text>}
                </div>
              ))
            )}
          </section>
        </>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <div role="grid" aria-label="本周走访" style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(120px, 1fr))', gap: 4, minWidth: 840 }}>
            {WEEKDAYS.map((w, i) => {
              const d = from.add(i, 'day');
              const visits = byDay.get(d.format(DAY)) ?? [];
              return (
                <div key={w} role="gridcell" aria-label={`${w} ${d.format('M月D日')}`} style={{ border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6, padding: 6, minHeight: 160, background: d.isSame(dayjs(), 'day') ? 'rgba(22,119,255,0.06)' : undefined }}>
                  <Typography.Text strong>{`${w} ${d.format('M/D')}`}</Typography.Text>
                  {visits.length === 0 ? <div style={{ fontSize: 12, opacity: 0.7 }}>无走访</div> : visits.map((v) => <VisitChip key={v.id} v={v} />)}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </Card>
  );
}
