// The unread count beside 政策推送 in the top menu and the drawer (FeatureRoute.badge).
import { useQuery } from '@tanstack/react-query';
import { Badge } from 'antd';
import type { ReactNode } from 'react';
import { useSession } from '@/shared/session/session-store';
import { pushQueries } from '../api/push-api';

export default function UnreadBadge({ children }: { children?: ReactNode }) {
  const signedIn = useSession((s) => Boolean(s.accessToken));
  const { data: unread = 0 } = useQuery({ ...pushQueries.unread(), enabled: signedIn });
  return (
    <Badge count={signedIn ? unread : 0} size="small" offset={[6, -2]} overflowCount={99} title={`${unread} 条未读消息`} className="unread-badge">
      {children}
    </Badge>
  );
}
