// 企业详情: one enterprise, its account, and the other enterprises that account holds.
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Result, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { Link, useNavigate, useParams } from 'react-router';
import { CONSOLE_MSG, type ConsoleEnterprise } from '@hqt/contract/console';
import { MAX_INT } from '@hqt/contract/constants';
import { ADMIN_BASE } from '@/config/routes';
import { ApiError } from '@/shared/api/http';
import { consoleApi, consoleKeys } from '../api/console-api';

const LIST = `${ADMIN_BASE}/enterprises`;

/** The id in the address, or null when it is not one an enterprise could have. */
const idOf = (raw: string | undefined) => {
  const n = Number(raw);
  return raw && /^\d+$/.test(raw) && Number.isSafeInteger(n) && n >= 1 && n <= MAX_INT ? n : null;
};

const dash = (v: string | null) => v || '—';

export default function EnterpriseDetailPage() {
  const id = idOf(useParams().id);
  const navigate = useNavigate();
  const { data, isLoading, error } = useQuery({
    queryKey: [...consoleKeys.area('enterprise'), 'item', id],
    queryFn: () => consoleApi.enterprise(id!),
    enabled: id !== null,
  });
  const back = <Button onClick={() => void navigate(LIST)}>返回列表</Button>;

  if (id === null || (error instanceof ApiError && error.code === 404)) {
    return <Result status="404" title={CONSOLE_MSG.enterpriseNotFound} extra={back} />;
  }
  if (error) return <Result status="error" title="企业信息加载失败" extra={back} />;

  return (
    <Flex vertical gap={16}>
      <Card title={data?.name ?? '企业详情'} loading={isLoading} extra={back}>
        {data && <EnterpriseDescriptions e={data} />}
      </Card>
      {data && (
        <Card title="该账号名下的其他企业">
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={data.siblings}
            locale={{ emptyText: '该账号名下没有其他企业' }}
            columns={[
              { title: '企业名称', dataIndex: 'name', render: (v: string, row) => <Link to={`${LIST}/${row.id}`}>{v}</Link> },
              { title: '统一社会信用代码', dataIndex: 'creditCode' },
            ]}
          />
        </Card>
      )}
    </Flex>
  );
}

function EnterpriseDescriptions({ e }: { e: ConsoleEnterprise }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={[
        { key: 'name', label: '企业名称', children: e.name },
        { key: 'creditCode', label: '统一社会信用代码', children: e.creditCode },
        { key: 'contactPhone', label: '联系电话', children: dash(e.contactPhone) },
        { key: 'username', label: '账号', children: e.username },
        { key: 'accountName', label: '账号姓名', children: e.accountName },
        { key: 'accountPhone', label: '账号电话', children: dash(e.accountPhone) },
        { key: 'accountEmail', label: '账号邮箱', children: dash(e.accountEmail) },
        { key: 'state', label: '状态', children: e.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag> },
        { key: 'createdAt', label: '注册时间', children: dayjs(e.createdAt).format('YYYY-MM-DD HH:mm') },
      ]}
    />
  );
}
