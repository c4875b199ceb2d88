// One meaning of a page for every list (docs/lists.md): a page past the last is empty and still
// carries the number of rows the filters match. The lists write their query once; that page asks
// the same query for its first row, whose total counts every match (lib/paginate.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@hqt/contract/auth';
import { ACCOUNT_CONSOLE_PATHS } from '@hqt/contract/account-console';
import { AUDIT_CONSOLE_PATHS } from '@hqt/contract/audit';
import { CALCULATOR_PATHS } from '@hqt/contract/calculator';
import { INBOX_PATHS } from '@hqt/contract/inbox';
import type { App } from '../../src/app';
import { bearer, createAccount, createTestApp, loginAs } from '../helpers/app';

let app: App;
let admin: Record<string, string>;
let staff: Record<string, string>;
let enterprise: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp();
  admin = bearer((await loginAs(app, await createAccount(app, { roleId: ROLES.admin.id, name: '分页管理员' }), '10.61.0.1')).access_token);
  staff = bearer((await loginAs(app, await createAccount(app, { roleId: ROLES.staff.id, name: '分页科员' }), '10.61.0.2')).access_token);
  // Three enterprises named alike, and one that is not: the filters below match three.
  for (const [i, name] of ['翻页甲有限公司', '翻页乙有限公司', '翻页丙有限公司', '别的公司'].entries()) {
    const account = await createAccount(app, { name });
    if (i === 0) enterprise = bearer((await loginAs(app, account, '10.61.0.3')).access_token);
  }
});
afterAll(() => app.close());

const post = async (url: string, headers: Record<string, string>, payload: object) => {
  const res = await app.inject({ method: 'POST', url, headers, payload });
  expect(res.json().code, `${url} ${res.body}`).toBe(200);
  return res.json().data as { list: unknown[]; total: number; currentPage: number; pageSize: number };
};

describe('a page past the last', () => {
  const lists = () =>
    [
      ['accounts, by keyword', ACCOUNT_CONSOLE_PATHS.accountPage, admin, { keyword: '翻页' }, 3],
      ['enterprises (joined to their accounts), by keyword', ACCOUNT_CONSOLE_PATHS.enterprisePage, staff, { keyword: '翻页' }, 3],
      ['the audit log (joined to accounts), by person', AUDIT_CONSOLE_PATHS.auditPage, admin, { person: '分页' }, 2],
      ["an enterprise's own enterprises", CALCULATOR_PATHS.enterprisePage, enterprise, {}, 1],
      ['the inbox (a prepared statement), with nothing in it', INBOX_PATHS.page, enterprise, {}, 0],
    ] as const;

  it('is empty and carries the filtered total, as the first page does', async () => {
    for (const [name, url, headers, filters, expected] of lists()) {
      const first = await post(url, headers, { ...filters, currentPage: 1, pageSize: 2 });
      expect(first.total, name).toBe(expected);
      expect(first.list.length, name).toBe(Math.min(expected, 2));
      expect(await post(url, headers, { ...filters, currentPage: 40, pageSize: 2 }), name).toEqual({ list: [], total: expected, currentPage: 40, pageSize: 2 });
    }
  });
});
