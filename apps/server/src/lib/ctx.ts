// Who is acting, from where, and on what they may act. Services take a Ctx, never a Fastify
// request, so a route, a Socket.IO handshake and a scheduled job call them the same way; a route
// reads its caller's ctx with `signedIn(request)` (the auth plugin's guard has resolved it).
import type { FastifyRequest } from 'fastify';
import { OWN_MSG } from '@hqt/contract/messages';
import { unauthorized } from './errors';

/** A logged-in account, as resolved from its access token and its live login. */
export interface Actor {
  accountId: number;
  username: string;
  name: string;
  roleId: number;
  sessionId: string;
}

/**
 * What the caller's queries are limited to: its own account and the enterprises that account
 * holds (one account may hold several: 集团, 分公司). Owned data are read and written through
 * query functions `(db, scope, params)` that filter by it.
 */
export interface Scope {
  accountId: number;
  roleId: number;
  enterpriseIds: readonly number[];
}

export interface Ctx {
  /** The client's address (null for jobs). */
  ip: string | null;
  actor: Actor | null;
  scope: Scope | null;
  /** A person without an account filing what the public may file (a 公示's objection): the workflow's `visitor`, not the system. */
  visitor?: true;
}

/** A ctx whose caller is known: every route declared for logged-in accounts gets one. */
export interface SignedInCtx extends Ctx {
  actor: Actor;
  scope: Scope;
}

export const anonymousCtx = (ip: string | null): Ctx => ({ ip, actor: null, scope: null });

/** A visitor's ctx: anonymous, and taking the steps declared for `visitor`. */
export const visitorCtx = (ip: string): Ctx => ({ ...anonymousCtx(ip), visitor: true });

/** Work the system does by itself (a scheduled job): no account, no address. */
export const systemCtx = (): Ctx => anonymousCtx(null);

export function isSignedIn(ctx: Ctx): ctx is SignedInCtx {
  return ctx.actor !== null && ctx.scope !== null;
}

/** The ctx of a route declared for logged-in accounts (its guard has already resolved it). */
export function signedIn(request: FastifyRequest): SignedInCtx {
  const { ctx } = request;
  if (!isSignedIn(ctx)) throw unauthorized(OWN_MSG.notLoggedIn);
  return ctx;
}

/** The request's `Authorization: Bearer` token, if it has one. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}
