// 政策推送 (/policyPush/policyPush): its messages (the message centre's 政策 source) and the
// subscriptions, one tab each (the tab is in the address, so 我的订阅 can be linked to).
import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { Inbox } from '@/shared/messages/inbox';
import { Subscriptions } from './subscriptions';
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
          { key: 'inbox', label: '消息', children: <Inbox source="policy" emptyHint="暂无消息。订阅关注的政策后，新政策发布、开始申报和即将截止时会通知您" /> },
          { key: 'subscriptions', label: '我的订阅', children: <Subscriptions /> },
        ]}
      />
    </Card>
  );
}
