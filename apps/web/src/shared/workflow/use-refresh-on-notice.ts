// A workflow page follows its own items while it is open: a notice from its service (a staff step
// on an enterprise's appeal, an enterprise's answer to a visit) reads the service's queries again,
// and so does a reconnection of the hub, after which a notice may have been missed. Notices of
// other services leave the page alone.
import { useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import type { MessageSource } from '@hqt/contract/inbox';
import { onHubEvent } from '@/shared/messages/hub-events';

/** `keep`: queries under `serviceKey` a notice never changes (a service's dictionaries). */
export function useRefreshOnNotice(source: MessageSource, serviceKey: QueryKey, keep?: (query: Query) => boolean): void {
  const queryClient = useQueryClient();
  // An effect event: the caller's key and predicate, new values every render, as they are now.
  const refresh = useEffectEvent(() => void queryClient.invalidateQueries({ queryKey: serviceKey, predicate: keep ? (q) => !keep(q) : undefined }));
  useEffect(
    () =>
      onHubEvent((event) => {
        if (!('notice' in event) || event.notice.source === source) refresh();
      }),
    [source],
  );
}
