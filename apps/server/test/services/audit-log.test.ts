// The audit log: searched by administrators, written by every change, never edited or deleted —
// not even by the server's own database connection.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { AUDIT_CONSOLE_PATHS } from '@hqt/contract/audit';
import { MSG } from '@hqt/contract/messages';
import type { App } from '../../src/app';
import { auditLog } from '../../src/db/schema/index';
import { bearer, createAccount, createTestApp, loginAs, type TestAccount } from '../helpers/app';

let app: App;
let admin: TestAccount;
let adminHeaders: Record<string, string>;
let staff: TestAccount;
let staffHeaders: Record<string, string>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await createAccount(app, { roleId: ROLES.admin.id, name: '李管理' });
  adminHeaders = bearer((await loginAs(app, admin, '10.88.0.1')).access_token);
  staff = await createAccount(app, { roleId: ROLES.staff.id, name: '欧阳科员' });
  staffHeaders = bearer((await loginAs(app, staff, '10.88.0.2')).access_token);
});
afterAll(() => app.close());

type Row = { id: number; at: string; username: string | null; action: string; actionLabel: string; detail: Record<string, unknown> | null };
const search = async (payload: object) => {
  const res = await app.inject({ method: 'POST', url: AUDIT_CONSOLE_PATHS.auditPage, headers: adminHeaders, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: Row[]; total: number };
};

describe('searching the log', () => {
  it('by person: the username or the account\'s name, in part', async () => {
    const byName = await search({ person: '欧阳' });
    expect(byName.list.length).toBeGreaterThan(0);
    expect(byName.list.every((r) => r.username === staff.username)).toBe(true);
    expect(byName.list.map((r) => r.action)).toContain('login.success');
    expect((await search({ person: staff.username.slice(2).toUpperCase() })).total).toBe(byName.total);
    expect((await search({ person: '%' })).total).toBe(0);
  });

  it('by action: its name exactly or its Chinese label in part; each row carries the label', async () => {
    const exact = await search({ action: 'login.success' });
    expect(exact.total).toBeGreaterThanOrEqual(2);
    expect(exact.list.every((r) => r.action === 'login.success' && r.actionLabel === '登录成功')).toBe(true);
    const byLabel = await search({ action: '登录' });
    expect(new Set(byLabel.list.map((r) => r.action))).toEqual(new Set(['login.success']));
    expect((await search({ action: 'login' })).total).toBe(0); // a name is matched whole
  });

  it('by time, newest first, and a range that ends before it starts is refused', async () => {
    const day = (d: string) => new Date(`${d}T08:00:00Z`);
    await app.db.insert(auditLog).values([
      { action: 'export.done', username: 'history', at: day('2024-03-01'), detail: { list: 'a', rows: 1 } },
      { action: 'export.done', username: 'history', at: day('2024-03-05'), detail: { list: 'b', rows: 2 } },
      { action: 'export.done', username: 'history', at: day('2024-03-09'), detail: { list: 'c', rows: 3 } },
    ]);
    const march = await search({ person: 'history', from: '2024-03-02T00:00:00Z', to: '2024-03-31T00:00:00Z' });
    expect(march.list.map((r) => r.detail?.list)).toEqual(['c', 'b']);
    expect((await search({ person: 'history', to: '2024-03-02T00:00:00Z' })).list.map((r) => r.detail?.list)).toEqual(['a']);
    const all = await search({});
    expect(all.list[0]!.at >= all.list[1]!.at).toBe(true);

    const backwards = await app.inject({ method: 'POST', url: AUDIT_CONSOLE_PATHS.auditPage, headers: adminHeaders, payload: { from: '2024-03-09T00:00:00Z', to: '2024-03-01T00:00:00Z' } });
    expect(backwards.json()).toEqual({ code: 400, msg: '开始时间须早于结束时间', data: null });
    const malformed = await app.inject({ method: 'POST', url: AUDIT_CONSOLE_PATHS.auditPage, headers: adminHeaders, payload: { from: 'yesterday' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().msg).toMatch(/开始时间/);
  });

  it('is for administrators only', async () => {
    expect((await app.inject({ method: 'POST', url: AUDIT_CONSOLE_PATHS.auditPage, headers: staffHeaders, payload: {} })).json()).toEqual({ code: 403, msg: MSG.forbidden, data: null });
    expect((await app.inject({ method: 'POST', url: AUDIT_CONSOLE_PATHS.auditPage, payload: {} })).statusCode).toBe(401);
  });
});

describe('export report', () => {
  it('records who exported which list and how many rows; staff may report, an enterprise may not', async () => {
    const res = await app.inject({ method: 'POST', url: AUDIT_CONSOLE_PATHS.exportReport, headers: staffHeaders, payload: { list: '企业列表', rows: 120 } });
    expect(res.json()).toEqual({ code: 200, msg: MSG.success, data: null });
    const [row] = (await search({ person: staff.username, action: 'export.done' })).list;
    expect(row).toMatchObject({ actionLabel: '导出或打印', detail: { list: '企业列表', rows: 120 } });

    const bad = await app.inject({ method: 'POST', url: AUDIT_CONSOLE_PATHS.exportReport, headers: staffHeaders, payload: { list: '企业列表', rows: 20_000 } });
    expect(bad.statusCode).toBe(400);
    const enterprise = bearer((await loginAs(app, await createAccount(app), '10.88.0.3')).access_token);
    expect((await app.inject({ method: 'POST', url: AUDIT_CONSOLE_PATHS.exportReport, headers: enterprise, payload: { list: 'x', rows: 1 } })).statusCode).toBe(403);
  });
});

describe('append-only', () => {
  it('offers no route that edits or deletes a row', () => {
    const auditRoutes = app.routeAccess.filter((r) => r.url.startsWith('/api/console/audit'));
    expect(auditRoutes.map((r) => r.method)).toEqual(['POST', 'POST']);
  });

  it('refuses UPDATE, DELETE and TRUNCATE even to the server\'s own database connection', async () => {
    const [row] = await app.db.select().from(auditLog).limit(1);
    const refused = (statement: Promise<unknown>) => expect(statement).rejects.toMatchObject({ cause: { message: 'audit_log is append-only' } });
    await refused(app.db.update(auditLog).set({ action: 'forged.entry' }).where(eq(auditLog.id, row!.id)));
    await refused(app.db.delete(auditLog).where(eq(auditLog.id, row!.id)));
    await refused(app.db.execute(sql`truncate ${auditLog}`));
    expect((await app.db.select().from(auditLog).where(eq(auditLog.id, row!.id)))[0]).toEqual(row);
  });
});

describe('the names of the actions', () => {
  it('every action a service records has a Chinese name in the log', async () => {
    const { AUDIT_ACTION_LABELS } = await import('@hqt/contract/audit');
    const declared = await declaredAuditActions(path.resolve(import.meta.dirname, '../../src'));
    // Sanity: the walk finds the declarations (the login's, the content editors' nested ones, the access guard's).
    expect(declared).toEqual(expect.arrayContaining(['login.success', 'guide.published', 'permission.denied']));
    expect(declared.filter((action) => !(action in AUDIT_ACTION_LABELS))).toEqual([]);
  });

  it('every key an audit() call writes in a detail (and in its before and after) has a Chinese name in the log', async () => {
    const { AUDIT_DETAIL_LABELS } = await import('@hqt/contract/audit');
    const { GuideInput, PolicyInput, TopicInput } = await import('@hqt/contract/policy-console');
    const written = await auditDetailKeys(path.resolve(import.meta.dirname, '../../src'));
    // Sanity: the walk finds the calls (keys of the login, the calculator, the dictionaries, the accounts, subscriptions).
    expect([...written]).toEqual(expect.arrayContaining(['failures', 'whatIf', 'code', 'lockedUntil', 'followed']));
    // The content editors' `changes(before, input)` writes the keys of the form's input.
    for (const schema of [PolicyInput, GuideInput, TopicInput]) for (const key of Object.keys(schema.properties)) written.add(key);
    expect([...written].filter((key) => !(key in AUDIT_DETAIL_LABELS)).sort()).toEqual([]);
  });
});

/** Every action a module of the server declares in an exported `…_AUDIT` constant (nested ones too). */
async function declaredAuditActions(root: string): Promise<string[]> {
  const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts'));
  const actions: string[] = [];
  const values = (v: unknown): string[] => (typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(values) : []);
  for (const file of files) {
    if (!/export const \w*_AUDIT\b/.test(await readFile(path.join(root, file), 'utf8'))) continue;
    const module = (await import(path.join(root, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) if (name.endsWith('_AUDIT')) actions.push(...values(value));
  }
  return actions;
}

/**
 * The keys the server's audit() calls write in their detail (the fourth argument), read off the
 * source: the object literals in the call, the functions of the same file it calls (snapshot(),
 * changes(), detailOf()), and for `x.before` / `x.after` the `before` / `after` objects of the
 * declaration x comes from (the account actions' CHANGES).
 */
async function auditDetailKeys(root: string): Promise<Set<string>> {
  const keys = new Set<string>();
  const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts'));
  for (const file of files) {
    const text = await readFile(path.join(root, file), 'utf8');
    if (!text.includes('audit(')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const declarations = new Map<string, ts.Node>();
    const gather = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) declarations.set(node.name.text, node.initializer);
      if (ts.isFunctionDeclaration(node) && node.name) declarations.set(node.name.text, node);
      ts.forEachChild(node, gather);
    };
    gather(source);
    const followed = new Set<string>();
    const follow = (name: string, only?: string) => {
      const declaration = declarations.get(name);
      if (!declaration || followed.has(`${name}.${only ?? ''}`)) return;
      followed.add(`${name}.${only ?? ''}`);
      collect(declaration, only);
    };
    const collect = (node: ts.Node, only?: string): void => {
      if (only) {
        if (ts.isPropertyAssignment(node) && node.name.getText() === only) collect(node.initializer);
        else if (ts.isCallExpression(node) && ts.isElementAccessExpression(node.expression) && ts.isIdentifier(node.expression.expression)) follow(node.expression.expression.text, only);
        else ts.forEachChild(node, (child) => collect(child, only));
        return;
      }
      if (ts.isPropertyAssignment(node)) keys.add(node.name.getText());
      if (ts.isShorthandPropertyAssignment(node)) keys.add(node.name.text);
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) follow(node.expression.text);
      if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && ['before', 'after'].includes(node.name.text)) follow(node.expression.text, node.name.text);
      ts.forEachChild(node, (child) => collect(child));
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'audit' && node.arguments[3]) collect(node.arguments[3]);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return keys;
}
