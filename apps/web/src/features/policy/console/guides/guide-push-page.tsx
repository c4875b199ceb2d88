// 政策推送's results for one guide: each event (发布, 开始申报, 即将截止) with the accounts it reached,
// the enterprises they hold, how many read it and whether the fan-out has finished; then the
// accounts reached with their read state, searchable and exportable like every console list.
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row, Select, Statistic, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link, useParams } from 'react-router';
import { READ_FILTERS } from '@hqt/contract/inbox';
import { PUSH_EVENT_LIST, PUSH_EVENTS, type PushEvent } from '@hqt/contract/push';
import type { GuidePushEvent, PushRecipientPageQuery, PushRecipientRow } from '@hqt/contract/push-console';
import { ADMIN_BASE } from '@/config/routes';
import type { ExportColumn } from '@/shared/lib/export-format';
import type { ListParams, ListSpec } from '@/shared/lists/use-list-params';
import { consoleKeys } from '@/shared/console/console-api';
import { policyConsoleApi } from '../../api/content-api';
import { ConsoleList, SearchFilter } from '@/shared/console/console-list';

const FILTERS = { keyword: 'string', event: 'string', read: 'string' } as const;
type Filters = typeof FILTERS;
const LIST: ListSpec<Filters, never> = { filters: FILTERS };
const TIME = 'YYYY-MM-DD HH:mm';
/** While a fan-out runs, its counts are asked for again this often. */
const RUNNING_REFRESH_MS = 3000;

const EVENT_OPTIONS = PUSH_EVENT_LIST.map((value) => ({ value, label: PUSH_EVENTS[value] }));
const READ_OPTIONS = Object.entries(READ_FILTERS).map(([value, label]) => ({ value, label }));
const isEvent = (v: string | undefined): v is PushEvent => PUSH_EVENT_LIST.includes(v as PushEvent);
const isRead = (v: string | undefined): v is 'read' | 'unread' => v === 'read' || v === 'unread';

const time = (v: string | null) => (v ? dayjs(v).format(TIME) : '—');
const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((part / whole) * 100)}%`);

function EventCard({ e }: { e: GuidePushEvent }) {
  return (
    <Card
      size="small"
      title={e.eventLabel}
      extra={e.finished ? <Tag color="success">推送完成</Tag> : <Tag color="processing">推送中</Tag>}
      style={{ height: '100%' }}
    >
      <Row gutter={[16, 12]}>
        <Col xs={12} sm={6}>
          <Statistic title="通知账号" value={e.accounts} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title="涉及企业" value={e.enterprises} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title="已读账号" value={e.read} />
        </Col>
        <Col xs={12} sm={6}>
          <Statistic title="阅读率" value={percent(e.read, e.accounts)} />
        </Col>
      </Row>
      <div className="console-muted" style={{ marginTop: 8 }}>
        {e.finished ? `${time(e.createdAt)} 开始，${time(e.finishedAt)} 全部送达` : `${time(e.createdAt)} 开始，已写入 ${e.accounts} 条，仍在推送`}
      </div>
    </Card>
  );
}

const col = (field: string, title: string, kind?: ExportColumn['kind']): ExportColumn => ({ field, key: field, title, displayName: title, ...(kind ? { kind } : {}) });
const EXPORT_COLUMNS: ExportColumn[] = [
  col('username', '账号'),
  col('accountName', '账号名称'),
  col('enterprises', '企业'),
  col('eventLabel', '消息类型'),
  col('reasons', '推送原因'),
  col('state', '阅读状态'),
  col('sentAt', '推送时间', 'datetime'),
  col('readAt', '阅读时间', 'datetime'),
];
const exportRow = (r: PushRecipientRow) => ({ ...r, enterprises: r.enterprises.join('、'), reasons: r.reasons.join('；'), state: r.read ? '已读' : '未读' });

export default function GuidePushPage() {
  const id = Number(useParams().id);
  const { data } = useQuery({
    queryKey: [...consoleKeys.area('push'), 'guide', id],
    queryFn: () => policyConsoleApi.guidePush(id),
    refetchInterval: (query) => (query.state.data?.events.some((e) => !e.finished) ? RUNNING_REFRESH_MS : false),
  });

  const fetchPage = (p: ListParams<Filters, never>) => {
    const query: PushRecipientPageQuery = {
      currentPage: p.currentPage,
      pageSize: p.pageSize,
      ...(p.keyword ? { keyword: p.keyword } : {}),
      ...(isEvent(p.event) ? { event: p.event } : {}),
      ...(isRead(p.read) ? { read: p.read } : {}),
    };
    return policyConsoleApi.guidePushRecipients(id, query);
  };

  return (
    <>
      {data && (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          message={
            <>
              申报指南：<Link to={`${ADMIN_BASE}/guides/${id}`}>{data.title}</Link>。指南发布、开始申报和截止前 3 天各向订阅了相关内容的企业账号推送一次消息。
            </>
          }
        />
      )}
      <Card title="推送概况" style={{ marginBottom: 16 }}>
        {data && data.events.length === 0 ? (
          <Empty description="尚未推送：指南发布后，向订阅了相关内容的企业推送消息" />
        ) : (
          <Row gutter={[16, 16]}>
            {data?.events.map((e) => (
              <Col key={e.event} xs={24} xl={12}>
                <EventCard e={e} />
              </Col>
            ))}
          </Row>
        )}
      </Card>
      <ConsoleList<PushRecipientRow, Filters>
        title="推送对象"
        spec={LIST}
        queryKey={[...consoleKeys.area('push'), 'recipients', id]}
        fetchPage={fetchPage}
        filters={(p, update) => (
          <>
            <SearchFilter value={p.keyword} placeholder="账号/企业名称" width={220} onSearch={(keyword) => update({ keyword })} />
            <Select aria-label="消息类型" placeholder="消息类型" allowClear style={{ width: 140 }} options={EVENT_OPTIONS} value={isEvent(p.event) ? p.event : undefined} onChange={(event?: string) => update({ event })} />
            <Select aria-label="阅读状态" placeholder="阅读状态" allowClear style={{ width: 120 }} options={READ_OPTIONS} value={isRead(p.read) ? p.read : undefined} onChange={(read?: string) => update({ read })} />
          </>
        )}
        columns={[
          { title: '账号', dataIndex: 'username' },
          { title: '账号名称', dataIndex: 'accountName' },
          { title: '企业', dataIndex: 'enterprises', render: (names: string[]) => (names.length ? names.join('、') : <span className="console-muted">—</span>) },
          { title: '消息类型', dataIndex: 'eventLabel' },
          { title: '推送原因', dataIndex: 'reasons', render: (reasons: string[]) => reasons.map((r) => <div key={r}>{r}</div>) },
          { title: '阅读状态', dataIndex: 'read', render: (read: boolean) => (read ? <Tag color="success">已读</Tag> : <Tag>未读</Tag>) },
          { title: '推送时间', dataIndex: 'sentAt', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{time(v)}</span> },
          { title: '阅读时间', dataIndex: 'readAt', render: (v: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{time(v)}</span> },
        ]}
        exportColumns={EXPORT_COLUMNS}
        exportRow={exportRow}
      />
    </>
  );
}
