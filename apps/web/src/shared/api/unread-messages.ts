// The account's unread 政策推送 messages: the menu's badge, the inbox and the data overview read the
// same query (one request; the hub's announcements refresh it under the key ['push']).
import { queryOptions } from '@tanstack/react-query';
import { PUSH_PATHS, type UnreadCount } from '@hqt/contract/push';
import { http } from './http';

/** Also counted every few minutes, in case the hub is down. */
const UNREAD_POLL_MS = 3 * 60_000;

export const unreadMessagesQuery = () =>
  queryOptions({
    queryKey: ['push', 'unread'],
    queryFn: () => http.get<UnreadCount>(PUSH_PATHS.unreadCount, { silent: true }),
    refetchInterval: UNREAD_POLL_MS,
    select: (d) => d.unread,
  });
