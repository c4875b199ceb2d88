// A workflow step's write (docs/workflow.md): the server answers the item as the step left it, which
// goes into the item's detail cache as it is (react-admin's pessimistic updateCache), and only the
// service's other queries — its lists, counts and figures — are fetched again: the detail is not
// read a second time after every step.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

const within = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => key[i] === part);

export function useStepWrite<TVariables, TAnswer, TDetail>(
  write: (variables: TVariables) => Promise<TAnswer>,
  {
    detail,
    answered,
    service,
  }: {
    /** The detail query the answer replaces (its `queryOptions(...).queryKey`). */
    detail: QueryKey;
    /** The item's detail in the write's answer. */
    answered: (answer: TAnswer) => TDetail;
    /** Every query of the service (its `all()` key): fetched again, but for the detail. */
    service: QueryKey;
  },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (answer) => {
      queryClient.setQueryData(detail, answered(answer));
      await queryClient.invalidateQueries({ queryKey: service, predicate: (query) => !within(query.queryKey, detail) });
    },
  });
}
