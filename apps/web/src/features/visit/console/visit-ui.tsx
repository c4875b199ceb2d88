// Small pieces the console's visit pages share: the state's tag, a visit's time, its step labels.
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { VISIT_FLOW, VISIT_ORIGINS, type VisitClash, type VisitStatus, type VisitStep } from '@hqt/contract/visit';

const COLORS: Record<VisitStatus, string> = {
  requested: 'purple',
  pending: 'gold',
  confirmed: 'blue',
  declined: 'default',
  rescheduling: 'orange',
  visited: 'green',
  appraised: 'cyan',
  cancelled: 'default',
};

export function VisitStatusTag({ status }: { status: string }) {
  const s = status as VisitStatus;
  return <Tag color={COLORS[s] ?? 'default'}>{VISIT_FLOW.states[s] ?? status}</Tag>;
}

export const visitStepLabel = (step: string) => VISIT_FLOW.steps[step as VisitStep]?.label ?? step;

export const TIME = 'YYYY-MM-DD HH:mm';
/** 2026-12-19 10:00–11:30 (the end's day too when it differs), or — without a time. */
export function spanText(start: string | null, end: string | null): string {
  if (!start || !end) return '—';
  const a = dayjs(start);
  const b = dayjs(end);
  return `${a.format(TIME)}–${b.format(a.isSame(b, 'day') ? 'HH:mm' : TIME)}`;
}

/** A clashing visit in one line: its number, enterprise, subject, time and which of the chosen staff it holds. */
export const clashText = (c: VisitClash) => `${c.number} ${c.enterpriseName}「${c.subject}」 ${spanText(c.startsAt, c.endsAt)} · ${c.staff.map((s) => s.name).join('、')}`;

/** Who started it (the server answers the code): 部门发起 or 企业申请. */
export const originLabel = (origin: string) => VISIT_ORIGINS[origin as keyof typeof VISIT_ORIGINS] ?? origin;
