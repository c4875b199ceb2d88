// 办理记录: an item's workflow steps, oldest first, as its reader may see them (TimelineEntry: the
// server leaves out internal steps and names staff by role only for an owner). Console editors and
// the workflow services (企业诉求, 企业走访) draw their timelines with it.
import { Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { ROLES } from '@hqt/contract/auth';
import type { RoleKey, TimelineEntry } from '@hqt/contract/workflow';

const roleName = (role: string) => (role === 'system' ? '系统' : (ROLES[role as RoleKey]?.name ?? role));
const at = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

export function WorkflowTimeline({
  entries,
  stepLabel,
  empty,
}: {
  entries: readonly TimelineEntry[];
  /** The flow's label of a step (e.g. APPEAL_FLOW.steps[step].label). */
  stepLabel: (step: string) => string;
  /** Said when there is no step (an item's timeline opens with its filing: an older one may have none). */
  empty: string;
}) {
  const items = entries.map((e) => ({
    key: e.id,
    title: at(e.at),
    content: (
      <>
        <Typography.Text>{`${e.actor ? `${e.actor.name}（${roleName(e.role)}）` : roleName(e.role)}${stepLabel(e.step)}`}</Typography.Text>
        {e.note && <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{e.note}</Typography.Paragraph>}
      </>
    ),
  }));
  if (items.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return <Timeline items={items} />;
}
