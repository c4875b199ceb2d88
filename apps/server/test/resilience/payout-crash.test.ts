// Issue 39: kill -9 of the server in the middle of a 资金下达 of 5,000 instructions, and again in
// the middle of their 授权. The server as `npm start` runs it, on its embedded PostgreSQL, restarted
// on the same data folder; the client retries what it sent. Afterwards every instruction is there
// once (one per application, its key once, one opening in its timeline), and every one is
// authorised once (one 授权 row each) — whether the kill came before or after the commit.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { PAYOUT_CONSOLE_PATHS } from '@hqt/contract/payout';
import { crashFolder, freePort } from '../helpers/server-process';
import { call, login } from './writers';

const N = 5_000;
const folder = crashFolder('hqt-payout-crash-');
const { up, database } = folder;
const startServer = folder.start;
afterAll(folder.remove);

it(`a 资金下达 of ${N.toLocaleString('en')} instructions and their 授权, each cut by kill -9 of the server, lose none and duplicate none`, async () => {
  const port = await freePort();
  let server = startServer(port);
  await up(server);
  const db = await database();
  // The demo's 拟支持 application, as 5,000 待拨付 ones (their 拟支持 the 管理员's, so staff may authorise).
  const [template] = (await db.query<{ id: number; guide_id: number; approved_year: number }>(`select id, guide_id, approved_year from applications where status = 'approved' order by id limit 1`)).rows;
  const [admin] = (await db.query<{ id: number }>(`select id from accounts where username = 'admin'`)).rows;
  const ids = (
    await db.query<{ id: number }>(
      `insert into applications (number, enterprise_id, account_id, guide_id, form_id, values, commitment, bank_account, verdict_at_submit, status, approved_amount, approved_year, submitted_at, accepted_at, decided_at, updated_at)
       select a.number || '-K' || g, a.enterprise_id, a.account_id, a.guide_id, a.form_id, a.values, a.commitment, a.bank_account, a.verdict_at_submit, 'payable', 1, a.approved_year, a.submitted_at, a.accepted_at, a.decided_at, now()
       from applications a cross join generate_series(1, $2::int) g where a.id = $1 returning id`,
      [template!.id, N],
    )
  ).rows.map((r) => r.id);
  await db.query(`insert into workflow_steps (subject_kind, subject_id, step, from_state, to_state, actor_id, actor_role) select 'application', id, 'approve', 'rechecked', 'approved', $2, 'admin' from unnest($1::int[]) id`, [ids, admin!.id]);
  await db.query(`insert into apply_budgets (guide_id, year, amount) values ($1, $2, 1e7) on conflict (guide_id, year) do update set amount = 1e7`, [template!.guide_id, template!.approved_year]);
  await db.end();

  /** Sends `send` and kills the server `after` ms later (mid-transaction for a 5,000-row write here), restarts it, and sends it again. */
  const cutAndRetry = async (send: (token: string) => Promise<{ status: number }>, after: number) => {
    const first = send((await login(server.base, 'staff', 'Staff1234')).token).catch(() => ({ status: 0 }));
    await sleep(after);
    server.child.kill('SIGKILL');
    await server.exited;
    await first;
    server = startServer(port);
    await up(server);
    return send((await login(server.base, 'staff', 'Staff1234')).token);
  };

  const release = { docNumber: '云工信〔2026〕99号', docDate: '2026-12-01', fund: '工业发展专项资金', applicationIds: ids };
  const again = await cutAndRetry((token) => call(server.base, 'POST', PAYOUT_CONSOLE_PATHS.release, token, release), 400);
  expect(again.status).toBe(200);
  const db2 = await database();
  try {
    const issued = (await db2.query<{ n: number; keys: number; apps: number; openings: number }>(
      `select count(*)::int as n, count(distinct key)::int as keys, count(distinct application_id)::int as apps,
         (select count(*)::int from workflow_steps ws where ws.subject_kind = 'payment' and ws.step = 'issue' and ws.subject_id in (select id from payments where application_id = any($1::int[]))) as openings
       from payments where application_id = any($1::int[])`,
      [ids],
    )).rows[0]!;
    expect(issued).toEqual({ n: N, keys: N, apps: N, openings: N });

    const pids = (await db2.query<{ id: number }>('select id from payments where application_id = any($1::int[]) order by id', [ids])).rows.map((r) => r.id);
    const retried = await cutAndRetry((token) => call(server.base, 'POST', PAYOUT_CONSOLE_PATHS.authorise, token, { ids: pids }), 400);
    // Authorised by the first call (the retry finds none 待授权: 409) or by the retry (200): never half.
    expect([200, 409]).toContain(retried.status);
    const db3 = await database();
    try {
      const authorised = (await db3.query<{ statuses: string[]; steps: number }>(
        `select array_agg(distinct status) as statuses,
           (select count(*)::int from workflow_steps ws where ws.subject_kind = 'payment' and ws.step = 'authorise' and ws.subject_id = any($1::int[])) as steps
         from payments where id = any($1::int[])`,
        [pids],
      )).rows[0]!;
      expect(authorised).toEqual({ statuses: ['authorised'], steps: N });
    } finally {
      await db3.end();
    }
  } finally {
    await db2.end();
  }
});
