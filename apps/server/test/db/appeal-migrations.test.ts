// Migrations 0030–0032 on appeals filed before them: each gets its opening `file` step at its filing
// time (by its filer, or as staff by the visit's lead for a problem raised on a visit), reading
// first in its timeline; an appeal that came from a visit keeps it as its opaque source (kind, id,
// key) once the foreign key into the visit's table is gone. Run on a database migrated up to 0029
// holding rows shaped as they were then, then migrated the rest of the way.
import { afterAll, expect, it } from 'vitest';
import { ROLES } from '@hqt/contract/auth';
import { databaseAt, type ScratchDatabase } from '../helpers/migrations';

let scratch: ScratchDatabase | undefined;
afterAll(() => scratch?.drop());

it('appeals filed before 0030 get their opening step, and a visit’s problem keeps the visit as its source', async () => {
  scratch = await databaseAt('0029_policy_search_table');
  const { pool } = scratch;
  const one = async <T>(text: string, values: unknown[]) => (await pool.query<T & { id: number }>(text, values)).rows[0]!;

  const owner = await one(`insert into accounts (username, password_hash, name, role_id) values ('mig_ent', 'x', '迁移企业', $1) returning id`, [ROLES.enterprise.id]);
  const lead = await one(`insert into accounts (username, password_hash, name, role_id) values ('mig_lead', 'x', '走访组长', $1) returning id`, [ROLES.staff.id]);
  const enterprise = await one(`insert into enterprises (account_id, name, credit_code) values ($1, '迁移企业', '91511234MA0000001X') returning id`, [owner.id]);
  const visit = await one(`insert into visits (enterprise_id, origin, subject, status, number) values ($1, 'staff', '用电走访', 'visited', 'ZF20261120-0001') returning id`, [enterprise.id]);
  await pool.query(`insert into visit_staff (visit_id, account_id, lead, starts_at, ends_at) values ($1, $2, true, now(), now())`, [visit.id, lead.id]);
  const filedAt = new Date('2026-11-20T09:30:00+08:00');
  const appeal = (visitId: number | null, key: string | null) =>
    one(
      `insert into appeals (enterprise_id, account_id, category, title, content, contact, phone, visit_id, visit_problem_key, created_at, updated_at)
       values ($1, $2, 'finance', '旧诉求', '迁移前提交', '王经理', '13800000000', $3, $4, $5, $5) returning id`,
      [enterprise.id, owner.id, visitId, key, filedAt],
    );
  const filed = await appeal(null, null);
  const aboutVisit = await appeal(visit.id, null);
  const problem = await appeal(visit.id, '用电增容');
  // a step taken before the migration, later than the filing
  await pool.query(`insert into workflow_steps (subject_kind, subject_id, step, from_state, to_state, actor_id, actor_role, at) values ('appeal', $1, 'accept', 'submitted', 'accepted', $2, 'staff', $3)`, [
    filed.id,
    lead.id,
    new Date(filedAt.getTime() + 3_600_000),
  ]);

  await scratch.migrateRest();

  const { rows: steps } = await pool.query(`select subject_id as id, step, actor_id, actor_role, at from workflow_steps where subject_kind = 'appeal' order by subject_id, at, id`);
  expect(steps).toEqual([
    { id: filed.id, step: 'file', actor_id: owner.id, actor_role: 'enterprise', at: filedAt },
    { id: filed.id, step: 'accept', actor_id: lead.id, actor_role: 'staff', at: new Date(filedAt.getTime() + 3_600_000) },
    { id: aboutVisit.id, step: 'file', actor_id: owner.id, actor_role: 'enterprise', at: filedAt },
    { id: problem.id, step: 'file', actor_id: lead.id, actor_role: 'staff', at: filedAt },
  ]);
  const { rows: sources } = await pool.query(`select id, source_kind, source_id, source_key from appeals order by id`);
  expect(sources).toEqual([
    { id: filed.id, source_kind: null, source_id: null, source_key: null },
    { id: aboutVisit.id, source_kind: 'visit', source_id: visit.id, source_key: null },
    { id: problem.id, source_kind: 'visit', source_id: visit.id, source_key: '用电增容' },
  ]);
  const { rows: columns } = await pool.query(`select column_name from information_schema.columns where table_name = 'appeals' and column_name like 'visit%'`);
  expect(columns).toEqual([]);
  // one appeal per problem of a visit, still
  await expect(pool.query(`insert into appeals (enterprise_id, account_id, category, title, content, contact, phone, source_kind, source_id, source_key) values ($1, $2, 'finance', '重复', '内容', '王经理', '13800000000', 'visit', $3, '用电增容')`, [enterprise.id, owner.id, visit.id])).rejects.toThrow(/appeals_source_key/);
});
