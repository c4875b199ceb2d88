// 账号管理 (管理员): every account of the portal and the console, with the actions an administrator
// takes on them (停用/启用, 解锁, 重置密码) and 新建工作人员.
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ROLES, type CreateUserBody } from '@hqt/contract/auth';
import { ACCOUNT_ACTIONS, type AccountAction, type AccountActionBody, type AccountPageQuery, type ConsoleAccountRow } from '@hqt/contract/account-console';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PASSWORD_MAX_LENGTH, PHONE_PATTERN, USERNAME_PATTERN, passwordProblem } from '@hqt/contract/validation';
import type { ExportColumn } from '@/shared/lib/export-format';
import { useWrite } from '@/shared/lists/use-write';
import type { ListParams, ListSpec } from '@/shared/lists/use-list-params';
import { toast } from '@/shared/ui/feedback';
import { consoleKeys } from '@/shared/console/console-api';
import { accountConsoleApi } from '../../api/account-api';
import { ConsoleList, SearchFilter } from '@/shared/console/console-list';

const FILTERS = { keyword: 'string', roleId: 'string', state: 'string' } as const;
type Filters = typeof FILTERS;
const SPEC: ListSpec<Filters, never> = { filters: FILTERS };

const ROLE_OPTIONS = Object.values(ROLES).map((r) => ({ value: String(r.id), label: r.name }));
const STATE_OPTIONS = [
  { value: 'active', label: '正常' },
  { value: 'disabled', label: '已停用' },
  { value: 'locked', label: '已锁定' },
];
type AccountState = NonNullable<AccountPageQuery['state']>;
const STATES = new Set<string>(STATE_OPTIONS.map((o) => o.value));

const TIME = 'YYYY-MM-DD HH:mm';
const formatTime = (v: string | null) => (v ? dayjs(v).format(TIME) : '');
const isLocked = (row: ConsoleAccountRow) => row.lockedUntil !== null && dayjs(row.lockedUntil).isAfter(dayjs());

/** The account's states as the list shows them (an account may be disabled and must change its password). */
function stateTags(row: ConsoleAccountRow): { label: string; color: string }[] {
  const tags: { label: string; color: string }[] = [];
  if (row.disabled) tags.push({ label: '已停用', color: 'red' });
  if (isLocked(row)) tags.push({ label: `已锁定（至 ${formatTime(row.lockedUntil)}）`, color: 'orange' });
  if (row.mustChangePassword) tags.push({ label: '须改密', color: 'gold' });
  if (tags.length === 0) tags.push({ label: '正常', color: 'green' });
  return tags;
}

const fetchPage = (p: ListParams<Filters, never>) => {
  const roleId = Number(p.roleId);
  const query: AccountPageQuery = {
    currentPage: p.currentPage,
    pageSize: p.pageSize,
    ...(p.keyword ? { keyword: p.keyword } : {}),
    ...(Number.isInteger(roleId) && roleId >= 1 && roleId <= 3 ? { roleId } : {}),
    ...(p.state && STATES.has(p.state) ? { state: p.state as AccountState } : {}),
  };
  return accountConsoleApi.accountPage(query);
};

const col = (field: string, title: string, kind?: ExportColumn['kind']): ExportColumn => ({ field, key: field, title, displayName: title, ...(kind ? { kind } : {}) });
const EXPORT_COLUMNS: ExportColumn[] = [
  col('username', '用户名'),
  col('name', '姓名'),
  col('roleName', '角色'),
  col('phone', '电话'),
  col('email', '邮箱'),
  col('state', '状态'),
  col('createdAt', '创建时间', 'datetime'),
];
const exportRow = (row: ConsoleAccountRow) => ({
  username: row.username,
  name: row.name,
  roleName: row.roleName,
  phone: row.phone,
  email: row.email,
  state: stateTags(row)
    .map((t) => t.label)
    .join('、'),
  createdAt: row.createdAt,
});

interface ActionVars {
  id: number;
  action: AccountAction;
  body?: AccountActionBody;
}

