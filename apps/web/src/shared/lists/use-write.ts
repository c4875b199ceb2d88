// Writes go through TanStack Query mutations that name the lists and records they change, so
// every view of those refreshes itself after a save.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

export function useWrite<TVariables, TData = unknown>(write: (variables: TVariables) => Promise<TData>, invalidates: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
