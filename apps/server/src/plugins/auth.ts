// Who is calling, and may they? Every API route declares its access in its options
// (`config: { access: 'public' | 'account' | 'enterprise' | 'staff' | 'admin' }`); a route under an
// API prefix without one cannot be registered. The guard verifies the Bearer token, checks that
// its login is still alive, resolves the caller's scope once, and admits only the declared roles.
// Live logins are held per node and dropped on every node the moment PostgreSQL names a change
// (services/auth/logins.ts), so logout and password changes act at once everywhere; a route that
// can end a login or change a scope (`changesLogins`) answers only once this node has heard of it.
// While an administrator's password reset stands, only the routes marked `duringPasswordReset` answer.
import type { FastifyRequest, FastifySchema, onRequestAsyncHookHandler, onSendAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ROLES } from '@hqt/contract/auth';
import { MSG, OWN_MSG } from '@hqt/contract/messages';
import { audit } from '../lib/audit';
import { anonymousCtx, bearerToken, isSignedIn, type Ctx, type SignedInCtx } from '../lib/ctx';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { TokenSigner } from '../lib/tokens';
import { LiveLogins } from '../services/auth/public';

/** public: anyone; account: any logged-in account; enterprise: 企业账户; staff: 工作人员 and 管理员; admin: 管理员. */
export type Access = 'public' | 'account' | 'enterprise' | 'staff' | 'admin';

export const ACCESS_ROLES: Record<Access, readonly number[] | null> = {
  public: null,
  account: [ROLES.enterprise.id, ROLES.staff.id, ROLES.admin.id],
  enterprise: [ROLES.enterprise.id],
  staff: [ROLES.staff.id, ROLES.admin.id],
  admin: [ROLES.admin.id],
};

/** Paths that answer the API's envelope (everything else is the web app). */
export const API_PREFIXES = ['/api/', '/new/', '/user/'] as const;
/** The OpenAPI page and its files are the docs plugin's, not API routes. */
const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p)) && !isDocs(url);

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** What the route validates its input with (the walk over every input's rules reads it). */
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Open to an account whose password an administrator reset (what it takes to set a new one). */
    duringPasswordReset?: boolean;
    /**
     * The route may end a login or change an account's scope (logout, a password, an enterprise
     * added): it answers only once this node has heard the change, so the caller's next request
     * on this node already sees it.
     */
    changesLogins?: boolean;
    /**
     * A public route that answers a logged-in caller more (企业码's card): a Bearer token, when sent
     * and live, sets the caller's ctx; a missing, expired or ended one leaves the caller anonymous.
     */
    readsLogin?: boolean;
  }
  interface FastifyInstance {
    tokens: TokenSigner;
    /** This node's live logins (the hub hears of ended ones through it). */
    logins: LiveLogins;
    /**
     * A token's live login, as a route's guard resolves it (the hub's handshake uses it); `exp` is
     * when the token expires (seconds since the epoch). Throws the guard's errors.
     */
    signIn(token: string, ip: string): Promise<SignedInCtx & { exp: number }>;
    /** Every API route with its declared access, in registration order. */
    routeAccess: RouteAccess[];
    /** The API paths a role may call, read off the declarations. */
    apiPathsFor(roleId: number): string[];
  }
  interface FastifyRequest {
    ctx: Ctx;
  }
}

export const ACCESS_AUDIT = { permissionDenied: 'permission.denied' } as const;

