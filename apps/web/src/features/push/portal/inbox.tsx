// The inbox: unread first, filters in the address (shared/lists), one message opens its guide and
// is then read; everything can be marked read at once.
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Empty, Input, List, Radio, Select, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { PUSH_EVENT_LIST, PUSH_EVENTS, READ_FILTERS, type MessagePageQuery, type PushEvent, type PushMessage } from '@hqt/contract/push';
import { useKeywordBox, useListParams } from '@/shared/lists/use-list-params';
import { useWrite } from '@/shared/lists/use-write';
import { toast } from '@/shared/ui/feedback';
import { Paginator } from '@/shared/ui/paginator';
import { pushQueries, readAllMessages, readMessage } from '../api/push-api';

const INBOX_LIST = { filters: { read: 'string', event: 'string', keyword: 'string' }, defaultPageSize: 10 } as const;
const EVENT_COLORS: Record<PushEvent, string> = { published: 'blue', opened: 'green', closing: 'orange' };
const guideAddress = (guideId: number) => `/policyMarket/policyMarket?guide=${guideId}`;

function MessageItem({ message: m, onOpen }: { message: PushMessage; onOpen: (m: PushMessage) => void }) {
  return (
    <List.Item
      className={m.read ? 'push-message' : 'push-message push-message-unread'}
      actions={[
        <Button key="open" type="link" size="small" onClick={() => onOpen(m)}>
          查看指南
        </Button>,
      ]}
    >
      <List.Item.Meta
        title={
          <Space size={4} wrap>
            <Badge dot={!m.read} offset={[-2, 2]} aria-label={m.read ? '已读' : '未读'}>
              <Tag color={EVENT_COLORS[m.event as PushEvent]}>{m.eventLabel}</Tag>
            </Badge>
            <button type="button" className="link-button push-message-title" onClick={() => onOpen(m)}>
              {m.title}
            </button>
          </Space>
        }
        description={
          <>
            <div className="push-message-body">{m.body}</div>
            <Typography.Text type="secondary" className="push-message-meta">
              {dayjs(m.createdAt).format('YYYY-MM-DD HH:mm')}
              {m.reasons.length > 0 && ` · 推送原因：${m.reasons.join('；')}`}
            </Typography.Text>
          </>
        }
      />
    </List.Item>
  );
}

export function Inbox() {
  const [filters, update] = useListParams(INBOX_LIST);
  const [keyword, setKeyword] = useKeywordBox(filters.keyword);
  const { data, isFetching } = useQuery(pushQueries.messages(filters as MessagePageQuery));
  const { data: unread = 0 } = useQuery(pushQueries.unread());
  const navigate = useNavigate();
  const read = useWrite(readMessage, [pushQueries.all()]);
  const readAll = useWrite(readAllMessages, [pushQueries.all()]);

  const open = (m: PushMessage) => {
    if (!m.read) read.mutate(m.id);
    void navigate(guideAddress(m.guideId));
  };

  return (
    <>
      <Space wrap className="push-filters">
        <Radio.Group
          value={filters.read ?? ''}
          onChange={(e) => update({ read: e.target.value || undefined })}
          optionType="button"
          size="small"
          aria-label="阅读状态"
          options={[{ value: '', label: '全部' }, ...Object.entries(READ_FILTERS).map(([value, label]) => ({ value, label }))]}
        />
        <Select
          allowClear
          placeholder="消息类型"
          aria-label="消息类型"
          style={{ width: 140 }}
          value={filters.event}
          onChange={(v?: string) => update({ event: v })}
          options={PUSH_EVENT_LIST.map((e) => ({ value: e, label: PUSH_EVENTS[e] }))}
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
          <Empty description={filters.read || filters.event || filters.keyword ? '没有符合条件的消息' : '暂无消息。订阅关注的政策后，新政策发布、开始申报和即将截止时会通知您'} />
        ) : (
          <List className="push-messages" dataSource={data?.list ?? []} rowKey="id" renderItem={(m) => <MessageItem message={m} onOpen={open} />} />
        )}
        {data && data.total > 0 && (
          <Paginator total={data.total} currentPage={data.currentPage} pageSize={data.pageSize} onChange={(page, size) => update({ currentPage: size === filters.pageSize ? page : 1, pageSize: size })} />
        )}
      </Spin>
    </>
  );
}
