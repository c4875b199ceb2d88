// Every API route declares who may call it, and the declaration holds: walked over the whole
// registered route table, so a route added later cannot slip through.
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_PREFIX } from '@hqt/contract/console';
import { ROLES } from '@hqt/contract/auth';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import type { App } from '../../src/app';
import authPlugin, { ACCESS_ROLES } from '../../src/plugins/auth';
import { bearer, createAccount, createTestApp, databaseUrlOf, loginAs } from '../helpers/app';

let app: App;
const tokens = new Map<number, string>();
beforeAll(async () => {
  app = await createTestApp();
  for (const role of Object.values(ROLES)) {
    const account = await createAccount(app, { roleId: role.id });
    tokens.set(role.id, (await loginAs(app, account, `10.55.0.${role.id}`)).access_token);
  }
});
afterAll(() => app.close());

/** A concrete address for a route pattern (`:id` → 1). */
const concrete = (url: string) => url.replace(/:[^/]+/g, '1');

describe('declared access', () => {
  it('covers every API route, and the table is not empty', () => {
    expect(app.routeAccess.length).toBeGreaterThan(15);
    expect(app.routeAccess.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['POST /api/v1/connect/token', 'GET /api/v1/Admin/getinfo']));
  });

  it('refuses an anonymous call to every route that is not public with 401 "请先登录"', async () => {
    const guarded = app.routeAccess.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const res = await app.inject({ method: route.method as 'GET', url: concrete(route.url) });
      expect(res.json(), `${route.method} ${route.url}`).toEqual({ code: 401, msg: OWN_MSG.notLoggedIn, data: null });
    }
  });

  it('refuses every logged-in role the route does not admit with 403 "权限不足！"', async () => {
    let checked = 0;
    for (const route of app.routeAccess) {
      const admitted = ACCESS_ROLES[route.access];
      if (!admitted) continue;
      for (const role of Object.values(ROLES)) {
        if (admitted.includes(role.id)) continue;
        const res = await app.inject({ method: route.method as 'GET', url: concrete(route.url), headers: bearer(tokens.get(role.id)!) });
        expect(res.json(), `${role.name} → ${route.method} ${route.url}`).toEqual({ code: 403, msg: MSG.forbidden, data: null });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0); // Admin/create and the console's administration admit administrators only
  });

  it('every console call lives under /api/console and admits no enterprise token', () => {
    const consoleRoutes = app.routeAccess.filter((r) => r.url.startsWith(CONSOLE_PREFIX));
    expect(consoleRoutes.length).toBeGreaterThan(20);
    const open = consoleRoutes.filter((r) => r.access !== 'staff' && r.access !== 'admin');
    expect(open.map((r) => `${r.method} ${r.url} (${r.access})`)).toEqual([]);
  });

  it('a route under an API prefix without a declaration cannot be registered at all', async () => {
    // The auth plugin alone, on the test app's database.
    const authOnly = { secret: 'x'.repeat(32), accessTtlS: 60, connectionString: databaseUrlOf(app) };
    const db = fp(async (instance) => void instance.decorate('db', app.db), { name: 'db' });
    const bare = Fastify();
    await bare.register(db);
    await bare.register(authPlugin, authOnly);
    expect(() => bare.get('/api/v1/undeclared', async () => 'open')).toThrow(/declares config.access/);
    await bare.close();
    const declared = Fastify();
    await declared.register(db);
    await declared.register(authPlugin, authOnly);
    declared.get('/api/v1/declared', { config: { access: 'public' } }, async () => 'open');
    await expect(declared.ready()).resolves.toBeDefined();
    await declared.close();
  });
});
