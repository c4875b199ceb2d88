// 政策推送's calls (PUSH_PATHS): one query factory, and the writes. Its messages are the message
// centre's (shared/messages).
import { queryOptions } from '@tanstack/react-query';
import { withId } from '@hqt/contract/calculator';
import type { PageOf } from '@hqt/contract/envelope';
import { PUSH_PATHS, type Subscription, type SubscriptionBody } from '@hqt/contract/push';
import { http } from '@/shared/api/http';

export const pushQueries = {
  all: () => ['push'] as const,
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
