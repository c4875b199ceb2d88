// 政策推送 (/policyPush/policyPush): the inbox and the subscriptions, one tab each (the tab is in the
// address, so 我的订阅 can be linked to).
import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { Inbox } from './inbox';
import { Subscriptions } from './subscriptions';
import UnreadBadge from './unread-badge';
import './push.css';

const TABS = ['inbox', 'subscriptions'] as const;

export default function PolicyPushPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'subscriptions' ? 'subscriptions' : 'inbox';
  return (
    <Card title="政策推送" className="push-page">
      <Tabs
        activeKey={tab}
        // A new tab starts its own list: the other tab's filters do not follow.
        onChange={(key) => setParams(key === TABS[0] ? {} : { tab: key })}
        items={[
          { key: 'inbox', label: <UnreadBadge>消息</UnreadBadge>, children: <Inbox /> },
          { key: 'subscriptions', label: '我的订阅', children: <Subscriptions /> },
        ]}
      />
    </Card>
  );
}
