// 企业详情: what a staff member reads before calling on or visiting an enterprise — its profile and
// account, qualifications (expired ones marked), yearly indicators, saved calculations, the account's
// 政策推送 (subscriptions, recent messages) and the other enterprises the account holds.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Result, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { Suspense } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { INDICATOR_BOUNDS } from '@hqt/contract/calculator';
import { YEARLY_FIELDS } from '@hqt/contract/calculator-engine';
import { ACCOUNT_CONSOLE_MSG, type ConsoleEnterprise } from '@hqt/contract/account-console';
import { SUBSCRIPTION_KINDS } from '@hqt/contract/push';
import { ADMIN_BASE } from '@/config/routes';
import { ApiError } from '@/shared/api/http';
import { consoleKeys } from '@/shared/console/console-api';
import { useEnterpriseCards } from '@/shared/enterprise-cards';
import { idInAddress } from '@/shared/lib/address-id';
import { accountConsoleApi } from '../../api/account-api';
import { deletionText, EnterpriseStateTag } from './enterprise-state';

const LIST = `${ADMIN_BASE}/enterprises`;
const TIME = 'YYYY-MM-DD HH:mm';

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);
const labelOf = (c: { label: string } | null) => c?.label ?? '—';
const labelIn = <T extends Record<string, string>>(labels: T, key: string) => (key in labels ? labels[key as keyof T] : key);
/** "最近 20 条，共 35 条" when the list shows only the most recent. */
const recentOf = (shown: number, total: number) => (total > shown ? `最近 ${shown} 条，共 ${total} 条` : `共 ${total} 条`);

export default function EnterpriseDetailPage() {
  const id = idInAddress(useParams().id);
  const navigate = useNavigate();
  const { data, isLoading, error } = useQuery({
    queryKey: [...consoleKeys.area('enterprise'), 'item', id],
    queryFn: () => accountConsoleApi.enterprise(id!),
    enabled: id !== null,
  });
  const back = <Button onClick={() => void navigate(LIST)}>返回列表</Button>;

  if (id === null || (error instanceof ApiError && error.code === 404)) {
    return <Result status="404" title={ACCOUNT_CONSOLE_MSG.enterpriseNotFound} extra={back} />;
  }
  if (error) return <Result status="error" title="企业信息加载失败" extra={back} />;

  return (
    <Card title={data?.name ?? '企业详情'} loading={isLoading} extra={back} styles={{ header: { flexWrap: 'wrap' }, title: { whiteSpace: 'normal' } }}>
      {data && <EnterpriseTabs e={data} />}
    </Card>
  );
}

function EnterpriseTabs({ e }: { e: ConsoleEnterprise }) {
  const deletion = deletionText(e);
  return (
    <Flex vertical gap={16}>
      {deletion && <Alert type="warning" showIcon title={`该企业已于 ${deletion}`} description="已删除的企业不计入任何统计，其测算记录保留。" />}
      <Tabs
        items={[
          { key: 'profile', label: '概况', children: <ProfileTab e={e} /> },
          { key: 'qualifications', label: `资质（${e.qualifications.length}）`, children: <QualificationsTab e={e} /> },
          { key: 'indicators', label: '年度指标', children: <IndicatorsTab e={e} /> },
          { key: 'evaluations', label: `测算记录（${e.evaluations.total}）`, children: <EvaluationsTab e={e} /> },
          { key: 'push', label: `政策推送（${e.messages.unread} 未读）`, children: <PushTab e={e} /> },
          { key: 'siblings', label: `同账号企业（${e.siblings.length}）`, children: <SiblingsTab e={e} /> },
        ]}
      />
    </Flex>
  );
}

function ProfileTab({ e }: { e: ConsoleEnterprise }) {
  const p = e.profile;
  return (
    <Flex vertical gap={16}>
      <Descriptions
        title="企业信息"
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'name', label: '企业名称', children: e.name },
          { key: 'creditCode', label: '统一社会信用代码', children: e.creditCode },
          { key: 'legalPerson', label: '法定代表人', children: dash(p.legalPerson) },
          { key: 'contactPhone', label: '联系电话', children: dash(e.contactPhone) },
          { key: 'foundedOn', label: '成立日期', children: dash(p.foundedOn) },
          { key: 'registeredCapital', label: '注册资本', children: p.registeredCapital === null ? '—' : `${p.registeredCapital} 万元` },
          { key: 'nature', label: '企业性质', children: labelOf(p.nature) },
          { key: 'industry', label: '所属行业', children: labelOf(p.industry) },
          { key: 'scale', label: '企业规模', children: labelOf(p.scale) },
          { key: 'region', label: '所在乡镇（街道）', children: labelOf(p.region) },
          { key: 'patents', label: '有效发明专利', children: p.patents === null ? '—' : `${p.patents} 件` },
          { key: 'state', label: '状态', children: <EnterpriseStateTag row={e} /> },
          { key: 'createdAt', label: '注册时间', children: dayjs(e.createdAt).format(TIME) },
          { key: 'updatedAt', label: '资料更新', children: dayjs(p.updatedAt).format(TIME) },
        ]}
      />
      <ServiceCards enterpriseId={e.id} />
      <Descriptions
        title="账号"
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'username', label: '账号', children: e.username },
          { key: 'accountName', label: '账号姓名', children: e.accountName },
          { key: 'accountPhone', label: '账号电话', children: dash(e.accountPhone) },
          { key: 'accountEmail', label: '账号邮箱', children: dash(e.accountEmail) },
          { key: 'disabled', label: '账号状态', children: e.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag> },
        ]}
      />
    </Flex>
  );
}

