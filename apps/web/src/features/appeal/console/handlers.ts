// Who may be chosen as an appeal's handler (承办人): a 工作人员 or 管理员 account. The only call that
// lists staff accounts is 账号管理's page (管理员 only), so an administrator picks from every active
// staff and administrator account, and a 工作人员 — who may not list accounts — from themselves.
import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_CONSOLE_PATHS, type AccountPageQuery, type ConsoleAccountRow } from '@hqt/contract/account-console';
import { ROLES } from '@hqt/contract/auth';
import type { PageOf } from '@hqt/contract/envelope';
import { fetchUserInfo } from '@/shared/api/auth-api';
import { http } from '@/shared/api/http';
import { fetchAllPages } from '@/shared/lists/fetch-all-pages';
import { useSession } from '@/shared/session/session-store';

export interface HandlerOption {
  value: number;
  label: string;
}

const accountsOfRole = async (roleId: number) =>
  (await fetchAllPages((currentPage, pageSize) => http.post<PageOf<ConsoleAccountRow>>(ACCOUNT_CONSOLE_PATHS.accountPage, { currentPage, pageSize, roleId, state: 'active' } satisfies AccountPageQuery))).rows;

async function staffAccounts(): Promise<HandlerOption[]> {
  const [staff, admins] = await Promise.all([accountsOfRole(ROLES.staff.id), accountsOfRole(ROLES.admin.id)]);
  return [...staff, ...admins].map((a) => ({ value: a.id, label: `${a.name}（${a.username}）` }));
}

async function myself(): Promise<HandlerOption[]> {
  const me = await fetchUserInfo();
  return [{ value: me.id, label: `${me.name}（本人）` }];
}

/** The handlers this account may choose from (the filter's and 分派's options); kept apart from the appeals' keys, so a step does not fetch them again. */
export function useHandlerOptions() {
  const isAdmin = useSession((s) => s.roles.includes(ROLES.admin.name));
  const { data } = useQuery({
    queryKey: ['console', 'appeal-handlers', isAdmin],
    queryFn: isAdmin ? staffAccounts : myself,
    staleTime: 5 * 60_000,
  });
  return { options: data ?? [], everyone: isAdmin };
}
