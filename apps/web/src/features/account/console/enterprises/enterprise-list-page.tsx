// 企业管理 (工作人员 and 管理员): the enterprises registered on the portal, deleted ones marked with
// when and by whom. Only 管理员 may disable or enable one; that acts on the enterprise's account, so
// every enterprise it holds goes with it (a deleted enterprise offers no action).
import { Button, Popconfirm, Select, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { ROLES } from '@hqt/contract/auth';
import { type ConsoleEnterpriseRow, ENTERPRISE_STATES, type EnterprisePageQuery, type EnterpriseState } from '@hqt/contract/account-console';
import { ADMIN_BASE } from '@/config/routes';
import type { ExportColumn } from '@/shared/lib/export-format';
import type { ListParams, ListSpec } from '@/shared/lists/use-list-params';
import { useWrite } from '@/shared/lists/use-write';
import { useSession } from '@/shared/session/session-store';
import { toast } from '@/shared/ui/feedback';
import { consoleKeys } from '@/shared/console/console-api';
import { accountConsoleApi } from '../../api/account-api';
import { ConsoleList, SearchFilter } from '@/shared/console/console-list';
import { deletedByText, EnterpriseStateTag } from './enterprise-state';

const FILTERS = { keyword: 'string', state: 'string' } as const;
type Filters = typeof FILTERS;
const SPEC: ListSpec<Filters, never> = { filters: FILTERS };

const STATE_OPTIONS = Object.entries(ENTERPRISE_STATES).map(([value, label]) => ({ value, label }));
const isState = (v: string | undefined): v is EnterpriseState => v !== undefined && v in ENTERPRISE_STATES;

const fetchPage = (p: ListParams<Filters, never>) => {
  const query: EnterprisePageQuery = {
    currentPage: p.currentPage,
    pageSize: p.pageSize,
    ...(p.keyword ? { keyword: p.keyword } : {}),
    ...(isState(p.state) ? { state: p.state } : {}),
  };
  return accountConsoleApi.enterprisePage(query);
};

const TIME = 'YYYY-MM-DD HH:mm';

const col = (field: string, title: string, kind?: ExportColumn['kind']): ExportColumn => ({ field, key: field, title, displayName: title, ...(kind ? { kind } : {}) });
const EXPORT_COLUMNS: ExportColumn[] = [
  col('name', '企业名称'),
  col('creditCode', '统一社会信用代码'),
  col('contactPhone', '联系电话'),
  col('username', '账号'),
  col('accountName', '账号姓名'),
  col('state', '状态'),
  col('createdAt', '注册时间', 'datetime'),
  col('deletedAt', '删除时间', 'datetime'),
  col('deletedBy', '删除人'),
];
const exportRow = (row: ConsoleEnterpriseRow) => ({
  name: row.name,
  creditCode: row.creditCode,
  contactPhone: row.contactPhone,
  username: row.username,
  accountName: row.accountName,
  state: ENTERPRISE_STATES[row.state],
  createdAt: row.createdAt,
  deletedAt: row.deletedAt,
  deletedBy: row.deletedBy && deletedByText(row.deletedBy),
});

export default function EnterpriseListPage() {
  const isAdmin = useSession((s) => s.roles.includes(ROLES.admin.name));
  const act = useWrite(({ accountId, action }: { accountId: number; action: 'disable' | 'enable' }) => accountConsoleApi.accountAction(accountId, action), [
    consoleKeys.area('enterprise'),
    consoleKeys.area('account'),
  ]);

  const run = async (accountId: number, action: 'disable' | 'enable') => {
    try {
      const msg = await act.mutateAsync({ accountId, action });
      void toast.success(msg || (action === 'disable' ? '已停用' : '已启用'));
    } catch {
      // the HTTP client has shown the server's message
    }
  };

  const columns: TableColumnsType<ConsoleEnterpriseRow> = [
    { title: '企业名称', dataIndex: 'name', render: (v: string, row) => <Link to={`${ADMIN_BASE}/enterprises/${row.id}`}>{v}</Link> },
    { title: '统一社会信用代码', dataIndex: 'creditCode' },
    { title: '联系电话', dataIndex: 'contactPhone', render: (v: string | null) => v ?? '—' },
    { title: '账号', dataIndex: 'username' },
    { title: '状态', dataIndex: 'state', render: (_, row) => <EnterpriseStateTag row={row} /> },
    { title: '注册时间', dataIndex: 'createdAt', render: (v: string) => dayjs(v).format(TIME) },
  ];
  if (isAdmin) {
    columns.push({
      title: '操作',
      key: 'actions',
      render: (_, row) =>
        row.state === 'deleted' ? null : row.disabled ? (
          <Popconfirm
            title={`启用「${row.name}」？`}
            description={`将启用账号「${row.username}」，该账号名下的所有企业随之恢复正常。`}
            okText="启用"
            cancelText="取消"
            onConfirm={() => run(row.accountId, 'enable')}
          >
            <Button type="link" size="small">
              启用
            </Button>
          </Popconfirm>
        ) : (
          <Popconfirm
            title={`停用「${row.name}」？`}
            description={`将停用该企业的账号「${row.username}」：账号无法登录，其名下的所有企业一并停用。`}
            okText="停用"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => run(row.accountId, 'disable')}
          >
            <Button type="link" size="small" danger>
              停用
            </Button>
          </Popconfirm>
        ),
    });
  }

  return (
    <ConsoleList<ConsoleEnterpriseRow, Filters>
      title="企业管理"
      spec={SPEC}
      queryKey={consoleKeys.area('enterprise')}
      fetchPage={fetchPage}
      columns={columns}
      exportColumns={EXPORT_COLUMNS}
      exportRow={exportRow}
      filters={(params, update) => (
        <>
          <SearchFilter value={params.keyword} placeholder="企业名称/信用代码/用户名" width={240} onSearch={(v) => update({ keyword: v })} />
          <Select
            aria-label="状态"
            placeholder="状态"
            allowClear
            style={{ width: 140 }}
            options={STATE_OPTIONS}
            value={params.state}
            onChange={(v?: string) => update({ state: v })}
          />
        </>
      )}
    />
  );
}
