// 政策推送's calls (PUSH_PATHS): one query factory, and the writes.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { withId } from '@hqt/contract/calculator';
import type { PageOf } from '@hqt/contract/envelope';
import { PUSH_PATHS, type MessagePageQuery, type PushMessage, type Subscription, type SubscriptionBody } from '@hqt/contract/push';
import { http } from '@/shared/api/http';
import { unreadMessagesQuery } from '@/shared/api/unread-messages';

export const pushQueries = {
  /** Everything of 政策推送 (the hub invalidates it on each announcement). */
  all: () => ['push'] as const,
  unread: unreadMessagesQuery,
  messages: (query: MessagePageQuery) =>
    queryOptions({
      queryKey: [...pushQueries.all(), 'messages', query],
      queryFn: () => http.post<PageOf<PushMessage>>(PUSH_PATHS.messagePage, query),
      placeholderData: keepPreviousData,
    }),
  /** Every subscription at once: an account holds at most MAX_SUBSCRIPTIONS (the spec's pageSize 9999999). */
  subscriptions: () =>
    queryOptions({
      queryKey: [...pushQueries.all(), 'subscriptions'],
      queryFn: () => http.post<PageOf<Subscription>>(PUSH_PATHS.subscriptionPage, { currentPage: 1, pageSize: 9999999 }),
      select: (d) => d.list,
    }),
};

export const subscribe = (body: SubscriptionBody) => http.post<Subscription>(PUSH_PATHS.saveSubscription, body);
export const cancelSubscription = (id: number) => http.get<null>(withId(PUSH_PATHS.cancelSubscription, id));
export const readMessage = (id: number) => http.post<PushMessage>(withId(PUSH_PATHS.readMessage, id));
export const readAllMessages = () => http.post<{ updated: number }>(PUSH_PATHS.readAllMessages);
