// A code's state as a coloured tag (ENTCODE_FLOW's labels).
import { Tag } from 'antd';
import { entcodeStatusLabel } from '@hqt/contract/entcode-console';

const COLORS: Record<string, string> = { active: 'green', frozen: 'orange', revoked: 'red', replaced: 'default' };

export function EntcodeStatusTag({ status }: { status: string }) {
  return <Tag color={COLORS[status] ?? 'default'}>{entcodeStatusLabel(status)}</Tag>;
}
