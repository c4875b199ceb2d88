// 政策文件: every policy in any state, searched and filtered, with its lifecycle and actions.
import { Button, Select, Space } from 'antd';
import { Link, useNavigate } from 'react-router';
import type { ConsolePolicyRow, ContentStatus } from '@hqt/contract/policy-console';
import { ADMIN_BASE } from '@/config/routes';
import type { ListSpec } from '@/shared/lists/use-list-params';
import { content } from '../../api/content-api';
import { ConsoleList, SearchFilter } from '@/shared/console/console-list';
import { lifecycleColumns, lifecycleExportColumns, lifecycleExportRow, STATUS_OPTIONS, StepButtons } from '@/shared/console/content-state';

const LIST: ListSpec<{ keyword: 'string'; status: 'string' }, never> = { filters: { keyword: 'string', status: 'string' } };

export default function PolicyListPage() {
  const navigate = useNavigate();
  return (
    <ConsoleList<ConsolePolicyRow, typeof LIST.filters>
      title="政策文件"
      spec={LIST}
      queryKey={content('policy').key}
      fetchPage={({ keyword, status, currentPage, pageSize }) => content('policy').page({ keyword, status: status as ContentStatus | undefined, currentPage, pageSize })}
      actions={
        <Button type="primary" onClick={() => void navigate(`${ADMIN_BASE}/policies/new`)}>
          新建政策文件
        </Button>
      }
      filters={(p, update) => (
        <>
          <SearchFilter value={p.keyword} placeholder="标题或文号" width={260} onSearch={(keyword) => update({ keyword })} />
          <Select placeholder="状态" allowClear value={p.status} onChange={(v?: string) => update({ status: v })} options={STATUS_OPTIONS} style={{ width: 120 }} aria-label="状态" />
        </>
      )}
      columns={[
        { title: '标题', dataIndex: 'title', render: (t: string, r) => <Link to={`${ADMIN_BASE}/policies/${r.id}`}>{t}</Link> },
        { title: '文号', dataIndex: 'docNo' },
        { title: '发文部门', dataIndex: 'departmentLabel' },
        { title: '层级', dataIndex: 'levelLabel' },
        { title: '发布日期', dataIndex: 'publishDate' },
        { title: '指南数', dataIndex: 'guideCount' },
        ...lifecycleColumns<ConsolePolicyRow>(),
        {
          title: '操作',
          key: 'actions',
          fixed: 'right',
          render: (_, r) => (
            <Space>
              <Link to={`${ADMIN_BASE}/policies/${r.id}`}>编辑</Link>
              <StepButtons steps={content('policy')} id={r.id} status={r.status} />
            </Space>
          ),
        },
      ]}
      exportColumns={[
        { field: 'title', displayName: '标题', key: 'title', title: '标题' },
        { field: 'docNo', displayName: '文号', key: 'docNo', title: '文号' },
        { field: 'departmentLabel', displayName: '发文部门', key: 'departmentLabel', title: '发文部门' },
        { field: 'levelLabel', displayName: '层级', key: 'levelLabel', title: '层级' },
        { field: 'publishDate', displayName: '发布日期', key: 'publishDate', title: '发布日期' },
        { field: 'guideCount', displayName: '指南数', key: 'guideCount', title: '指南数' },
        ...lifecycleExportColumns,
      ]}
      exportRow={lifecycleExportRow}
    />
  );
}
