// Who may be chosen as an appeal's handler (承办人): every active 工作人员 and 管理员 account, as
// the server lists them for the queue's filter and 分派.
import { useQuery } from '@tanstack/react-query';
import { APPEAL_CONSOLE_PATHS, handlerLabel, type AppealHandler } from '@hqt/contract/appeal-console';
import { http } from '@/shared/api/http';

export interface HandlerOption {
  value: number;
  label: string;
}

/** Kept apart from the appeals' keys, so a step does not fetch them again. */
export function useHandlerOptions() {
  const { data } = useQuery({
    queryKey: ['console', 'appeal-handlers'],
    queryFn: () => http.get<AppealHandler[]>(APPEAL_CONSOLE_PATHS.handlers),
    select: (list): HandlerOption[] => list.map((a) => ({ value: a.id, label: handlerLabel(a) })),
    staleTime: 5 * 60_000,
  });
  return { options: data ?? [] };
}
