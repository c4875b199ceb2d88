// Who is calling, and may they? Verifies the Bearer token, checks its login is still alive in the
// database (so logout and password changes take effect at once), and guards routes by role.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { ROLES } from '@hqt/contract/auth';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { accounts, authSessions } from '../db/schema/index';
import { forbidden, unauthorized } from '../lib/errors';
import { audit } from '../services/auth/audit';
import { TokenSigner } from '../services/auth/tokens';

export interface AuthAccount {
  id: number;
  username: string;
  name: string;
  roleId: number;
  sessionId: string;
}

type Guard = preHandlerAsyncHookHandler;

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
    /** preHandlers: `any` logged-in account, or only the named roles. */
    auth: { any: Guard; enterprise: Guard; staff: Guard; admin: Guard };
    /** The API paths each role may call, read off the routes' guards as they are registered. */
    apiPathsFor(roleId: number): string[];
  }
  interface FastifyRequest {
    account: AuthAccount | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export default fp<{ secret: string; accessTtlS: number }>(
  async (app, opts) => {
    const tokens = new TokenSigner(opts.secret, opts.accessTtlS);
    app.decorate('tokens', tokens);
    app.decorateRequest('account', null);

    async function authenticate(request: FastifyRequest): Promise<AuthAccount> {
      if (request.account) return request.account;
      const token = bearerToken(request);
      if (!token) throw unauthorized(OWN_MSG.notLoggedIn);
      const verified = await tokens.verify(token);
      if (!verified.ok) throw unauthorized(verified.reason === 'expired' ? MSG.loginExpired : MSG.verifyFailed);
      const { claims } = verified;
      const [row] = await app.db
        .select({
          id: accounts.id,
          username: accounts.username,
          name: accounts.name,
          roleId: accounts.roleId,
          disabled: accounts.disabled,
          revokedAt: authSessions.revokedAt,
          expiresAt: authSessions.expiresAt,
          sessionAccount: authSessions.accountId,
        })
        .from(authSessions)
        .innerJoin(accounts, eq(accounts.id, authSessions.accountId))
        .where(eq(authSessions.id, claims.sessionId));
      if (!row || row.sessionAccount !== claims.accountId || row.revokedAt || row.disabled || row.expiresAt < new Date()) {
        throw unauthorized(OWN_MSG.refreshInvalid);
      }
      request.account = { id: row.id, username: row.username, name: row.name, roleId: row.roleId, sessionId: claims.sessionId };
      return request.account;
    }

    const guardRoles = new Map<Guard, number[]>();
    const requireRoles = (...roleIds: number[]): Guard => {
      const guard: Guard = async (request: FastifyRequest, _reply: FastifyReply) => {
        const account = await authenticate(request);
        if (roleIds.length && !roleIds.includes(account.roleId)) {
          await audit(app.db, request, 'permission.denied', { path: request.routeOptions.url });
          throw forbidden(MSG.forbidden);
        }
      };
      guardRoles.set(guard, roleIds.length ? roleIds : ALL_ROLES);
      return guard;
    };

    const ALL_ROLES = Object.values(ROLES).map((r) => r.id);
    const apiPaths = new Map<number, Set<string>>(ALL_ROLES.map((id) => [id, new Set()]));
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
      const guards = [route.preHandler].flat().filter((h): h is Guard => guardRoles.has(h as Guard));
      const roles = guards.length ? guardRoles.get(guards[0]!)! : ALL_ROLES;
      for (const id of roles) apiPaths.get(id)!.add(route.url);
    });
    app.decorate('apiPathsFor', (roleId: number) => [...(apiPaths.get(roleId) ?? [])].sort());

    app.decorate('auth', {
      any: requireRoles(),
      enterprise: requireRoles(ROLES.enterprise.id),
      staff: requireRoles(ROLES.staff.id, ROLES.admin.id),
      admin: requireRoles(ROLES.admin.id),
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
