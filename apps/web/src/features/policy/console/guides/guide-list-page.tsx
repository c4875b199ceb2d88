// 申报指南: every guide in any state, with its policy's state (a guide shows on the portal only
// when both are published), its window, and its lifecycle.
import { Button, Select, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate } from 'react-router';
import { type ConsoleGuideRow, CONTENT_STATUS, type ContentStatus } from '@hqt/contract/policy-console';
import { ADMIN_BASE } from '@/config/routes';
import type { ListSpec } from '@/shared/lists/use-list-params';
import { content } from '../../api/content-api';
import { ConsoleList, SearchFilter } from '@/shared/console/console-list';
import { lifecycleColumns, lifecycleExportColumns, lifecycleExportRow, STATUS_OPTIONS, StepButtons } from '@/shared/console/content-state';

const LIST: ListSpec<{ keyword: 'string'; status: 'string' }, never> = { filters: { keyword: 'string', status: 'string' } };
const day = (at: string) => dayjs(at).format('YYYY-MM-DD');

export default function GuideListPage() {
  const navigate = useNavigate();
  return (
    <ConsoleList<ConsoleGuideRow, typeof LIST.filters>
      title="申报指南"
      spec={LIST}
      queryKey={content('guide').key}
      fetchPage={({ keyword, status, currentPage, pageSize }) => content('guide').page({ keyword, status: status as ContentStatus | undefined, currentPage, pageSize })}
      actions={
        <Button type="primary" onClick={() => void navigate(`${ADMIN_BASE}/guides/new`)}>
          新建申报指南
        </Button>
      }
      filters={(p, update) => (
        <>
          <SearchFilter value={p.keyword} placeholder="指南或政策名称" width={260} onSearch={(keyword) => update({ keyword })} />
          <Select placeholder="状态" allowClear value={p.status} onChange={(v?: string) => update({ status: v })} options={STATUS_OPTIONS} style={{ width: 120 }} aria-label="状态" />
        </>
      )}
      columns={[
        { title: '指南名称', dataIndex: 'title', render: (t: string, r) => <Link to={`${ADMIN_BASE}/guides/${r.id}`}>{t}</Link> },
        {
          title: '所属政策',
          dataIndex: 'policyTitle',
          render: (t: string, r) => (
            <>
              {t}
              {r.policyStatus !== 'published' && <Tag style={{ marginInlineStart: 4 }}>政策{CONTENT_STATUS[r.policyStatus]}</Tag>}
            </>
          ),
        },
        { title: '扶持方式', dataIndex: 'supportTypeLabel' },
        { title: '申报方式', dataIndex: 'modeLabel' },
        { title: '申报期', key: 'window', render: (_, r) => `${day(r.windowStart)} 至 ${day(r.windowEnd)}` },
        { title: '浏览', dataIndex: 'viewCount' },
        ...lifecycleColumns<ConsoleGuideRow>(),
        {
          title: '操作',
          key: 'actions',
          fixed: 'right',
          render: (_, r) => (
            <Space>
              <Link to={`${ADMIN_BASE}/guides/${r.id}`}>编辑</Link>
              <Link to={`${ADMIN_BASE}/guides/${r.id}/qualified`}>符合企业</Link>
              <Link to={`${ADMIN_BASE}/guides/${r.id}/push`}>推送结果</Link>
              <StepButtons steps={content('guide')} id={r.id} status={r.status} />
            </Space>
          ),
        },
      ]}
      exportColumns={[
        { field: 'title', displayName: '指南名称', key: 'title', title: '指南名称' },
        { field: 'policyTitle', displayName: '所属政策', key: 'policyTitle', title: '所属政策' },
        { field: 'supportTypeLabel', displayName: '扶持方式', key: 'supportTypeLabel', title: '扶持方式' },
        { field: 'modeLabel', displayName: '申报方式', key: 'modeLabel', title: '申报方式' },
        { field: 'windowStart', displayName: '申报开始', key: 'windowStart', title: '申报开始', kind: 'datetime' },
        { field: 'windowEnd', displayName: '申报截止', key: 'windowEnd', title: '申报截止', kind: 'datetime' },
        { field: 'viewCount', displayName: '浏览量', key: 'viewCount', title: '浏览量' },
        ...lifecycleExportColumns,
      ]}
      exportRow={lifecycleExportRow}
    />
  );
}
