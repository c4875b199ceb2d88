// An application's state as both sides draw it: the status tag, the step's label, and the current
// stage's due day with 剩余 N 个工作日 / 已超期 / 补正中，计时暂停 (the server counts and says which).
import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { APPLY_FLOW, APPLY_MSG, type ApplyItem, type ApplyStatus } from '@hqt/contract/apply';

const COLOURS: Record<ApplyStatus, string> = {
  submitted: 'blue',
  correcting: 'warning',
  accepted: 'processing',
  reviewed: 'processing',
  rechecked: 'processing',
  approved: 'success',
  publicizing: 'purple',
  payable: 'cyan',
  advanced: 'geekblue',
  paid: 'green',
  rated: 'green',
  unsettled: 'orange',
  rejected: 'error',
  refused: 'default',
  withdrawn: 'default',
};

export const ApplyStatusTag = ({ status }: { status: string }) => <Tag color={COLOURS[status as ApplyStatus] ?? 'default'}>{APPLY_FLOW.states[status as ApplyStatus] ?? status}</Tag>;

export const applyStepLabel = (step: string) => APPLY_FLOW.steps[step as keyof typeof APPLY_FLOW.steps]?.label ?? step;

/** The due day (the server's due instant is the midnight that ends it). */
const dueDay = (dueAt: string) => dayjs(new Date(dueAt).getTime() - 1).format('YYYY-MM-DD');

/** 2026-12-04（剩余 1 个工作日）, 已超期 in red, 补正中，计时暂停 while paused; — when no clock runs. */
export function ApplyDue({ item }: { item: Pick<ApplyItem, 'stageDueAt' | 'dueText' | 'overdue'> }) {
  if (!item.stageDueAt) return item.dueText ? <Typography.Text type="warning">{item.dueText}</Typography.Text> : <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span>
      {dueDay(item.stageDueAt)}
      {item.dueText && <Typography.Text type={item.overdue ? 'danger' : 'secondary'}>{`（${item.dueText}）`}</Typography.Text>}
    </span>
  );
}

/** 快申快享: to be paid by the day, warned at 80 % of the clock spent; before 受理, while paused, or not yet countable, said so. */
export function PromiseDue({ item }: { item: Pick<ApplyItem, 'status' | 'promiseDueAt' | 'promiseWarn'> }) {
  if (!item.promiseDueAt) {
    const why = item.status === 'submitted' ? '受理后计算' : item.status === 'correcting' ? APPLY_MSG.paused : '—';
    return <Typography.Text type="secondary">{why}</Typography.Text>;
  }
  return <Typography.Text type={item.promiseWarn ? 'danger' : undefined}>{`${dueDay(item.promiseDueAt)} 前兑现${item.promiseWarn ? '（时限已用 80%）' : ''}`}</Typography.Text>;
}
