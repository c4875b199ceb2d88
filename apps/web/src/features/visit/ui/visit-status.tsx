// A visit's state and time as both sides draw them: the status tag, a step's label, a time span.
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { VISIT_FLOW, VISIT_MAX_HOURS, VISIT_MSG, VISIT_ORIGINS, type VisitStatus, type VisitStep } from '@hqt/contract/visit';

const COLOURS: Record<VisitStatus, string> = {
  requested: 'purple',
  pending: 'blue',
  rescheduling: 'warning',
  confirmed: 'processing',
  visited: 'cyan',
  appraised: 'success',
  declined: 'default',
  cancelled: 'default',
};

export const VisitStatusTag = ({ status }: { status: string }) => <Tag color={COLOURS[status as VisitStatus] ?? 'default'}>{VISIT_FLOW.states[status as VisitStatus] ?? status}</Tag>;

export const visitStepLabel = (step: string) => VISIT_FLOW.steps[step as VisitStep]?.label ?? step;

/** 2026-12-19 10:00–12:00, or both ends in full when it spans days; 待定 without a time. */
export function timeSpan(start: string | null, end: string | null) {
  if (!start || !end) return '待定';
  const s = dayjs(start);
  const e = dayjs(end);
  return `${s.format('YYYY-MM-DD HH:mm')}–${e.format(s.isSame(e, 'day') ? 'HH:mm' : 'YYYY-MM-DD HH:mm')}`;
}

/** The server's checks of a time asked for, said before sending (the contract's messages). */
export function spanProblem(start: dayjs.Dayjs, end: dayjs.Dayjs, now = dayjs()): string | null {
  if (!end.isAfter(start)) return VISIT_MSG.timeOrder;
  if (start.isBefore(now)) return VISIT_MSG.inPast;
  if (end.diff(start, 'minute') > VISIT_MAX_HOURS * 60) return VISIT_MSG.tooLong;
  return null;
}

/** 部门发起 or 企业申请 (the server sends the key). */
export const originLabel = (origin: string) => VISIT_ORIGINS[origin as keyof typeof VISIT_ORIGINS] ?? origin;
