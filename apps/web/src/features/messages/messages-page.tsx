// 消息中心: every notice the account received (政策, 诉求, 走访, 系统), in the portal and the console,
// and — where the platform sends mail — which of them also come by e-mail.
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { platformQuery } from '@/shared/api/query-client';
import { Inbox } from '@/shared/messages/inbox';
import { MailPrefs } from './mail-prefs';

export default function MessagesPage() {
  const { data: platform } = useQuery(platformQuery);
  return (
    <Card title="消息中心">
      <Inbox emptyHint="暂无消息。政策推送、诉求办理和走访安排的通知都会在这里" />
      {platform?.passwordResetByEmail && (
        <Card type="inner" size="small" title="邮件提醒" className="mail-prefs">
          <MailPrefs />
        </Card>
      )}
    </Card>
  );
}
