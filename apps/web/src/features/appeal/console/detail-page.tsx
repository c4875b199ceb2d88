// 诉求详情 (staff): everything the server answers of one appeal — the enterprise's demand and
// contact, the category and due date with 剩余/已超期, who handles it, 整改 and a pending extension,
// the rating, the attachments by what they came with, the whole timeline with the internal steps
// marked 企业不可见 — and a button for each step the server says this account may take now.
import { Alert, Descriptions, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { APPEAL_FLOW, APPEAL_MAX_REOPENINGS, type AppealDetail, type AppealStep } from '@hqt/contract/appeal';
import type { AttachedFile } from '@hqt/contract/files';
import { OWN_MSG } from '@hqt/contract/messages';
import { ADMIN_BASE } from '@/config/routes';
import { AttachmentList } from '@/shared/upload/attachments';
import { WorkflowTimeline } from '@/shared/ui/workflow-timeline';
import { ConsoleItemPage, ConsoleSection } from '@/shared/workflow/console-item';
import { HIDDEN_FROM_ENTERPRISE } from '@/shared/workflow/step-dialog';
import { appealConsoleQueries } from '../api/appeal-api';
import { AppealDue, AppealStatusTag, appealStepLabel } from '../ui/appeal-status';
import { APPEAL_QUEUE } from './paths';
import { AppealStepButtons } from './step-dialog';

const TIME = 'YYYY-MM-DD HH:mm';
const at = (iso: string | null) => (iso ? dayjs(iso).format(TIME) : '—');

/** The timeline's label of a step: the internal ones say the enterprise never sees them. */
const timelineLabel = (step: string) => (APPEAL_FLOW.steps[step as AppealStep]?.internal ? `${appealStepLabel(step)}（${HIDDEN_FROM_ENTERPRISE}）` : appealStepLabel(step));

/** What an attachment came with: the filing, or the step that attached it (答复, 补充材料). */
const attachmentRole = (role: string | null) => (role === null || role === 'appeal' ? '诉求附件' : `${appealStepLabel(role)}附件`);

export default function AppealDetailPage() {
  return (
    <ConsoleItemPage query={appealConsoleQueries.detail} notFound={OWN_MSG.notFound} noun="诉求" back={{ label: '返回列表', to: APPEAL_QUEUE }} title={(a) => `${a.number} ${a.title}`}>
      {(appeal) => <AppealView appeal={appeal} />}
    </ConsoleItemPage>
  );
}

function AppealView({ appeal: a }: { appeal: AppealDetail }) {
  const groups = new Map<string, AttachedFile[]>();
  for (const f of a.attachments) groups.set(attachmentRole(f.role), [...(groups.get(attachmentRole(f.role)) ?? []), f]);
  return (
    <Flex vertical gap={20}>
      {a.extensionDays !== null && <Alert type="warning" showIcon title={`有待审批的延期申请：延长 ${a.extensionDays} 个工作日`} />}
      <ConsoleSection title="办理">
        <AppealStepButtons appeal={a} />
      </ConsoleSection>
      <Descriptions
        title="诉求信息"
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'number', label: '诉求编号', children: a.number },
          { key: 'status', label: '状态', children: <AppealStatusTag status={a.status} /> },
          { key: 'enterprise', label: '企业名称', children: <Link to={`${ADMIN_BASE}/enterprises/${a.enterpriseId}`}>{a.enterpriseName}</Link> },
          { key: 'category', label: '诉求类别', children: a.limitDays === null ? a.categoryName : `${a.categoryName}（办理时限 ${a.limitDays} 个工作日）` },
          { key: 'contact', label: '联系人', children: a.contact },
          { key: 'phone', label: '联系电话', children: a.phone },
          { key: 'createdAt', label: '提交时间', children: at(a.createdAt) },
          { key: 'due', label: '办理期限', children: <AppealDue appeal={a} /> },
          { key: 'department', label: '承办部门', children: a.departmentName ?? '未分派' },
          { key: 'handler', label: '承办人', children: a.handler?.name ?? '未分派' },
          { key: 'reopen', label: '整改次数', children: `${a.reopenCount} / ${APPEAL_MAX_REOPENINGS}` },
          { key: 'extension', label: '待审批延期', children: a.extensionDays === null ? '无' : `${a.extensionDays} 个工作日` },
          { key: 'repliedAt', label: '答复时间', children: at(a.repliedAt) },
          { key: 'closedAt', label: '办结时间', children: at(a.closedAt) },
          { key: 'rating', label: '评价', children: a.ratingLabel ?? '—' },
          { key: 'comment', label: '评价说明', children: a.comment ?? '—' },
          ...(a.guideId === null ? [] : [{ key: 'guide', label: '关联申报指南', children: <Link to={`${ADMIN_BASE}/guides/${a.guideId}`}>查看指南</Link> }]),
        ]}
      />
      <ConsoleSection title="诉求内容">
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{a.content}</Typography.Paragraph>
      </ConsoleSection>
      <ConsoleSection title="附件">
        {groups.size === 0 ? (
          <Typography.Text type="secondary">没有附件</Typography.Text>
        ) : (
          [...groups].map(([role, files]) => (
            <div key={role}>
              <Typography.Text strong>{role}</Typography.Text>
              <AttachmentList files={files} />
            </div>
          ))
        )}
      </ConsoleSection>
      <ConsoleSection title="办理记录">
        <WorkflowTimeline entries={a.timeline} stepLabel={timelineLabel} empty="暂无办理记录" />
      </ConsoleSection>
    </Flex>
  );
}
