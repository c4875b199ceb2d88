// An appeal's state as both sides draw it: the status tag, and the due date with 剩余 N 个工作日 or
// 已超期 while its clock runs (the server counts the working days).
import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { APPEAL_FLOW, type AppealDetail, type AppealStatus } from '@hqt/contract/appeal';

const COLOURS: Record<AppealStatus, string> = {
  submitted: 'blue',
  accepted: 'processing',
  supplementing: 'warning',
  replied: 'cyan',
  reopened: 'magenta',
  closed: 'success',
  rejected: 'default',
  withdrawn: 'default',
};

export const AppealStatusTag = ({ status }: { status: string }) => <Tag color={COLOURS[status as AppealStatus] ?? 'default'}>{APPEAL_FLOW.states[status as AppealStatus] ?? status}</Tag>;

export const appealStepLabel = (step: string) => APPEAL_FLOW.steps[step as keyof typeof APPEAL_FLOW.steps]?.label ?? step;

/** The due day (the server's due instant is the midnight that ends it). */
export const dueDay = (dueAt: string) => dayjs(new Date(dueAt).getTime() - 1).format('YYYY-MM-DD');

/** 办理期限 2026-12-02（剩余 3 个工作日 / 已超期）; just the day once the clock has stopped. */
export function AppealDue({ appeal }: { appeal: Pick<AppealDetail, 'dueAt' | 'dueText' | 'overdue'> }) {
  if (!appeal.dueAt) return <Typography.Text type="secondary">受理后计算</Typography.Text>;
  return (
    <span>
      {dueDay(appeal.dueAt)}
      {appeal.dueText && <Typography.Text type={appeal.overdue ? 'danger' : 'warning'}>{`（${appeal.dueText}）`}</Typography.Text>}
    </span>
  );
}
