// The page follows staff's steps while it is open: every step the enterprise may see brings it a
// message (the hub's notice raises the unread count, which the shell keeps anyway), and a rise of
// that count reads the appeals again — the list and an opened appeal alike (not the categories).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { messageQueries } from '@/shared/messages/messages-api';
import { appealQueries } from '../api/appeal-api';

export function useRefreshOnNotice() {
  const queryClient = useQueryClient();
  const { data: unread } = useQuery(messageQueries.unread());
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (unread === undefined) return;
    if (seen.current !== undefined && unread > seen.current) void queryClient.invalidateQueries({ queryKey: appealQueries.all(), predicate: (q) => q.queryKey[1] !== 'categories' });
    seen.current = unread;
  }, [unread, queryClient]);
}
