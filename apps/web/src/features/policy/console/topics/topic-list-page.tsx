// 政策专题: every topic, its period, member count and lifecycle.
import { Button, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate } from 'react-router';
import type { ConsoleTopicRow, ContentStatus } from '@hqt/contract/policy-console';
import { ADMIN_BASE } from '@/config/routes';
import type { ListSpec } from '@/shared/lists/use-list-params';
import { content } from '../../api/content-api';
import { ConsoleList, SearchFilter } from '@/shared/console/console-list';
import { lifecycleColumns, lifecycleExportColumns, lifecycleExportRow, STATUS_OPTIONS, StepButtons } from '@/shared/console/content-state';

const LIST: ListSpec<{ keyword: 'string'; status: 'string' }, never> = { filters: { keyword: 'string', status: 'string' } };
const day = (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD') : '长期');

export default function TopicListPage() {
  const navigate = useNavigate();
  return (
    <ConsoleList<ConsoleTopicRow, typeof LIST.filters>
      title="政策专题"
      spec={LIST}
      queryKey={content('topic').key}
      fetchPage={({ keyword, status, currentPage, pageSize }) => content('topic').page({ keyword, status: status as ContentStatus | undefined, currentPage, pageSize })}
      actions={
        <Button type="primary" onClick={() => void navigate(`${ADMIN_BASE}/topics/new`)}>
          新建政策专题
        </Button>
      }
      filters={(p, update) => (
        <>
          <SearchFilter value={p.keyword} placeholder="专题名称" width={240} onSearch={(keyword) => update({ keyword })} />
          <Select placeholder="状态" allowClear value={p.status} onChange={(v?: string) => update({ status: v })} options={STATUS_OPTIONS} style={{ width: 120 }} aria-label="状态" />
        </>
      )}
      columns={[
        { title: '专题名称', dataIndex: 'title', render: (t: string, r) => <Link to={`${ADMIN_BASE}/topics/${r.id}`}>{t}</Link> },
        { title: '有效期', key: 'period', render: (_, r) => `${day(r.startsAt)} 至 ${day(r.endsAt)}` },
        { title: '指南数', dataIndex: 'memberCount' },
        { title: '排序', dataIndex: 'sort' },
        ...lifecycleColumns<ConsoleTopicRow>(),
        {
          title: '操作',
          key: 'actions',
          fixed: 'right',
          render: (_, r) => (
            <Space>
              <Link to={`${ADMIN_BASE}/topics/${r.id}`}>编辑</Link>
              <StepButtons steps={content('topic')} id={r.id} status={r.status} />
            </Space>
          ),
        },
      ]}
      exportColumns={[
        { field: 'title', displayName: '专题名称', key: 'title', title: '专题名称' },
        { field: 'startsAt', displayName: '开始时间', key: 'startsAt', title: '开始时间', kind: 'datetime' },
        { field: 'endsAt', displayName: '结束时间', key: 'endsAt', title: '结束时间', kind: 'datetime' },
        { field: 'memberCount', displayName: '指南数', key: 'memberCount', title: '指南数' },
        ...lifecycleExportColumns,
      ]}
      exportRow={lifecycleExportRow}
    />
  );
}
