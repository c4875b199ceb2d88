// 申报详情 (staff): everything the server answers of one application — the enterprise, the guide,
// the frozen form as submitted with its materials (downloadable, with their validity then), the 承诺
// and the 对公账户, the calculator's answer at submission and now, the amounts and the budget, each
// 联审 opinion, every 补正, the whole timeline with the internal steps marked 企业不可见 — and a
// button for each step the server says this account may take now.
import { Descriptions, Flex, List, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { APPLY_FLOW, APPLY_MSG, type ApplyStep, type Verdict } from '@hqt/contract/apply';
import type { ApplyConsoleDetail } from '@hqt/contract/apply-console';
import { ADMIN_BASE } from '@/config/routes';
import { WorkflowTimeline } from '@/shared/ui/workflow-timeline';
import { ConsoleItemPage, ConsoleSection } from '@/shared/workflow/console-item';
import { HIDDEN_FROM_ENTERPRISE } from '@/shared/workflow/step-dialog';
import { ApplicationContent } from '../ui/application-content';
import { applyConsoleQueries } from '../api/apply-api';
import { ApplyDue, ApplyStatusTag, PromiseDue, applyStepLabel } from '../ui/apply-status';
import { APPLY_QUEUE } from './paths';
import { ApplyStepButtons } from './step-dialog';

const at = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');
const timelineLabel = (step: string) => (APPLY_FLOW.steps[step as ApplyStep]?.internal ? `${applyStepLabel(step)}（${HIDDEN_FROM_ENTERPRISE}）` : applyStepLabel(step));
const verdictText = (v: Verdict) => `${v.verdictLabel}${v.amount !== null ? ` · ${v.amountText}` : ''}${v.reasons.length ? `（${v.reasons.join('；')}）` : ''}`;

export default function ApplyDetailPage() {
  return (
    <ConsoleItemPage query={applyConsoleQueries.detail} notFound={APPLY_MSG.notFound} noun="申报" back={{ label: '返回列表', to: APPLY_QUEUE }} title={(a) => `${a.number} ${a.guideTitle}`}>
      {(a) => <ApplicationView application={a} />}
    </ConsoleItemPage>
  );
}

function ApplicationView({ application: a }: { application: ApplyConsoleDetail }) {
  return (
    <Flex vertical gap={20}>
      <ConsoleSection title="办理">
        <ApplyStepButtons application={a} />
      </ConsoleSection>
      <Descriptions
        title="申报信息"
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'number', label: '申报编号', children: a.number },
          { key: 'status', label: '状态', children: <ApplyStatusTag status={a.status} /> },
          { key: 'enterprise', label: '企业名称', children: <Link to={`${ADMIN_BASE}/enterprises/${a.enterpriseId}`}>{a.enterpriseName}</Link> },
          { key: 'guide', label: '申报指南', children: <Link to={`${ADMIN_BASE}/guides/${a.guideId}`}>{a.guideTitle}</Link> },
          { key: 'submittedAt', label: '提交时间', children: at(a.submittedAt) },
          { key: 'due', label: '当前环节期限', children: <ApplyDue item={a} /> },
          { key: 'promise', label: '快申快享', children: <PromiseDue item={a} /> },
          { key: 'form', label: '表单版本', children: `第 ${a.formVersion} 版` },
          { key: 'verdictAtSubmit', label: '提交时测算', children: verdictText(a.verdictAtSubmit) },
          { key: 'verdictNow', label: '当前测算', children: verdictText(a.verdictNow) },
          { key: 'firstReviewer', label: '初审人', children: a.firstReviewer ?? '—' },
          { key: 'proposed', label: '建议金额', children: a.proposedAmount === null ? '—' : `${a.proposedAmount} 万元` },
          { key: 'approved', label: '核定金额', children: a.approvedAmount === null ? '—' : `${a.approvedAmount} 万元` },
          { key: 'budget', label: '年度资金额度', children: a.budget ? `${a.budget.year} 年 ${a.budget.amount} 万元，已核定 ${a.budget.approved} 万元` : '未设置' },
        ]}
      />
      {a.joint.length > 0 && (
        <ConsoleSection title={`联审意见（${HIDDEN_FROM_ENTERPRISE}）`}>
          <List
            size="small"
            bordered
            dataSource={a.joint}
            renderItem={(j) => (
              <List.Item>
                <Typography.Text strong>{j.departmentName}</Typography.Text>
                <Typography.Text type={j.opinion ? undefined : 'secondary'}>{j.opinion ? `${j.opinion}（${j.by}，${at(j.at)}）` : '尚待意见'}</Typography.Text>
              </List.Item>
            )}
          />
        </ConsoleSection>
      )}
      <ApplicationContent application={a} />
      <ConsoleSection title="办理记录">
        <WorkflowTimeline entries={a.timeline} stepLabel={timelineLabel} empty="暂无办理记录" />
      </ConsoleSection>
    </Flex>
  );
}