export default function AccountListPage() {
  const act = useWrite(({ id, action, body }: ActionVars) => accountConsoleApi.accountAction(id, action, body), [consoleKeys.area('account')]);
  const [resetting, setResetting] = useState<ConsoleAccountRow | null>(null);
  const [creating, setCreating] = useState(false);

  const run = async (vars: ActionVars) => {
    try {
      const msg = await act.mutateAsync(vars);
      void toast.success(msg || `${ACCOUNT_ACTIONS[vars.action]}成功`);
      return true;
    } catch {
      return false; // the HTTP client has shown the server's message
    }
  };

  const columns: TableColumnsType<ConsoleAccountRow> = [
    { title: '用户名', dataIndex: 'username' },
    { title: '姓名', dataIndex: 'name' },
    { title: '角色', dataIndex: 'roleName' },
    { title: '电话', dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
    { title: '邮箱', dataIndex: 'email', render: (v: string | null) => v ?? '—' },
    {
      title: '状态',
      key: 'state',
      render: (_, row) => (
        <Space size={4} wrap>
          {stateTags(row).map((t) => (
            <Tag key={t.label} color={t.color}>
              {t.label}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: '创建时间', dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    {
      title: '操作',
      key: 'actions',
      render: (_, row) => (
        <Space size={0} wrap>
          {row.disabled ? (
            <Popconfirm title={`启用账号「${row.username}」？`} okText="启用" cancelText="取消" onConfirm={() => run({ id: row.id, action: 'enable' })}>
              <Button type="link" size="small">
                启用
              </Button>
            </Popconfirm>
          ) : (
            <Popconfirm
              title={`停用账号「${row.username}」？`}
              description="停用后该账号无法登录，已登录的会话随即失效。"
              okText="停用"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => run({ id: row.id, action: 'disable' })}
            >
              <Button type="link" size="small" danger>
                停用
              </Button>
            </Popconfirm>
          )}
          {isLocked(row) && (
            <Popconfirm title={`解锁账号「${row.username}」？`} okText="解锁" cancelText="取消" onConfirm={() => run({ id: row.id, action: 'unlock' })}>
              <Button type="link" size="small">
                解锁
              </Button>
            </Popconfirm>
          )}
          <Button type="link" size="small" onClick={() => setResetting(row)}>
            重置密码
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ConsoleList<ConsoleAccountRow, Filters>
        title="账号管理"
        spec={SPEC}
        queryKey={consoleKeys.area('account')}
        fetchPage={fetchPage}
        columns={columns}
        exportColumns={EXPORT_COLUMNS}
        exportRow={exportRow}
        actions={
          <Button type="primary" onClick={() => setCreating(true)}>
            新建工作人员
          </Button>
        }
        filters={(params, update) => (
          <>
            <SearchFilter value={params.keyword} placeholder="用户名/姓名/电话" width={220} onSearch={(v) => update({ keyword: v })} />
            <Select
              aria-label="角色"
              placeholder="角色"
              allowClear
              style={{ width: 140 }}
              options={ROLE_OPTIONS}
              value={params.roleId}
              onChange={(v?: string) => update({ roleId: v })}
            />
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
      {resetting && <ResetPasswordDialog row={resetting} onClose={() => setResetting(null)} onReset={(password) => run({ id: resetting.id, action: 'reset-password', body: { password } })} />}
      {creating && <CreateStaffDialog onClose={() => setCreating(false)} />}
    </>
  );
}

/** 重置密码: the administrator sets a temporary password the user must replace at the next login. */
function ResetPasswordDialog({ row, onClose, onReset }: { row: ConsoleAccountRow; onClose: () => void; onReset: (password: string) => Promise<boolean> }) {
  const [form] = Form.useForm<{ password: string }>();
  const [saving, setSaving] = useState(false);

  async function confirm() {
    let values: { password: string };
    try {
      values = await form.validateFields();
    } catch {
      return; // the rule's message shows under the field
    }
    setSaving(true);
    const done = await onReset(values.password);
    setSaving(false);
    if (done) onClose();
  }

  return (
    <Modal title={`重置密码：${row.username}`} open onCancel={onClose} onOk={confirm} okText="重置" cancelText="取消" confirmLoading={saving} destroyOnHidden>
      <p className="console-muted">设置一个临时密码，用户下次登录时须修改密码。</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          label="临时密码"
          name="password"
          rules={[{ validator: (_, v: string | undefined) => (passwordProblem(v, { onConfirm: true }) ? Promise.reject(new Error(passwordProblem(v, { onConfirm: true })!)) : Promise.resolve()) }]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface CreateForm {
  username: string;
  name: string;
  password: string;
  roleId: number;
  phone?: string;
  email?: string;
}

/** 新建工作人员: a 工作人员 or 管理员 account (enterprises register themselves on the portal). */
function CreateStaffDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<CreateForm>();
  const create = useWrite((body: CreateUserBody) => accountConsoleApi.createAccount(body), [consoleKeys.area('account')]);

  async function confirm() {
    let v: CreateForm;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const phone = v.phone?.trim();
    const email = v.email?.trim();
    const body: CreateUserBody = {
      username: v.username.trim(),
      name: v.name.trim(),
      password: v.password,
      roleId: v.roleId,
      ...(phone ? { phone } : {}),
      ...(email ? { email } : {}),
    };
    try {
      const msg = await create.mutateAsync(body);
      void toast.success(msg && msg !== MSG.success ? msg : '账号已创建');
      onClose();
    } catch {
      // the HTTP client has shown the server's message (用户名已被注册 …)
    }
  }

  return (
    <Modal title="新建工作人员" open onCancel={onClose} onOk={confirm} okText="创建" cancelText="取消" confirmLoading={create.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ roleId: ROLES.staff.id }}>
        <Form.Item
          label="用户名"
          name="username"
          rules={[
            { required: true, message: MSG.required },
            { pattern: new RegExp(USERNAME_PATTERN), message: OWN_MSG.usernameRule },
          ]}
        >
          <Input autoComplete="off" maxLength={32} />
        </Form.Item>
        <Form.Item label="姓名" name="name" rules={[{ required: true, whitespace: true, message: MSG.required }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          label="初始密码"
          name="password"
          rules={[{ validator: (_, v: string | undefined) => (passwordProblem(v, { onConfirm: true }) ? Promise.reject(new Error(passwordProblem(v, { onConfirm: true })!)) : Promise.resolve()) }]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
        <Form.Item label="角色" name="roleId" rules={[{ required: true, message: MSG.required }]}>
          <Select
            options={[
              { value: ROLES.staff.id, label: ROLES.staff.name },
              { value: ROLES.admin.id, label: ROLES.admin.name },
            ]}
          />
        </Form.Item>
        <Form.Item label="电话" name="phone" rules={[{ pattern: new RegExp(PHONE_PATTERN), message: MSG.phoneRule }]}>
          <Input inputMode="tel" maxLength={11} />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={[{ pattern: new RegExp(EMAIL_PATTERN), message: MSG.emailRule }]}>
          <Input inputMode="email" maxLength={EMAIL_MAX_LENGTH} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
