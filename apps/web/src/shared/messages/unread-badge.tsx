// The account's unread messages beside the message centre's menu entry, in the portal's top menu
// and drawer and the console's side menu (FeatureRoute.badge).
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import type { ReactNode } from 'react';
import { useSession } from '@/shared/session/session-store';
import { messageQueries } from './messages-api';

export default function UnreadBadge({ children }: { children?: ReactNode }) {
  const signedIn = useSession((s) => Boolean(s.accessToken));
  const { data: unread = 0 } = useQuery({ ...messageQueries.unread(), enabled: signedIn });
  return (
    <Badge count={signedIn ? unread : 0} size="small" offset={[6, -2]} overflowCount={99} title={`${unread} 条未读消息`} className="unread-badge">
      {children}
    </Badge>
  );
}
