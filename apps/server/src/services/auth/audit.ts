import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/index';

export type AuditAction =
  | 'login.success'
  | 'login.failure'
  | 'login.locked'
  | 'login.lockout'
  | 'token.refresh'
  | 'token.reuse'
  | 'logout'
  | 'account.register'
  | 'account.create'
  | 'account.update'
  | 'password.change'
  | 'permission.denied';

/** Records who did what from where; the actor defaults to the authenticated account. */
export async function audit(
  db: DbOrTx,
  request: FastifyRequest,
  action: AuditAction,
  detail: Record<string, unknown> = {},
  actor?: { accountId?: number | null; username?: string | null },
): Promise<void> {
  await db.insert(auditLog).values({
    action,
    accountId: actor?.accountId ?? request.account?.id ?? null,
    username: actor?.username ?? request.account?.username ?? null,
    ip: request.ip,
    detail,
  });
}