/** What each service holds for this enterprise (FeatureModule.enterpriseCard: 企业赋码's code). */
function ServiceCards({ enterpriseId }: { enterpriseId: number }) {
  return useEnterpriseCards().map((ServiceCard, i) => (
    <Suspense key={i} fallback={null}>
      <ServiceCard enterpriseId={enterpriseId} />
    </Suspense>
  ));
}

function QualificationsTab({ e }: { e: ConsoleEnterprise }) {
  return (
    <Table
      rowKey="code"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={e.qualifications}
      locale={{ emptyText: '未填写资质' }}
      columns={[
        { title: '资质', dataIndex: 'label' },
        {
          title: '有效期至',
          dataIndex: 'validUntil',
          render: (v: string | null, q) => (
            <Flex gap={6} wrap align="center">
              <span>{v ?? '长期有效'}</span>
              {q.expired && <Tag color="red">已过期</Tag>}
            </Flex>
          ),
        },
      ]}
    />
  );
}

/** One row per indicator and one column per year, newest first: the years side by side fit a phone. */
function IndicatorsTab({ e }: { e: ConsoleEnterprise }) {
  if (!e.indicators.length) return <Typography.Text type="secondary">未填写年度指标</Typography.Text>;
  const rows = YEARLY_FIELDS.map((field) => ({ field, ...INDICATOR_BOUNDS[field] }));
  const columns: TableColumnsType<(typeof rows)[number]> = [
    {
      title: '指标',
      dataIndex: 'label',
      render: (label: string, r) => (
        <Flex vertical>
          <span>{label}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.unit}
          </Typography.Text>
        </Flex>
      ),
    },
    ...e.indicators.map((year) => ({ title: `${year.year}年`, key: year.year, align: 'right' as const, render: (_: unknown, r: (typeof rows)[number]) => dash(year[r.field]) })),
  ];
  return <Table rowKey="field" size="small" pagination={false} scroll={{ x: 'max-content' }} dataSource={rows} columns={columns} />;
}

function EvaluationsTab({ e }: { e: ConsoleEnterprise }) {
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{recentOf(e.evaluations.list.length, e.evaluations.total)}</Typography.Text>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={e.evaluations.list}
        locale={{ emptyText: '尚未保存测算' }}
        columns={[
          { title: '测算时间', dataIndex: 'evaluatedAt', render: (v: string) => dayjs(v).format(TIME) },
          { title: '符合/测算', dataIndex: 'eligible', render: (v: number, r) => `${v}/${r.guides}` },
          { title: '预计金额', dataIndex: 'amount', render: (v: number) => `${v} 万元` },
          { title: '类型', dataIndex: 'whatIf', render: (v: boolean) => (v ? <Tag color="purple">假设测算</Tag> : <Tag>按企业资料</Tag>) },
        ]}
      />
    </Flex>
  );
}

function PushTab({ e }: { e: ConsoleEnterprise }) {
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">政策推送按账号订阅，以下为账号「{e.username}」的订阅与收到的消息。</Typography.Text>
      <Flex vertical gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          订阅（{e.subscriptions.length}）
        </Typography.Title>
        {e.subscriptions.length ? (
          <Flex gap={8} wrap>
            {e.subscriptions.map((s) => (
              <Tag key={s.id} color="blue">
                {labelIn(SUBSCRIPTION_KINDS, s.kind)}
                {s.kind === 'qualified' ? '' : `：${s.label}`}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">未订阅</Typography.Text>
        )}
      </Flex>
      <Flex vertical gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          收到的消息
        </Typography.Title>
        <Typography.Text type="secondary">
          {recentOf(e.messages.list.length, e.messages.total)}，未读 {e.messages.unread} 条
        </Typography.Text>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={e.messages.list}
          locale={{ emptyText: '尚未收到消息' }}
          columns={[
            { title: '消息', dataIndex: 'title' },
            { title: '状态', dataIndex: 'readAt', render: (v: string | null) => (v ? <Tag>已读 {dayjs(v).format(TIME)}</Tag> : <Tag color="orange">未读</Tag>) },
            { title: '类型', dataIndex: 'kindLabel' },
            { title: '时间', dataIndex: 'createdAt', render: (v: string) => dayjs(v).format(TIME) },
          ]}
        />
      </Flex>
    </Flex>
  );
}

function SiblingsTab({ e }: { e: ConsoleEnterprise }) {
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={e.siblings}
      locale={{ emptyText: '该账号名下没有其他企业' }}
      columns={[
        { title: '企业名称', dataIndex: 'name', render: (v: string, row) => <Link to={`${LIST}/${row.id}`}>{v}</Link> },
        { title: '统一社会信用代码', dataIndex: 'creditCode' },
        { title: '状态', dataIndex: 'deletedAt', render: (v: string | null) => <EnterpriseStateTag row={{ state: v ? 'deleted' : e.disabled ? 'disabled' : 'active', deletedAt: v, deletedBy: null }} /> },
      ]}
    />
  );
}
