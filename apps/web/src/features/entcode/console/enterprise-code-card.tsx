// 企业详情's 企业码 (FeatureModule.enterpriseCard, drawn by the account feature's page without
// importing this one): the enterprise's current code — its QR, the code in large type and its state —
// with its scans and a link to the code's detail, where it is frozen, revoked or reissued.
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { ApiError } from '@/shared/api/http';
import { entcodeConsoleQueries } from '../api/entcode-console-api';
import { CodeQr } from './code-qr';
import { entcodeDetailPath } from './paths';

export default function EnterpriseCodeCard({ enterpriseId }: { enterpriseId: number }) {
  const { data, isLoading, error } = useQuery({ ...entcodeConsoleQueries.ofEnterprise(enterpriseId), retry: false });
  const none = error instanceof ApiError && error.code === 404;
  return (
    <Card size="small" title="企业码" loading={isLoading} aria-label="企业码">
      {data ? (
        <Flex gap={24} wrap align="center">
          <CodeQr code={data} size={128} />
          <Flex vertical gap={6}>
            {data.reason && <Typography.Text>{`最近操作原因：${data.reason}`}</Typography.Text>}
            <Typography.Text>{`近7天扫码 ${data.scans7} 次，近30天 ${data.scans30} 次`}</Typography.Text>
            <Typography.Text type="secondary">{`发码时间：${dayjs(data.createdAt).format('YYYY-MM-DD')}`}</Typography.Text>
            <Link to={entcodeDetailPath(data.id)}>查看企业码详情（冻结、注销、换发）</Link>
          </Flex>
        </Flex>
      ) : (
        <Typography.Text type="secondary">{none ? '该企业尚未赋码（确认企业资料后自动赋码）' : error ? '企业码加载失败' : null}</Typography.Text>
      )}
    </Card>
  );
}
