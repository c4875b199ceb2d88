// The workflow engine (lib/workflow.ts): a step refused changes nothing (no state, no timeline row,
// no audit row) and says why in Chinese; two staff taking the same step at once leave one step taken;
// the timeline lists every step in order with who took it; and the timeline cannot be rewritten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { and, count, eq, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ROLES } from '@hqt/contract/auth';
import { consolePath } from '@hqt/contract/console';
import { POLICY_CONSOLE_PATHS } from '@hqt/contract/policy-console';
import { CONTENT_FLOW } from '@hqt/contract/content-flow';
import { defineFlow, permittedSteps, type TimelineEntry } from '@hqt/contract/workflow';
import type { App } from '../../src/app';
import { auditLog, policies, workflowSteps } from '../../src/db/schema/index';
import { systemCtx, type SignedInCtx } from '../../src/lib/ctx';
import { FlowTimers } from '../../src/lib/flow-timers';
import { start, step, timeline } from '../../src/lib/workflow';
import { bearer, createAccount, createTestApp, databaseUrlOf, loginAs, type TestAccount } from '../helpers/app';
import { insertPolicy } from '../helpers/content';

let app: App;
let wang: TestAccount;
let li: TestAccount;
let boss: TestAccount;
let owner: TestAccount;
let other: TestAccount;
const tokens = new Map<TestAccount, Record<string, string>>();

beforeAll(async () => {
  app = await createTestApp();
  wang = await createAccount(app, { roleId: ROLES.staff.id, name: '王科员' });
  li = await createAccount(app, { roleId: ROLES.staff.id, name: '李科员' });
  boss = await createAccount(app, { roleId: ROLES.admin.id, name: '赵局长' });
  owner = await createAccount(app, { name: '云溪智造科技有限公司' });
  other = await createAccount(app, { name: '绿野农业有限公司' });
  for (const a of [wang, li, boss, owner]) tokens.set(a, bearer((await loginAs(app, a)).access_token));
});
afterAll(async () => {
  await app.close();
});

const stateOf = (id: number) => app.db.select({ id: policies.id, status: policies.status, publishedBy: policies.publishedBy }).from(policies).where(eq(policies.id, id));
const stepsOf = (id: number) => app.db.select().from(workflowSteps).where(eq(workflowSteps.subjectId, id));
const audits = async () => (await app.db.select({ n: count() }).from(auditLog))[0]!.n;

async function takeStep(who: TestAccount, id: number, action: string) {
  const res = await app.inject({ method: 'POST', url: consolePath(POLICY_CONSOLE_PATHS.policyState, { id }), headers: tokens.get(who)!, payload: { action } });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string } };
}

/** What a refusal must leave as it was: the row, its timeline and the audit log. */
async function unchanged(id: number, refused: () => Promise<unknown>) {
  const before = { row: await stateOf(id), steps: await stepsOf(id), audits: await audits() };
  await refused();
  expect({ row: await stateOf(id), steps: await stepsOf(id), audits: await audits() }).toEqual(before);
}

