// An enterprise's state as 企业管理 shows it: 正常, 已停用 (its account), or 已删除 with when and by whom.
import { Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ConsoleEnterpriseRow, ENTERPRISE_STATES } from '@hqt/contract/account-console';

const COLORS = { active: 'green', disabled: 'red', deleted: 'default' } as const;

export const deletedByText = (by: NonNullable<ConsoleEnterpriseRow['deletedBy']>) => `${by.name}（${by.username}）`;

/** When and by whom it was deleted, in words; null while it is live. */
export function deletionText(row: Pick<ConsoleEnterpriseRow, 'deletedAt' | 'deletedBy'>): string | null {
  if (!row.deletedAt) return null;
  const when = dayjs(row.deletedAt).format('YYYY-MM-DD HH:mm');
  return row.deletedBy ? `${when} 由 ${deletedByText(row.deletedBy)} 删除` : `${when} 删除`;
}

export function EnterpriseStateTag({ row }: { row: Pick<ConsoleEnterpriseRow, 'state' | 'deletedAt' | 'deletedBy'> }) {
  const deletion = deletionText(row);
  return (
    <Flex vertical gap={2} align="flex-start">
      <Tag color={COLORS[row.state]}>{ENTERPRISE_STATES[row.state]}</Tag>
      {deletion && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {deletion}
        </Typography.Text>
      )}
    </Flex>
  );
}
