// The message centre's calls (INBOX_PATHS), for every branch: the portal's and the console's inbox,
// the unread badge, the data overview and 政策推送's tab read the same queries (one request each;
// the hub's notices refresh everything under ['messages']).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { withId } from '@hqt/contract/calculator';
import type { PageOf } from '@hqt/contract/envelope';
import { INBOX_PATHS, type InboxMessage, type InboxPageQuery, type MailPrefs, type MailPrefsBody, type UnreadCount } from '@hqt/contract/inbox';
import { http } from '@/shared/api/http';

/** Also counted every few minutes, in case the hub is down. */
const UNREAD_POLL_MS = 3 * 60_000;

export const messageQueries = {
  all: () => ['messages'] as const,
  unread: () =>
    queryOptions({
      queryKey: [...messageQueries.all(), 'unread'],
      queryFn: () => http.get<UnreadCount>(INBOX_PATHS.unreadCount, { silent: true }),
      refetchInterval: UNREAD_POLL_MS,
      select: (d) => d.unread,
    }),
  page: (query: InboxPageQuery) =>
    queryOptions({
      queryKey: [...messageQueries.all(), 'page', query],
      queryFn: () => http.post<PageOf<InboxMessage>>(INBOX_PATHS.page, query),
      placeholderData: keepPreviousData,
    }),
  mailPrefs: () => queryOptions({ queryKey: [...messageQueries.all(), 'mail'], queryFn: () => http.get<MailPrefs>(INBOX_PATHS.mailPrefs) }),
};

export const readMessage = (id: number) => http.post<InboxMessage>(withId(INBOX_PATHS.read, id));
export const readAllMessages = () => http.post<{ updated: number }>(INBOX_PATHS.readAll);
export const saveMailPrefs = (body: MailPrefsBody) => http.post<MailPrefs>(INBOX_PATHS.saveMailPrefs, body);
