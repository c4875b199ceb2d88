// Production's first administrator: npm run create-admin -w @hqt/server -- <username> <password> <name>
import { ROLES } from '@hqt/contract/auth';
import { passwordProblem, USERNAME_PATTERN } from '@hqt/contract/validation';
import { createDb, createPool } from '../db/client';
import { prepareDatabase } from '../setup/database';
import { accounts } from '../db/schema/index';
import { hashPassword } from '../services/auth/password';
import { requireDatabaseUrl } from './database-url';

const [username, password, name = '系统管理员'] = process.argv.slice(2);
const fail = (msg: string) => {
  process.stderr.write(`${msg}\n`);
  process.exit(2);
};
if (!username || !password) fail('usage: create-admin <username> <password> [name]');
if (!new RegExp(USERNAME_PATTERN).test(username!)) fail('用户名为4-32位字母、数字或下划线');
const problem = passwordProblem(password, { onConfirm: true });
if (problem) fail(problem);

const url = requireDatabaseUrl();
await prepareDatabase(url);
const pool = createPool(url, () => {}, 2);
try {
  await createDb(pool)
    .insert(accounts)
    .values({ username: username!, passwordHash: await hashPassword(password!), name, roleId: ROLES.admin.id });
  process.stdout.write(`administrator ${username} created\n`);
} catch (err) {
  fail(`cannot create ${username}: ${(err as Error).message}`);
} finally {
  await pool.end();
}
