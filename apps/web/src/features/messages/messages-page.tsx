// 消息中心: every notice the account received (政策, 诉求, 走访, 系统), in the portal and the console,
// and which of them also come by e-mail.
import { Card } from 'antd';
import { Inbox } from '@/shared/messages/inbox';
import { MailPrefs } from './mail-prefs';

export default function MessagesPage() {
  return (
    <Card title="消息中心" extra={null}>
      <Inbox emptyHint="暂无消息。政策推送、诉求办理和走访安排的通知都会在这里" />
      <Card type="inner" size="small" title="邮件提醒" className="mail-prefs">
        <MailPrefs />
      </Card>
    </Card>
  );
}
