// The audit trail: one function for routes, socket handshakes and jobs alike. Call it with the
// transaction of the change it records, so a change is never committed without its record (and a
// failed record rolls the change back). Each service names its own actions (`AUTH_AUDIT`, …).
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema/index';
import type { Ctx } from './ctx';

/** `<subject>.<verb>`, e.g. `login.success`; declared by the service that records it. */
export type AuditAction = `${string}.${string}`;

/** Who to record when it is not the ctx's actor (a failed login names an account not yet signed in). */
export interface AuditSubject {
  accountId?: number | null;
  username?: string | null;
}

export type AuditRecord = typeof auditLog.$inferInsert & { detail: Record<string, unknown> };

/** The record `audit` writes (stampNumber writes it in its own statement, the number added). */
export function auditRecord(ctx: Ctx, action: AuditAction, detail: Record<string, unknown> = {}, subject?: AuditSubject): AuditRecord {
  return {
    action,
    accountId: subject?.accountId ?? ctx.actor?.accountId ?? null,
    username: subject?.username ?? ctx.actor?.username ?? null,
    ip: ctx.ip,
    detail,
  };
}

export async function audit(db: DbOrTx, ctx: Ctx, action: AuditAction, detail: Record<string, unknown> = {}, subject?: AuditSubject): Promise<void> {
  await db.insert(auditLog).values(auditRecord(ctx, action, detail, subject));
}
