// An account's inbox (the message centre), for the portal and the console alike: unread first,
// filters in the address (shared/lists), a message opens where it leads and is then read;
// everything can be marked read at once. `source` fixes the source (政策推送's own tab shows 政策).
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Empty, Input, List, Radio, Select, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { MESSAGE_KINDS, MESSAGE_SOURCE_LIST, MESSAGE_SOURCES, READ_FILTERS, type InboxMessage, type InboxPageQuery, type MessageSource } from '@hqt/contract/inbox';
import { useKeywordBox, useListParams } from '@/shared/lists/use-list-params';
import { useWrite } from '@/shared/lists/use-write';
import { toast } from '@/shared/ui/feedback';
import { Paginator } from '@/shared/ui/paginator';
import { messageQueries, readAllMessages, readMessage } from './messages-api';
import './inbox.css';

// Spec §2 §9: lists start at DEFAULT_PAGE_SIZE (20) rows.
const INBOX_LIST = { filters: { read: 'string', source: 'string', kind: 'string', keyword: 'string' } } as const;
const SOURCE_COLORS: Record<MessageSource, string> = { policy: 'blue', appeal: 'orange', visit: 'green', apply: 'purple', system: 'default' };
const kindsOf = (source: string | undefined) => Object.entries(MESSAGE_KINDS).filter(([, k]) => !source || k.source === source);

function MessageItem({ message: m, onOpen }: { message: InboxMessage; onOpen: (m: InboxMessage) => void }) {
  return (
    <List.Item
      className={m.read ? 'inbox-message' : 'inbox-message inbox-message-unread'}
      actions={
        m.link
          ? [
              <Button key="open" type="link" size="small" onClick={() => onOpen(m)}>
                查看
              </Button>,
            ]
          : []
      }
    >
      <List.Item.Meta
        title={
          <Space size={4} wrap>
            <Badge dot={!m.read} offset={[-2, 2]} aria-label={m.read ? '已读' : '未读'}>
              <Tag color={SOURCE_COLORS[m.source as MessageSource]}>
                {m.sourceLabel} · {m.kindLabel}
              </Tag>
            </Badge>
            <button type="button" className="link-button inbox-message-title" onClick={() => onOpen(m)}>
              {m.title}
            </button>
          </Space>
        }
        description={
          <>
            {/* A body's lines (编号, 时间, 地点…) each on a line of its own, as the service wrote them. */}
            <div className="inbox-message-body">
              {m.body.split('\n').map((line, i) => (
                <div key={i}>{line}</div>
              ))}
            </div>
            <Typography.Text type="secondary" className="inbox-message-meta">
              {dayjs(m.createdAt).format('YYYY-MM-DD HH:mm')}
              {m.reasons.length > 0 && ` · 推送原因：${m.reasons.join('；')}`}
            </Typography.Text>
          </>
        }
      />
    </List.Item>
  );
}

export function Inbox({ source, emptyHint = '暂无消息' }: { source?: MessageSource; emptyHint?: string }) {
  const [filters, update] = useListParams(INBOX_LIST);
  const [keyword, setKeyword] = useKeywordBox(filters.keyword);
  const shownSource = source ?? (filters.source as MessageSource | undefined);
  const { data, isFetching } = useQuery(messageQueries.page({ ...filters, source: shownSource } as InboxPageQuery));
  const { data: unread = 0 } = useQuery(messageQueries.unread());
  const navigate = useNavigate();
  const read = useWrite(readMessage, [messageQueries.all()]);
  const readAll = useWrite(readAllMessages, [messageQueries.all()]);

  const open = (m: InboxMessage) => {
    if (!m.read) read.mutate(m.id);
    if (m.link) void navigate(m.link);
  };

  return (
    <>
      <Space wrap className="inbox-filters">
        <Radio.Group
          value={filters.read ?? ''}
          onChange={(e) => update({ read: e.target.value || undefined })}
          optionType="button"
          size="small"
          aria-label="阅读状态"
          options={[{ value: '', label: '全部' }, ...Object.entries(READ_FILTERS).map(([value, label]) => ({ value, label }))]}
        />
        {!source && (
          <Select
            allowClear
            placeholder="消息来源"
            aria-label="消息来源"
            style={{ width: 120 }}
            value={filters.source}
            onChange={(v?: string) => update({ source: v, kind: undefined })}
            options={MESSAGE_SOURCE_LIST.map((s) => ({ value: s, label: MESSAGE_SOURCES[s] }))}
          />
        )}
        <Select
          allowClear
          placeholder="消息类型"
          aria-label="消息类型"
          style={{ width: 140 }}
          value={filters.kind}
          onChange={(v?: string) => update({ kind: v })}
          options={kindsOf(shownSource).map(([value, k]) => ({ value, label: k.label }))}
        />
        <Input.Search
          placeholder="搜索消息"
          aria-label="搜索消息"
          allowClear
          maxLength={50}
          style={{ width: 220 }}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => update({ keyword: v.trim() || undefined })}
        />
        <Button
          disabled={unread === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate(undefined, { onSuccess: (r) => void toast.success(`已将 ${r.updated} 条消息标为已读`) })}
        >
          全部标为已读
        </Button>
      </Space>
      <Spin spinning={isFetching && !data}>
        {data && data.list.length === 0 ? (
          <Empty description={filters.read || filters.source || filters.kind || filters.keyword ? '没有符合条件的消息' : emptyHint} />
        ) : (
          <List className="inbox-messages" dataSource={data?.list ?? []} rowKey="id" renderItem={(m) => <MessageItem message={m} onOpen={open} />} />
        )}
        {data && data.total > 0 && (
          <Paginator total={data.total} currentPage={data.currentPage} pageSize={data.pageSize} onChange={(page, size) => update({ currentPage: size === filters.pageSize ? page : 1, pageSize: size })} />
        )}
      </Spin>
    </>
  );
}
