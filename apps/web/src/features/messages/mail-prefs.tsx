// 邮件提醒: which sources of notices also come by e-mail. Offered once mail is on and the account's
// e-mail is confirmed; otherwise it says what is missing.
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Space, Typography } from 'antd';
import { useState } from 'react';
import { INBOX_MSG, MESSAGE_SOURCE_LIST, MESSAGE_SOURCES, type MessageSource } from '@hqt/contract/inbox';
import { useWrite } from '@/shared/lists/use-write';
import { messageQueries, saveMailPrefs } from '@/shared/messages/messages-api';
import { toast } from '@/shared/ui/feedback';

const OPTIONS = MESSAGE_SOURCE_LIST.map((value) => ({ value, label: `${MESSAGE_SOURCES[value]}类通知` }));

export function MailPrefs() {
  const { data } = useQuery(messageQueries.mailPrefs());
  const save = useWrite(saveMailPrefs, [messageQueries.mailPrefs().queryKey]);
  const [edited, setEdited] = useState<MessageSource[] | null>(null);
  if (!data) return null;
  if (!data.available) return <Typography.Text type="secondary">{INBOX_MSG.mailUnavailable}。</Typography.Text>;
  const chosen = edited ?? (data.sources as MessageSource[]);
  return (
    <Space wrap align="center">
      <Typography.Text>同时发送到邮箱 {data.email}：</Typography.Text>
      <Checkbox.Group aria-label="邮件提醒" options={OPTIONS} value={chosen} onChange={(v) => setEdited(v as MessageSource[])} />
      <Button
        type="primary"
        size="small"
        disabled={edited === null}
        loading={save.isPending}
        onClick={() => save.mutate({ sources: chosen }, { onSuccess: () => { setEdited(null); void toast.success(INBOX_MSG.mailPrefsSaved); } })}
      >
        保存
      </Button>
    </Space>
  );
}
