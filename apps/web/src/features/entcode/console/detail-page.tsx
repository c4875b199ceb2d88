// 企业码详情 (staff): one code — its QR and the code in large type, its enterprise, state and the
// reason of its last step, the code it replaced or was replaced by, its scans (7 and 30 days, by who
// scanned), the timeline of every code its enterprise has had, a button for each step the server
// says this account may take now, and the scans per day of all codes as a chart with a table.
import { Alert, Descriptions, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { ENTCODE_FLOW, ENTCODE_MSG, ENTCODE_VIEWER_LIST, ENTCODE_VIEWERS, formatCode, type EntcodeStep } from '@hqt/contract/entcode';
import type { EntcodeDetail } from '@hqt/contract/entcode-console';
import { WorkflowTimeline } from '@/shared/ui/workflow-timeline';
import { ConsoleItemPage, ConsoleSection } from '@/shared/workflow/console-item';
import { entcodeConsoleQueries } from '../api/entcode-console-api';
import { CodeQr } from './code-qr';
import { ENTCODE_LIST, entcodeDetailPath, enterprisePath } from './paths';
import { ScansPanel } from './scans-panel';
import { EntcodeStatusTag } from './status-tag';
import { EntcodeStepButtons } from './step-dialog';

const TIME = 'YYYY-MM-DD HH:mm';
const at = (iso: string | null) => (iso ? dayjs(iso).format(TIME) : '—');
const stepLabel = (step: string) => ENTCODE_FLOW.steps[step as EntcodeStep]?.label ?? step;

export default function EntcodeDetailPage() {
  return (
    <ConsoleItemPage query={entcodeConsoleQueries.detail} notFound={ENTCODE_MSG.notFound} noun="企业码" back={{ label: '返回列表', to: ENTCODE_LIST }} title={(c) => `${c.enterpriseName} 的企业码`}>
      {(code) => <CodeView code={code} />}
    </ConsoleItemPage>
  );
}

const linkTo = (c: { id: number; code: string }) => (
  <Link to={entcodeDetailPath(c.id)} style={{ fontFamily: 'monospace' }}>
    {formatCode(c.code)}
  </Link>
);

function CodeView({ code: c }: { code: EntcodeDetail }) {
  return (
    <Flex vertical gap={20}>
      {c.replacedBy && <Alert type="info" showIcon title={<>该企业码已换发，扫码将提示已换发新码。新企业码：{linkTo(c.replacedBy)}</>} />}
      {c.enterpriseDeleted && <Alert type="warning" showIcon title="该企业已删除，扫码将提示企业已不在平台登记。" />}
      <Flex gap={24} wrap align="flex-start">
        <CodeQr code={c} size={180} />
        <Descriptions
          style={{ flex: '1 1 320px', minWidth: 0 }}
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2 }}
          items={[
            {
              key: 'enterprise',
              label: '企业名称',
              children: (
                <Flex gap={6} wrap align="center">
                  <Link to={enterprisePath(c.enterpriseId)}>{c.enterpriseName}</Link>
                  {c.enterpriseDeleted && <Tag>已删除</Tag>}
                </Flex>
              ),
            },
            { key: 'creditCode', label: '统一社会信用代码', children: c.creditCode },
            { key: 'code', label: '企业码', children: <span style={{ fontFamily: 'monospace' }}>{formatCode(c.code)}</span> },
            { key: 'status', label: '状态', children: <EntcodeStatusTag status={c.status} /> },
            { key: 'reason', label: '最近操作原因', children: c.reason ?? '—' },
            { key: 'createdAt', label: '发码时间', children: at(c.createdAt) },
            ...(c.replaces ? [{ key: 'replaces', label: '换发自', children: linkTo(c.replaces) }] : []),
            ...(c.replacedBy ? [{ key: 'replacedBy', label: '已换发为', children: linkTo(c.replacedBy) }] : []),
            { key: 'scans', label: '扫码次数', children: `近7天 ${c.scans7} 次，近30天 ${c.scans30} 次` },
            { key: 'lastScan', label: '最近扫码', children: at(c.lastScanAt) },
            { key: 'byViewer', label: '累计扫码（按身份）', children: ENTCODE_VIEWER_LIST.map((v) => `${ENTCODE_VIEWERS[v]} ${c.scansByViewer[v]}`).join('，') },
            {
              key: 'url',
              label: '扫码地址',
              children: (
                <Typography.Link href={c.url} target="_blank" rel="noreferrer" copyable={{ text: c.url }} style={{ wordBreak: 'break-all' }}>
                  {c.url}
                </Typography.Link>
              ),
            },
          ]}
        />
      </Flex>
      <ConsoleSection title="操作">
        <EntcodeStepButtons code={c} />
      </ConsoleSection>
      <ConsoleSection title="企业码记录">
        <Typography.Paragraph type="secondary">该企业历次企业码的冻结、解冻、注销与换发，按时间先后。</Typography.Paragraph>
        <WorkflowTimeline entries={c.timeline} stepLabel={stepLabel} empty="发码以来未做过变更" />
      </ConsoleSection>
      <ConsoleSection title="扫码趋势">
        <ScansPanel />
      </ConsoleSection>
    </Flex>
  );
}
