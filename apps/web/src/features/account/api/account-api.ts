// The account service's console calls, typed by the contract: the accounts (管理员 only) and the
// enterprises with their accounts.
import type { CreateUserBody } from '@hqt/contract/auth';
import { AUTH_PATHS } from '@hqt/contract/auth';
import { ACCOUNT_CONSOLE_PATHS, type AccountAction, type AccountActionBody, type AccountPageQuery, type ConsoleAccountRow, type ConsoleEnterprise, type ConsoleEnterpriseRow, type EnterprisePageQuery } from '@hqt/contract/account-console';
import { consolePath } from '@hqt/contract/console';
import type { PageOf } from '@hqt/contract/envelope';
import { http, request } from '@/shared/api/http';

export const accountConsoleApi = {
  accountPage: (query: AccountPageQuery) => http.post<PageOf<ConsoleAccountRow>>(ACCOUNT_CONSOLE_PATHS.accountPage, query),
  accountAction: async (id: number, action: AccountAction, body: AccountActionBody = {}) =>
    (await request<null>({ method: 'POST', url: consolePath(ACCOUNT_CONSOLE_PATHS.accountAction, { id, action }), data: body })).msg,
  createAccount: async (body: CreateUserBody) => (await request<unknown>({ method: 'POST', url: AUTH_PATHS.createUser, data: body })).msg,

  enterprisePage: (query: EnterprisePageQuery) => http.post<PageOf<ConsoleEnterpriseRow>>(ACCOUNT_CONSOLE_PATHS.enterprisePage, query),
  enterprise: (id: number) => http.get<ConsoleEnterprise>(consolePath(ACCOUNT_CONSOLE_PATHS.enterprise, { id })),
};