export default fp<{ secret: string; accessTtlS: number; connectionString: string }>(
  async (app, opts) => {
    const tokens = new TokenSigner(opts.secret, opts.accessTtlS);
    app.decorate('tokens', tokens);
    const logins = new LiveLogins(app.db, opts.connectionString, (err) => app.log.warn({ err }, 'login listener lost; reconnecting'));
    await logins.start();
    app.decorate('logins', logins);
    app.addHook('onClose', () => logins.stop());
    app.decorateRequest('ctx', null as unknown as Ctx);
    app.addHook('onRequest', async (request) => {
      request.ctx = anonymousCtx(request.ip);
    });

    /** Resolves the token's live login and the account's enterprises (held on this node once checked). */
    async function signIn(token: string, ip: string, duringPasswordReset: boolean): Promise<SignedInCtx & { exp: number }> {
      const verified = await tokens.verify(token);
      if (!verified.ok) throw unauthorized(verified.reason === 'expired' ? MSG.loginExpired : MSG.verifyFailed);
      const { claims } = verified;
      const login = await logins.find(claims.sessionId, claims.accountId);
      if (!login) throw unauthorized(OWN_MSG.refreshInvalid);
      if (login.mustChangePassword && !duringPasswordReset) throw forbidden(OWN_MSG.mustChangePassword);
      return {
        ip,
        actor: { accountId: login.accountId, username: login.username, name: login.name, roleId: login.roleId, sessionId: claims.sessionId },
        scope: { accountId: login.accountId, roleId: login.roleId, enterpriseIds: login.enterpriseIds },
        exp: verified.exp,
      };
    }
    app.decorate('signIn', (token: string, ip: string) => signIn(token, ip, false));

    async function authenticate(request: FastifyRequest): Promise<SignedInCtx> {
      if (isSignedIn(request.ctx)) return request.ctx;
      const token = bearerToken(request);
      if (!token) throw unauthorized(OWN_MSG.notLoggedIn);
      const ctx = await signIn(token, request.ip, request.routeOptions.config.duringPasswordReset === true);
      request.ctx = ctx;
      return ctx;
    }

    const guardFor = (roleIds: readonly number[]): onRequestAsyncHookHandler =>
      async function accessGuard(request) {
        const ctx = await authenticate(request);
        if (!roleIds.includes(ctx.actor.roleId)) {
          await audit(app.db, ctx, ACCESS_AUDIT.permissionDenied, { path: request.routeOptions.url });
          throw forbidden(MSG.forbidden);
        }
      };
    const guards = new Map((Object.keys(ACCESS_ROLES) as Access[]).map((a) => [a, ACCESS_ROLES[a] && guardFor(ACCESS_ROLES[a])]));

    /** A public route's optional login: the caller's ctx when its token is live, anonymous otherwise. */
    const optionalLogin: onRequestAsyncHookHandler = async function optionalLogin(request) {
      const token = bearerToken(request);
      if (!token) return;
      try {
        request.ctx = await signIn(token, request.ip, false);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    };

    const heardChanges: onSendAsyncHookHandler = async (_request, _reply, payload) => {
      await logins.heard();
      return payload;
    };

    const routeAccess: RouteAccess[] = [];
    app.decorate('routeAccess', routeAccess);
    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url)) return;
      const access = route.config?.access;
      const methods = [route.method].flat();
      if (!access || !(access in ACCESS_ROLES)) {
        throw new Error(`${methods.join(',')} ${route.url}: every API route declares config.access (${Object.keys(ACCESS_ROLES).join(' | ')})`);
      }
      // HEAD routes Fastify adds for GETs share their GET's declaration.
      for (const method of methods) if (method !== 'HEAD') routeAccess.push({ method, url: route.url, access, schema: route.schema });
      const guard = guards.get(access);
      if (guard) route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
      if (route.config?.readsLogin) {
        if (access !== 'public') throw new Error(`${methods.join(',')} ${route.url}: readsLogin is for public routes (the others require a login)`);
        route.onRequest = [optionalLogin, ...[route.onRequest ?? []].flat()];
      }
      if (route.config?.changesLogins) route.onSend = [...[route.onSend ?? []].flat(), heardChanges];
    });

    app.decorate('apiPathsFor', (roleId: number) =>
      [...new Set(routeAccess.filter((r) => ACCESS_ROLES[r.access]?.includes(roleId) ?? true).map((r) => r.url))].sort(),
    );
  },
  { name: 'auth', dependencies: ['db'] },
);