describe('the content flow, through the console', () => {
  it('refuses every step its state does not allow, with a 409 naming the state, and writes nothing', async () => {
    const draft = await insertPolicy(app, { status: 'draft' });
    await unchanged(draft, async () => expect(await takeStep(wang, draft, 'withdraw')).toEqual({ status: 409, body: { code: 409, msg: '当前状态为「草稿」，不能撤回', data: null } }));

    const published = await insertPolicy(app, { status: 'published' });
    await unchanged(published, async () => expect(await takeStep(wang, published, 'publish')).toEqual({ status: 409, body: { code: 409, msg: '当前状态为「已发布」，不能发布', data: null } }));

    const withdrawn = await insertPolicy(app, { status: 'withdrawn' });
    await unchanged(withdrawn, async () => expect(await takeStep(wang, withdrawn, 'withdraw')).toEqual({ status: 409, body: { code: 409, msg: '当前状态为「已撤回」，不能撤回', data: null } }));
  });

  it('refuses a role the step does not admit with a 403, and writes nothing', async () => {
    const draft = await insertPolicy(app, { status: 'draft' });
    const enterpriseCtx: SignedInCtx = {
      ip: '10.0.0.9',
      actor: { accountId: owner.id, username: owner.username, name: '云溪智造科技有限公司', roleId: ROLES.enterprise.id, sessionId: 'x' },
      scope: { accountId: owner.id, roleId: ROLES.enterprise.id, enterpriseIds: [] },
    };
    await unchanged(draft, () =>
      expect(step(app, enterpriseCtx, CONTENT_FLOW, { kind: 'policy', table: policies, id: draft, notFound: '政策文件不存在' }, 'publish', { audit: 'policy.published' })).rejects.toMatchObject({
        status: 403,
        message: '您的角色不能发布',
      }),
    );
  });

  it('two staff publishing the same draft at once: one is answered 200, the other 409, and one step is kept', async () => {
    const draft = await insertPolicy(app, { status: 'draft' });
    // Hold the row, so that both requests are surely waiting for it when it is let go.
    const holder = new pg.Client({ connectionString: databaseUrlOf(app) });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from policies where id = $1 for update', [draft]);
    const both = Promise.all([takeStep(wang, draft, 'publish'), takeStep(li, draft, 'publish')]);
    // A transaction sees pg_stat_activity as it was at its first look, unless told to look again: a
    // busy machine's requests that reached the lock after that first look were never seen.
    const waiting = async () => {
      await holder.query('select pg_stat_clear_snapshot()');
      return Number((await holder.query<{ n: string }>(`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows[0]!.n);
    };
    await expect.poll(waiting, { timeout: 30_000, interval: 50 }).toBe(2);
    await holder.query('commit');
    await holder.end();
    const answers = await both;
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.msg).toBe('当前状态为「已发布」，不能发布');
    const steps = await stepsOf(draft);
    expect(steps).toHaveLength(1);
    const winner = answers[0]!.status === 200 ? wang : li;
    expect(steps[0]).toMatchObject({ subjectKind: 'policy', step: 'publish', fromState: 'draft', toState: 'published', actorId: winner.id, actorRole: 'staff' });
    expect((await stateOf(draft))[0]).toMatchObject({ status: 'published', publishedBy: winner.id });
  });

  it('lists an item\'s steps in order with who took them, to staff only', async () => {
    const draft = await insertPolicy(app, { status: 'draft' });
    expect((await takeStep(wang, draft, 'publish')).status).toBe(200);
    expect((await takeStep(boss, draft, 'withdraw')).status).toBe(200);
    expect((await takeStep(li, draft, 'publish')).status).toBe(200);
    const url = consolePath(POLICY_CONSOLE_PATHS.policyTimeline, { id: draft });
    const res = await app.inject({ method: 'GET', url, headers: tokens.get(wang)! });
    const list = (res.json() as { data: TimelineEntry[] }).data;
    expect(list.map((e) => [e.step, e.from, e.to, e.actor?.name, e.role])).toEqual([
      ['publish', 'draft', 'published', '王科员', 'staff'],
      ['withdraw', 'published', 'withdrawn', '赵局长', 'admin'],
      ['publish', 'withdrawn', 'published', '李科员', 'staff'],
    ]);
    expect(list.map((e) => Date.parse(e.at))).toEqual(list.map((e) => Date.parse(e.at)).sort((a, b) => a - b));

    expect((await app.inject({ method: 'GET', url, headers: tokens.get(owner)! })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: consolePath(POLICY_CONSOLE_PATHS.policyTimeline, { id: 999_999 }), headers: tokens.get(wang)! })).json()).toMatchObject({ code: 404, msg: '政策文件不存在' });
  });

  it('keeps the timeline append-only: no update, delete or truncate, even by the server\'s own connection', async () => {
    const draft = await insertPolicy(app, { status: 'draft' });
    await takeStep(wang, draft, 'publish');
    const [row] = await stepsOf(draft);
    const refused = (statement: Promise<unknown>) => expect(statement).rejects.toMatchObject({ cause: { message: 'workflow_steps is append-only' } });
    await refused(app.db.update(workflowSteps).set({ actorId: li.id }).where(eq(workflowSteps.id, row!.id)));
    await refused(app.db.delete(workflowSteps).where(eq(workflowSteps.id, row!.id)));
    await refused(app.db.execute(sql`truncate ${workflowSteps}`));
    expect(await stepsOf(draft)).toEqual([row]);
  });
});

// A flow with an owner-only step and a step that needs a note, on a table of the test's own: the
// shape 企业诉求 will have (docs/workflow.md).
const items = pgTable('test_workflow_items', { id: serial('id').primaryKey(), status: text('status').notNull(), ownerId: integer('owner_id').notNull() });
const APPEAL_FLOW = defineFlow({
  states: { filed: '已提交', returned: '已退回', accepted: '已受理', withdrawn: '已撤回', closed: '已关闭' },
  steps: {
    file: { label: '提交', from: [], to: 'filed', roles: ['enterprise'] },
    accept: { label: '受理', from: ['filed'], to: 'accepted', roles: ['staff', 'admin'] },
    sendBack: { label: '退回', from: ['filed'], to: 'returned', roles: ['staff', 'admin'], noteRequired: true },
    withdraw: { label: '撤回', from: ['filed', 'returned'], to: 'withdrawn', roles: ['enterprise'], ownerOnly: true },
    remark: { label: '内部备注', from: ['accepted'], roles: ['staff', 'admin'], noteRequired: true, internal: true },
    expire: { label: '超期关闭', from: ['accepted'], to: 'closed', roles: ['system'] },
  },
  initial: ['file'],
});

describe('owner-only steps and steps that need a note', () => {
  const ctxOf = (a: TestAccount, roleId: number): SignedInCtx => ({
    ip: '10.0.0.9',
    actor: { accountId: a.id, username: a.username, name: '', roleId, sessionId: 'x' },
    scope: { accountId: a.id, roleId, enterpriseIds: [] },
  });
  const file = async () => (await app.db.insert(items).values({ status: 'filed', ownerId: owner.id }).returning({ id: items.id }))[0]!.id;
  const take = (a: TestAccount, roleId: number, id: number, name: Exclude<keyof typeof APPEAL_FLOW.steps, 'file'>, note?: string) =>
    step(app, ctxOf(a, roleId), APPEAL_FLOW, { kind: 'appeal', table: items, id, notFound: '诉求不存在', owner: { key: 'ownerId', by: 'account' } }, name, { audit: `appeal.${name}`, note });
  const itemUnchanged = async (id: number, refused: () => Promise<unknown>) => {
    const read = async () => ({ row: await app.db.select().from(items).where(eq(items.id, id)), steps: await app.db.select().from(workflowSteps).where(eq(workflowSteps.subjectId, id)), audits: await audits() });
    const before = await read();
    await refused();
    expect(await read()).toEqual(before);
  };

  beforeAll(async () => {
    await app.db.execute(sql`create table test_workflow_items (id serial primary key, status text not null, owner_id integer not null)`);
  });

  it('the buttons: staff see 受理 and 退回, the owner 撤回, another enterprise nothing', () => {
    expect(permittedSteps(APPEAL_FLOW, 'filed', 'staff', false)).toEqual(['accept', 'sendBack']);
    expect(permittedSteps(APPEAL_FLOW, 'filed', 'enterprise', true)).toEqual(['withdraw']);
    expect(permittedSteps(APPEAL_FLOW, 'filed', 'enterprise', false)).toEqual([]);
    expect(permittedSteps(APPEAL_FLOW, 'accepted', 'staff', false)).toEqual(['remark']);
    expect(permittedSteps(APPEAL_FLOW, 'accepted', 'enterprise', true)).toEqual([]);
  });

  it('another enterprise is answered 404 (the item does not exist for it), staff an owner-only step 403, a missing note 400, and nothing is written', async () => {
    const id = await file();
    await itemUnchanged(id, () => expect(take(other, ROLES.enterprise.id, id, 'withdraw')).rejects.toMatchObject({ status: 404, message: '诉求不存在' }));
    await itemUnchanged(id, () => expect(take(wang, ROLES.staff.id, id, 'withdraw')).rejects.toMatchObject({ status: 403, message: '您的角色不能撤回' }));
    await itemUnchanged(id, () => expect(take(wang, ROLES.staff.id, id, 'sendBack', '  ')).rejects.toMatchObject({ status: 400, message: '退回须填写说明' }));
    await itemUnchanged(id, () => expect(take(wang, ROLES.staff.id, 987_654, 'accept')).rejects.toMatchObject({ status: 404, message: '诉求不存在' }));

    expect(await take(wang, ROLES.staff.id, id, 'sendBack', '请补充营业执照')).toMatchObject({ from: 'filed', to: 'returned' });
    expect(await take(owner, ROLES.enterprise.id, id, 'withdraw')).toMatchObject({ from: 'returned', to: 'withdrawn' });
    const steps = await app.db.select().from(workflowSteps).where(eq(workflowSteps.subjectKind, 'appeal')).orderBy(workflowSteps.id);
    expect(steps.map((s) => [s.step, s.actorId, s.actorRole, s.note])).toEqual([
      ['sendBack', wang.id, 'staff', '请补充营业执照'],
      ['withdraw', owner.id, 'enterprise', null],
    ]);
    expect((await app.db.select().from(items).where(eq(items.id, id)))[0]!.status).toBe('withdrawn');
  });

  it('a step may keep the state (an internal note, left out of the owner’s timeline), and the system may take its own steps', async () => {
    const id = await file();
    await take(wang, ROLES.staff.id, id, 'accept');
    expect(await take(wang, ROLES.staff.id, id, 'remark', '企业负责人电话 139…，先电话沟通')).toMatchObject({ from: 'accepted', to: 'accepted' });
    await itemUnchanged(id, () => expect(step(app, systemCtx(), APPEAL_FLOW, { kind: 'appeal', table: items, id, notFound: '诉求不存在' }, 'accept', { audit: 'appeal.accept' })).rejects.toMatchObject({ status: 403 }));
    expect(await step(app, systemCtx(), APPEAL_FLOW, { kind: 'appeal', table: items, id, notFound: '诉求不存在' }, 'expire', { audit: 'appeal.expire' })).toMatchObject({ from: 'accepted', to: 'closed' });

    const staffView = await timeline(app.db, 'appeal', id, { flow: APPEAL_FLOW });
    expect(staffView.map((e) => [e.step, e.role, e.actor?.id ?? null])).toEqual([
      ['accept', 'staff', wang.id],
      ['remark', 'staff', wang.id],
      ['expire', 'system', null],
    ]);
    const ownerView = await timeline(app.db, 'appeal', id, { flow: APPEAL_FLOW, forOwner: true });
    expect(ownerView.map((e) => [e.step, e.role, e.actor])).toEqual([
      ['accept', 'staff', null],
      ['expire', 'system', null],
    ]);
    expect(JSON.stringify(ownerView)).not.toContain('139');
  });

  it('start writes the opening row in the filing\'s transaction, as the caller\'s role may; nothing else opens an item', async () => {
    const id = await file();
    await itemUnchanged(id, () => expect(start(app.db, ctxOf(wang, ROLES.staff.id), APPEAL_FLOW, { kind: 'appeal', id }, 'file')).rejects.toMatchObject({ status: 403, message: '您的角色不能提交' }));
    await expect(start(app.db, ctxOf(owner, ROLES.enterprise.id), APPEAL_FLOW, { kind: 'appeal', id }, 'accept')).rejects.toThrow(/does not open/);
    const opened = await start(app.db, ctxOf(owner, ROLES.enterprise.id), APPEAL_FLOW, { kind: 'appeal', id }, 'file');
    await take(wang, ROLES.staff.id, id, 'accept');
    expect((await timeline(app.db, 'appeal', id)).map((e) => [e.id === opened, e.step, e.from, e.to, e.actor?.id])).toEqual([
      [true, 'file', 'filed', 'filed', owner.id],
      [false, 'accept', 'filed', 'accepted', wang.id],
    ]);
  });

  it('the guard and set read the locked row, the step may be chosen from it, and effects get the new row and its timeline row\'s id', async () => {
    const id = await file();
    const seen: unknown[] = [];
    const moved = await step(app, ctxOf(wang, ROLES.staff.id), APPEAL_FLOW, { kind: 'appeal', table: items, id, notFound: '诉求不存在' }, (row) => (row.ownerId === owner.id ? 'accept' : 'sendBack'), {
      audit: 'appeal.accept',
      guard: (_tx, row) => void seen.push(['guard', row.status]),
      set: (row) => {
        seen.push(['set', row.status]);
        return { ownerId: row.ownerId };
      },
      effects: async (_tx, { step: taken, row, stepId }) => void seen.push(['effects', taken, row.status, stepId]),
    });
    const [kept] = await app.db.select().from(workflowSteps).where(eq(workflowSteps.subjectId, id));
    expect(seen).toEqual([
      ['guard', 'filed'],
      ['set', 'filed'],
      ['effects', 'accept', 'accepted', kept!.id],
    ]);
    expect(moved).toMatchObject({ step: 'accept', from: 'filed', to: 'accepted', stepId: kept!.id, row: { id, status: 'accepted' } });
  });

  it('a flow timer takes its system step once the working days since the item entered the state have passed, once', async () => {
    const timed = { ...APPEAL_FLOW, timers: [{ in: 'accepted' as const, after: { workingDays: 2 }, take: 'expire' as const }] };
    const timers = new FlowTimers();
    const subjectOf = (id: number) => ({ kind: 'timed', table: items, id, notFound: '诉求不存在' });
    timers.register({ flow: timed, kind: 'timed', table: items, take: (id, name, now) => step(app, systemCtx(), timed, subjectOf(id), name as 'expire', { audit: 'appeal.expire', at: now }) });
    // Accepted on Friday 2026-12-04: two working days on is Tuesday 12-08, to the end of that China day.
    const id = await file();
    await step(app, ctxOf(wang, ROLES.staff.id), timed, subjectOf(id), 'accept', { audit: 'appeal.accept', at: new Date('2026-12-04T10:00:00+08:00') });
    await step(app, ctxOf(wang, ROLES.staff.id), timed, subjectOf(id), 'remark', { audit: 'appeal.remark', note: '不重新计时', at: new Date('2026-12-07T10:00:00+08:00') });
    const statusOf = async () => (await app.db.select({ status: items.status }).from(items).where(eq(items.id, id)))[0]!.status;
    expect(await timers.run(app.db, app.calendar, new Date('2026-12-08T23:59:00+08:00'))).toBe(0);
    expect(await statusOf()).toBe('accepted');
    expect(await timers.run(app.db, app.calendar, new Date('2026-12-09T00:01:00+08:00'))).toBe(1);
    expect(await statusOf()).toBe('closed');
    expect(await timers.run(app.db, app.calendar, new Date('2026-12-10T00:01:00+08:00'))).toBe(0);
    const kept = await app.db.select().from(workflowSteps).where(and(eq(workflowSteps.subjectKind, 'timed'), eq(workflowSteps.subjectId, id)));
    expect(kept.map((k) => [k.step, k.actorRole])).toEqual([
      ['accept', 'staff'],
      ['remark', 'staff'],
      ['expire', 'system'],
    ]);
  });

  it('every step is announced to the listeners of its kind, in its transaction: a listener that throws undoes the step', async () => {
    const id = await file();
    const heard: string[] = [];
    app.events.onStep('appeal', ['accept'], async (_tx, taken) => void heard.push(`${taken.kind}.${taken.step}:${taken.from}→${taken.to}`));
    app.events.onStep('appeal', ['sendBack'], async () => {
      throw new Error('listener refused');
    });
    await take(wang, ROLES.staff.id, id, 'accept');
    expect(heard).toEqual(['appeal.accept:filed→accepted']);
    const other = await file();
    await itemUnchanged(other, () => expect(take(wang, ROLES.staff.id, other, 'sendBack', '请补充')).rejects.toThrow('listener refused'));
  });
});
