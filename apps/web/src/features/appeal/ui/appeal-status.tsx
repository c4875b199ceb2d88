// An appeal's state as both sides draw it: the status tag, and the due date with 剩余 N 个工作日 or
// 已超期 while its clock runs — while 已提交, the 受理 deadline with 剩余 N 个工作日 or 待受理超时
// (the server counts the working days and says which, per list row and in the detail).
import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { APPEAL_FLOW, type AppealItem, type AppealStatus } from '@hqt/contract/appeal';

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

/** The 受理 deadline while 已提交: 2026-11-23（剩余 1 个工作日 / 待受理超时）, after `label` when given. */
export function AcceptDue({ appeal, label = '' }: { appeal: Pick<AppealItem, 'acceptDueAt' | 'dueText' | 'acceptOverdue'>; label?: string }) {
  if (!appeal.acceptDueAt) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span>
      {`${label}${dueDay(appeal.acceptDueAt)}`}
      {appeal.dueText && <Typography.Text type={appeal.acceptOverdue ? 'danger' : 'warning'}>{`（${appeal.dueText}）`}</Typography.Text>}
    </span>
  );
}

type Clock = Pick<AppealItem, 'status' | 'dueAt' | 'acceptDueAt' | 'dueText' | 'overdue' | 'acceptOverdue'>;

/** 办理期限 2026-12-02（剩余 3 个工作日 / 已超期）; while 已提交 the 受理 deadline; just the day once the clock has stopped. */
export function AppealDue({ appeal }: { appeal: Clock }) {
  if (appeal.status === 'submitted') return appeal.acceptDueAt ? <AcceptDue appeal={appeal} label="受理期限 " /> : <Typography.Text type="secondary">受理后计算</Typography.Text>;
  if (!appeal.dueAt) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span>
      {dueDay(appeal.dueAt)}
      {appeal.dueText && <Typography.Text type={appeal.overdue ? 'danger' : 'warning'}>{`（${appeal.dueText}）`}</Typography.Text>}
    </span>
  );
}
